import * as React from "react";
import { data, Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "~/components/content/item-companies";
import { ItemTranscript } from "~/components/content/item-transcript";
import { MetaList, publishedItem, viewsItem } from "~/components/content/meta-list";
import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { RelatedCard, RelatedDate, RelatedList } from "~/components/content/related-list";
import { TagList } from "~/components/content/tag-list";
import { ShareActions } from "~/components/share-button";
import { usePlayMarks, useViews } from "~/components/site/counters";
import { VideoPlayer } from "~/components/site/video-player";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { formatDuration } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { loadItemPage } from "~/server/content/item-page.server";

import type { Route } from "./+types/interviews.$id";

/**
 * PRODUCT.md "Speed": most interviews show their video, so the audio player is fetched only by the pages
 * that show it (the page's first load has no room for both players). The server renders it in full
 * (entry.server waits for everything), so only its hydration waits for the chunk.
 */
const LazyPodcastPlayer = React.lazy(() =>
  import("~/components/site/podcast-player").then((module) => ({ default: module.PodcastPlayer })),
);
function PodcastPlayer(props: React.ComponentProps<typeof LazyPodcastPlayer>) {
  return (
    <React.Suspense fallback={null}>
      <LazyPodcastPlayer {...props} />
    </React.Suspense>
  );
}

export async function loader({ params }: Route.LoaderArgs) {
  const { item, related, meta } = await loadItemPage("interview", params.id);
  // PRODUCT.md "Detail pages": unknown, malformed or unpublished ids get the not-found state with a 404 status.
  if (!item) return data({ interview: null, moreInterviews: related, meta }, { status: 404, headers: NO_STORE });
  return { interview: item, moreInterviews: related, meta };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function InterviewPage({ loaderData }: Route.ComponentProps) {
  const { interview, moreInterviews } = loaderData;
  if (!interview) return <InterviewNotFound />;
  return <InterviewDetail interview={interview} moreInterviews={moreInterviews} />;
}

type LoadedInterview = NonNullable<Route.ComponentProps["loaderData"]["interview"]>;
type OtherInterview = Route.ComponentProps["loaderData"]["moreInterviews"][number];

const backLink =
  "mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

// PRODUCT.md "Counters": an interview counts a view when its page loads; playing it adds no listen (only its marks, "Measurement").
const countsNothing = () => {};

function InterviewDetail({ interview, moreInterviews }: { interview: LoadedInterview; moreInterviews: OtherInterview[] }) {
  const views = useViews("interviews", interview.id, interview.views);
  const played = usePlayMarks("interview", interview.id);
  return (
    <div className={PAGE_CONTAINER}>
      <Link to="/interviews" className={backLink}>
        <Icon name="arrow-left" className="size-4" />
        Back to Interviews
      </Link>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article aria-labelledby="interview-title" className="min-w-0 space-y-6">
          <header className="space-y-4">
            <TagList tags={interview.tags} />
            <ItemCompanies companies={interview.companies} />
            <h1 id="interview-title" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
              {interview.title}
            </h1>
            {interview.intervieweeName ? (
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
                >
                  <Icon name="user-round" className="size-5" />
                </span>
                <p className="text-sm">
                  <span className="block font-medium">{interview.intervieweeName}</span>
                  {interview.intervieweeTitle ? <span className="block text-muted-foreground">{interview.intervieweeTitle}</span> : null}
                </p>
              </div>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-4">
              <MetaList
                items={[
                  publishedItem(interview.publishedAt, "long"),
                  { icon: "clock", label: "Duration", value: formatDuration(interview.duration) },
                  viewsItem(views),
                ]}
              />
              <ShareActions kind="interview" embedPath={interview.embedPath} title={interview.title} />
            </div>
          </header>

          <PaidPromotion disclosure={interview.disclosure} />
          {/* The video when there is one, else the audio (PRODUCT.md "Video", "Audio"). */}
          {interview.videoUrl ? (
            <VideoPlayer
              source={interview.videoPlayer}
              url={interview.videoUrl}
              title={interview.title}
              poster={interview.thumbnailUrl}
              tracks={interview.transcript}
              onPlayed={played}
            />
          ) : interview.audioUrl ? (
            <PodcastPlayer
              key={interview.id}
              source={interview.audioPlayer}
              title={interview.title}
              artworkUrl={interview.thumbnailUrl}
              onListen={countsNothing}
              onPlayed={played}
            />
          ) : null}

          {interview.description ? <p className="text-lg leading-relaxed text-muted-foreground">{interview.description}</p> : null}
          {/* Sanitised on the server in the loader (sanitizeContentHtml). */}
          {interview.contentHtml ? (
            <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: interview.contentHtml }} />
          ) : null}
          <ItemTranscript transcript={interview.transcript} />
          <ItemUpdates updated={interview.updated} corrections={interview.corrections} />
          <InvestmentNotice text={interview.investmentNotice} />
        </article>

        <RelatedList id="more-interviews-heading" title="More Interviews" empty="No other interviews yet." items={moreInterviews}>
          {(item) => (
            <RelatedCard to={`/interviews/${item.id}`} paid={item.paidPromotion} image={item.thumbnailUrl} icon="mic" title={item.title}>
              {item.intervieweeName ? <span className="truncate text-xs text-muted-foreground">{item.intervieweeName}</span> : null}
              <RelatedDate value={item.publishedAt} />
            </RelatedCard>
          )}
        </RelatedList>
      </div>
    </div>
  );
}

/** PRODUCT.md "Detail pages": 'Interview Not Found' with 'Browse All Interviews', as for podcasts. */
function InterviewNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <EmptyState
        icon="mic"
        title="Interview Not Found"
        headingLevel="h1"
        action={
          <Link to="/interviews" className={buttonVariants()}>
            Browse All Interviews
          </Link>
        }
      >
        The interview you're looking for doesn't exist or may have been removed.
      </EmptyState>
    </div>
  );
}
