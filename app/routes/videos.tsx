import { Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Pager } from "~/components/pager";
import { VideoCard } from "~/components/site/video-card";
import { buttonVariants } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { parsePage } from "~/lib/pagination";
import { metaFromLoader } from "~/lib/seo";
import { loadPublicList } from "~/server/content/public-list.server";
import { listPublishedVideos, VIDEO_PAGE_SIZE } from "~/server/content/videos.server";
import { pageUrl } from "~/server/http/page-url.server";
import { pagedPath, sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/videos";

export async function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  // PRODUCT.md "Paging": a bad page number is page 1; one past the end shows the empty state (never an error).
  const page = parsePage(url.searchParams.get("page"));
  const meta = sitePageMeta({
    title: page > 1 ? `Videos (page ${page}) | MarketWire` : "Videos | MarketWire",
    description: "Every MarketWire video: company interviews, market briefings and analysis, newest first.",
    path: pagedPath("/videos", page),
    feed: "videos",
  });
  return loadPublicList(request, "videos", () => listPublishedVideos({ page, pageSize: VIDEO_PAGE_SIZE }), { page }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function Videos({ loaderData }: Route.ComponentProps) {
  return (
    <div className={PAGE_CONTAINER}>
      <PageIntro eyebrow="Watch" title="Videos">
        Interviews, market briefings and analysis from the MarketWire studio, newest first.
      </PageIntro>
      <VideoList data={loaderData} />
    </div>
  );
}

function VideoList({ data: result }: { data: Route.ComponentProps["loaderData"] }) {
  if (!result.ok) {
    return (
      <EmptyState icon="triangle-alert" title="Error Loading Videos">
        Please try again later.
      </EmptyState>
    );
  }
  if (result.items.length === 0) {
    return (
      <EmptyState
        icon="video-off"
        title="No Videos Found"
        action={
          result.total > 0 ? (
            <Link to="/videos" className={buttonVariants({ variant: "outline" })}>
              Go to the first page
            </Link>
          ) : undefined
        }
      >
        There are no videos available at the moment.
      </EmptyState>
    );
  }
  const first = (result.page - 1) * result.pageSize + 1;
  return (
    <>
      <p className="mb-6 text-sm text-muted-foreground" aria-live="polite">
        Showing {first}–{first + result.items.length - 1} of {result.total} videos
      </p>
      <ul className="grid gap-x-5 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {result.items.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} headingLevel="h2" />
          </li>
        ))}
      </ul>
      <Pager page={result.page} totalPages={result.totalPages} className="mt-12" />
    </>
  );
}
