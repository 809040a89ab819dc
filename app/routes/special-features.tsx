import { EmptyState } from "~/components/content/empty-state";
import { FeatureCard } from "~/components/content/feature-card";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { loadPublicList } from "~/server/content/public-list.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { listPublishedSpecialFeatures } from "~/server/content/special-features.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/special-features";

export async function loader({ request }: Route.LoaderArgs) {
  return loadPublicList(
    request,
    "special features",
    async () => {
      const rows = await listPublishedSpecialFeatures();
      // Rich content is sanitised here, on the server, before it reaches the page.
      const features = rows.map(({ content, ...feature }) => ({ ...feature, contentHtml: sanitizeContentHtml(content) }));
      return { features };
    },
    { features: [] },
    sitePageMeta({
      title: "Special Features | MarketWire",
      description: "Market analysis, exclusive reports and deep dives from the MarketWire desk.",
      path: "/special-features",
    }),
  );
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function SpecialFeatures({ loaderData }: Route.ComponentProps) {
  const { ok, features } = loaderData;
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="features-title">
      <PageIntro id="features-title" eyebrow="Programme" title="Special Features">
        <p>Market analysis, exclusive reports, expert insight and deep dives from our desk.</p>
      </PageIntro>
      {!ok ? (
        <EmptyState icon="triangle-alert" title="Failed to load special features. Please try again later." />
      ) : features.length === 0 ? (
        <EmptyState icon="sparkles" title="No special features published yet.">
          <p>Our analysts are at work on the next one. Check back soon.</p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {features.map((feature) => (
            <FeatureCard key={feature.id} feature={feature} />
          ))}
        </div>
      )}
    </section>
  );
}
