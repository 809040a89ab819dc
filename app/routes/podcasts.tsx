import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { PodcastCard } from "~/components/site/podcast-card";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { listPublishedPodcasts } from "~/server/content/podcasts.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/podcasts";

export async function loader({ request }: Route.LoaderArgs) {
  const meta = sitePageMeta({
    title: "Podcasts | MarketWire",
    description: "MarketWire podcasts: conversations with company leaders and market experts.",
    path: "/podcasts",
    feed: "podcasts",
  });
  return loadPublicList(request, "podcasts", async () => ({ podcasts: await listPublishedPodcasts() }), { podcasts: [] }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function Podcasts({ loaderData }: Route.ComponentProps) {
  return (
    <div className={PAGE_CONTAINER}>
      <PageIntro eyebrow="Listen" title="Podcasts">
        Conversations with company leaders, investors and market experts.
      </PageIntro>
      {!loaderData.ok ? (
        <EmptyState icon="triangle-alert" title="Failed to load podcasts. Please try again later." />
      ) : loaderData.podcasts.length === 0 ? (
        <EmptyState icon="headphones" title="No podcasts available yet." />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.podcasts.map((podcast, i) => (
            <li key={podcast.id} className="flex">
              <PodcastCard podcast={podcast} headingLevel="h2" priority={i < 3} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
