import { data, Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "~/components/content/item-companies";
import { ItemTranscript } from "~/components/content/item-transcript";
import { TagList } from "~/components/content/tag-list";
import { ShareActions } from "~/components/share-button";
import { usePlayMarks, useViews } from "~/components/site/counters";
import { VideoCard } from "~/components/site/video-card";
import { VideoPlayer } from "~/components/site/video-player";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { formatCount, formatDate, formatDuration } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { loadItemPage } from "~/server/content/item-page.server";

import type { Route } from "./+types/video.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const { item, related, meta } = await loadItemPage("video", params.id);
  // PRODUCT.md "Detail pages": unknown, malformed or unpublished ids get the not-found state with a 404 status.
  if (!item) return data({ video: null, related: related, meta }, { status: 404, headers: NO_STORE });
  return { video: item, related: related, meta };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const { video, related } = loaderData;
  if (!video) return <VideoNotFound />;
  return <VideoDetail video={video} related={related} />;
}

type LoadedVideo = NonNullable<Route.ComponentProps["loaderData"]["video"]>;

function VideoDetail({ video, related }: { video: LoadedVideo; related: Route.ComponentProps["loaderData"]["related"] }) {
  const views = useViews("videos", video.id, video.views);
  const played = usePlayMarks("video", video.id);
  const published = formatDate(video.publishedAt, "long");
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <BackLink to="/videos" className="mb-6">
        All videos
      </BackLink>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article className="min-w-0 space-y-6">
          <VideoPlayer
            source={video.videoPlayer}
            url={video.videoUrl}
            title={video.title}
            poster={video.thumbnailUrl}
            tracks={video.transcript}
            onPlayed={played}
          />
          <header className="space-y-3">
            <TagList tags={video.tags} />
            <ItemCompanies companies={video.companies} />
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{video.title}</h1>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
                {published ? (
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <Icon name="calendar" className="size-4" />
                      <span className="sr-only">Published</span>
                    </dt>
                    <dd>
                      <time dateTime={new Date(video.publishedAt!).toISOString()}>{published}</time>
                    </dd>
                  </div>
                ) : null}
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Icon name="eye" className="size-4" />
                    <span className="sr-only">Views</span>
                  </dt>
                  <dd data-testid="video-views" data-views={views} title={formatCount(views, "view", "exact")}>
                    {formatCount(views, "view")}
                  </dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Icon name="clock" className="size-4" />
                    <span className="sr-only">Duration</span>
                  </dt>
                  <dd>{formatDuration(video.duration)}</dd>
                </div>
              </dl>
              <ShareActions kind="video" embedPath={video.embedPath} title={video.title} />
            </div>
          </header>
          <PaidPromotion disclosure={video.disclosure} />
          {video.description ? <p className="text-lg leading-relaxed text-muted-foreground">{video.description}</p> : null}
          {video.contentHtml ? <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: video.contentHtml }} /> : null}
          <ItemTranscript transcript={video.transcript} />
          <ItemUpdates updated={video.updated} corrections={video.corrections} />
          <InvestmentNotice text={video.investmentNotice} />
        </article>

        <aside aria-labelledby="related-heading" className="space-y-4">
          <h2 id="related-heading" className="border-b pb-3 text-lg font-bold">
            Related Videos
          </h2>
          {related.length === 0 ? (
            <p className="text-sm text-muted-foreground">No related videos yet.</p>
          ) : (
            <ul className="space-y-5">
              {related.map((item) => (
                <li key={item.id}>
                  <VideoCard video={item} layout="compact" />
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}

function BackLink({ to, className, children }: { to: string; className: string; children: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <Icon name="arrow-left" className="size-4" />
      {children}
    </Link>
  );
}

/** PRODUCT.md "Detail pages": 'Video Not Found' with 'Back to Home' and 'Return to Home' (both to /). */
function VideoNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <BackLink to="/" className="mb-8">
        Back to Home
      </BackLink>
      <EmptyState
        icon="video-off"
        title="Video Not Found"
        headingLevel="h1"
        action={
          <Link to="/" className={buttonVariants()}>
            Return to Home
          </Link>
        }
      >
        The video you're looking for doesn't exist or has been removed.
      </EmptyState>
    </div>
  );
}
