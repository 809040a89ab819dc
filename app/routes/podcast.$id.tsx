import { data, Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "~/components/content/item-companies";
import { ItemTranscript } from "~/components/content/item-transcript";
import { PaidLabel } from "~/components/content/paid-label";
import { RelatedList, type RelatedListClasses } from "~/components/content/related-list";
import { TagList } from "~/components/content/tag-list";
import { ShareActions } from "~/components/share-button";
import { usePlayMarks, usePodcastListens } from "~/components/site/counters";
import { PodcastPlayer } from "~/components/site/podcast-player";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { formatCount, formatDate, formatDuration } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { loadItemPage } from "~/server/content/item-page.server";

import type { Route } from "./+types/podcast.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const { item, related, meta } = await loadItemPage("podcast", params.id);
  // PRODUCT.md "Detail pages": unknown, malformed or unpublished ids get the not-found state with a 404 status.
  if (!item) return data({ podcast: null, moreEpisodes: related, meta }, { status: 404, headers: NO_STORE });
  return { podcast: item, moreEpisodes: related, meta };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function PodcastPage({ loaderData }: Route.ComponentProps) {
  const { podcast, moreEpisodes } = loaderData;
  if (!podcast) return <PodcastNotFound />;
  return <PodcastDetail podcast={podcast} moreEpisodes={moreEpisodes} />;
}

type LoadedPodcast = NonNullable<Route.ComponentProps["loaderData"]["podcast"]>;
type Episode = Route.ComponentProps["loaderData"]["moreEpisodes"][number];

const backLink =
  "mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Episodes are titles with a line of facts, divided by rules, in a box that stays in view. */
const EPISODES: RelatedListClasses = {
  box: "rounded-xl border bg-card p-5 shadow-sm lg:sticky lg:top-24",
  heading: "mb-4 text-lg font-bold",
  list: "divide-y",
  item: "py-3 first:pt-0 last:pb-0",
};

function PodcastDetail({ podcast, moreEpisodes }: { podcast: LoadedPodcast; moreEpisodes: Episode[] }) {
  const { listens, recordListen } = usePodcastListens(podcast.id, podcast.listens);
  const played = usePlayMarks("podcast", podcast.id);
  const published = formatDate(podcast.publishedAt, "long");
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link to="/podcasts" className={backLink}>
        <Icon name="arrow-left" className="size-4" />
        Back to Podcasts
      </Link>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0 space-y-6">
          <header className="space-y-3">
            <TagList tags={podcast.tags} />
            <ItemCompanies companies={podcast.companies} />
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">{podcast.title}</h1>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Icon name="calendar" className="size-4" />
                    <span className="sr-only">Published</span>
                  </dt>
                  <dd>{published ? <time dateTime={new Date(podcast.publishedAt!).toISOString()}>{published}</time> : "Not published"}</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Icon name="headphones" className="size-4" />
                    <span className="sr-only">Listens</span>
                  </dt>
                  <dd data-testid="podcast-listens" data-listens={listens} title={formatCount(listens, "listen", "exact")}>
                    {formatCount(listens, "listen")}
                  </dd>
                </div>
                {podcast.duration != null ? (
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <Icon name="clock" className="size-4" />
                      <span className="sr-only">Duration</span>
                    </dt>
                    <dd>{formatDuration(podcast.duration)}</dd>
                  </div>
                ) : null}
              </dl>
              <ShareActions kind="podcast" embedPath={podcast.embedPath} title={podcast.title} />
            </div>
          </header>

          <PaidPromotion disclosure={podcast.disclosure} />
          <PodcastPlayer
            key={podcast.id}
            source={podcast.audioPlayer}
            title={podcast.title}
            artworkUrl={podcast.thumbnailUrl}
            onListen={recordListen}
            onPlayed={played}
          />

          {podcast.description ? (
            <section aria-labelledby="about-episode-heading" className="space-y-2">
              <h2 id="about-episode-heading" className="text-lg font-semibold">
                About this episode
              </h2>
              <p className="leading-relaxed text-muted-foreground">{podcast.description}</p>
            </section>
          ) : null}
          {podcast.contentHtml ? (
            <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: podcast.contentHtml }} />
          ) : null}
          <ItemTranscript transcript={podcast.transcript} />
          <ItemUpdates updated={podcast.updated} corrections={podcast.corrections} />
          <InvestmentNotice text={podcast.investmentNotice} />
        </article>

        <RelatedList
          id="more-episodes-heading"
          title="More Episodes"
          empty="No other episodes available"
          items={moreEpisodes}
          classes={EPISODES}
        >
          {(episode) => (
            <>
              {episode.paidPromotion ? <PaidLabel className="mb-1" /> : null}
              <Link
                to={`/podcast/${episode.id}`}
                className="line-clamp-2 rounded-sm text-sm font-medium outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {episode.title}
              </Link>
              <p className="mt-1 flex items-center gap-3 text-xs text-muted-foreground">
                <span className="inline-flex items-center gap-1">
                  <Icon name="clock" className="size-3" />
                  {formatDuration(episode.duration)}
                </span>
                {episode.publishedAt ? (
                  <time dateTime={new Date(episode.publishedAt).toISOString()}>{formatDate(episode.publishedAt)}</time>
                ) : null}
              </p>
            </>
          )}
        </RelatedList>
      </div>
    </div>
  );
}

/** PRODUCT.md "Detail pages": 'Podcast Not Found' with 'Browse All Podcasts'. */
function PodcastNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <EmptyState
        icon="headphones"
        title="Podcast Not Found"
        headingLevel="h1"
        action={
          <Link to="/podcasts" className={buttonVariants()}>
            Browse All Podcasts
          </Link>
        }
      >
        The podcast you're looking for doesn't exist or may have been removed.
      </EmptyState>
    </div>
  );
}
