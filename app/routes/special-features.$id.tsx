import { data, Link } from "react-router";

import { ContentImage } from "~/components/content/content-image";
import { EmptyState } from "~/components/content/empty-state";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "~/components/content/item-companies";
import { DateTime, MetaList, publishedItem, viewsItem } from "~/components/content/meta-list";
import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { RelatedCard, RelatedList } from "~/components/content/related-list";
import { TagList } from "~/components/content/tag-list";
import { ShareActions } from "~/components/share-button";
import { useViews } from "~/components/site/counters";
import { VideoPlayer } from "~/components/site/video-player";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { featureTypeLabel } from "~/lib/feature-types";
import { formatDate } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { loadItemPage } from "~/server/content/item-page.server";

import type { Route } from "./+types/special-features.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const { item, related, meta } = await loadItemPage("special_feature", params.id);
  // PRODUCT.md "Detail pages": unknown, malformed or unpublished ids get the not-found state with a 404 status.
  if (!item) return data({ feature: null, moreFeatures: related, meta }, { status: 404, headers: NO_STORE });
  return { feature: item, moreFeatures: related, meta };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function SpecialFeaturePage({ loaderData }: Route.ComponentProps) {
  const { feature, moreFeatures } = loaderData;
  if (!feature) return <FeatureNotFound />;
  return <FeatureDetail feature={feature} moreFeatures={moreFeatures} />;
}

type LoadedFeature = NonNullable<Route.ComponentProps["loaderData"]["feature"]>;
type OtherFeature = Route.ComponentProps["loaderData"]["moreFeatures"][number];

const backLink =
  "mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

function FeatureDetail({ feature, moreFeatures }: { feature: LoadedFeature; moreFeatures: OtherFeature[] }) {
  const views = useViews("special-features", feature.id, feature.views);
  return (
    <div className={PAGE_CONTAINER}>
      <Link to="/special-features" className={backLink}>
        <Icon name="arrow-left" className="size-4" />
        Back to Special Features
      </Link>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article aria-labelledby="feature-title" className="min-w-0 space-y-8">
          <header className="flex flex-col gap-4">
            <div>
              <Badge data-testid="feature-type">{featureTypeLabel(feature.featureType)}</Badge>
            </div>
            <h1 id="feature-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {feature.title}
            </h1>
            <PaidPromotion disclosure={feature.disclosure} />
            {feature.description ? <p className="text-lg text-muted-foreground">{feature.description}</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-4 border-y py-4">
              <MetaList
                items={[
                  publishedItem(feature.publishedAt, "long"),
                  { icon: "clock", label: "Read time", value: `${feature.readTimeMinutes} min read` },
                  viewsItem(views),
                ]}
              />
              <ShareActions kind="special_feature" embedPath={feature.embedPath} title={feature.title} />
            </div>
            <TagList tags={feature.tags} />
            <ItemCompanies companies={feature.companies} />
          </header>

          {feature.featuredImageUrl ? (
            <ContentImage src={feature.featuredImageUrl} alt={feature.title} priority rounded="rounded-xl" className="border" />
          ) : null}

          {/* Sanitised on the server in the loader (sanitizeContentHtml). */}
          {feature.contentHtml ? (
            <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: feature.contentHtml }} />
          ) : null}

          {feature.videoUrl ? (
            <section aria-labelledby="feature-video-heading" className="space-y-3">
              <h2 id="feature-video-heading" className="text-lg font-semibold">
                Video
              </h2>
              <VideoPlayer source={feature.videoPlayer} url={feature.videoUrl} title={feature.title} poster={feature.featuredImageUrl} />
            </section>
          ) : null}
          <ItemUpdates updated={feature.updated} corrections={feature.corrections} />
          <InvestmentNotice text={feature.investmentNotice} />
        </article>

        <RelatedList id="more-features-heading" title="More Features" empty="No other features yet." items={moreFeatures}>
          {(item) => (
            <RelatedCard
              to={`/special-features/${item.id}`}
              paid={item.paidPromotion}
              image={item.featuredImageUrl}
              icon="sparkles"
              title={item.title}
            >
              <span className="text-xs text-muted-foreground">
                {featureTypeLabel(item.featureType)}
                {item.publishedAt ? (
                  <>
                    {" · "}
                    <DateTime value={item.publishedAt}>{formatDate(item.publishedAt)}</DateTime>
                  </>
                ) : null}
              </span>
            </RelatedCard>
          )}
        </RelatedList>
      </div>
    </div>
  );
}

/** PRODUCT.md "Detail pages": 'Feature Not Found' with 'Browse All Features', as for podcasts. */
function FeatureNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <EmptyState
        icon="sparkles"
        title="Feature Not Found"
        headingLevel="h1"
        action={
          <Link to="/special-features" className={buttonVariants()}>
            Browse All Features
          </Link>
        }
      >
        The feature you're looking for doesn't exist or may have been removed.
      </EmptyState>
    </div>
  );
}
