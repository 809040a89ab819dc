import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { featureTypeLabel } from "~/lib/feature-types";
import { cn } from "~/lib/utils";

import { MetaList, publishedItem, viewsItem } from "./meta-list";
import { EXTERNAL_LINK, ProgrammeCard } from "./programme-card";
import { TagList } from "./tag-list";

export interface FeatureCardData {
  id: string;
  title: string;
  description: string | null;
  /** Already sanitised on the server (sanitizeContentHtml). */
  contentHtml: string;
  featureType: string | null;
  featuredImageUrl: string | null;
  videoUrl: string | null;
  readTimeMinutes: number;
  views: number;
  tags: string[];
  publishedAt: Date | string | null;
  paidPromotion?: boolean;
}

/** One special feature on /special-features, at its anchor `#{id}`; the title leads to its own page (PRODUCT.md "Discovery"). */
export function FeatureCard({ feature }: { feature: FeatureCardData }) {
  return (
    <ProgrammeCard
      kind="feature"
      paid={feature.paidPromotion}
      id={feature.id}
      title={feature.title}
      href={`/special-features/${feature.id}`}
      imageUrl={feature.featuredImageUrl}
      icon="sparkles"
      bodyClassName="flex min-w-0 flex-col gap-3 p-5 sm:p-6"
      kicker={
        <div>
          <Badge data-testid="feature-type">{featureTypeLabel(feature.featureType)}</Badge>
        </div>
      }
    >
      {feature.description ? <p className="text-sm text-muted-foreground">{feature.description}</p> : null}
      <MetaList
        items={[
          publishedItem(feature.publishedAt),
          { icon: "clock", label: "Read time", value: `${feature.readTimeMinutes} min read` },
          viewsItem(feature.views),
        ]}
      />
      <TagList tags={feature.tags} max={3} />
      {feature.videoUrl ? (
        <div>
          <a href={feature.videoUrl} {...EXTERNAL_LINK} className={cn(buttonVariants({ size: "sm", variant: "outline" }))}>
            <Icon name="play" /> Watch video<span className="sr-only"> for {feature.title} (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
      {feature.contentHtml ? (
        <details className="group mt-1 border-t pt-3">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Read more</span>
            <span className="hidden group-open:inline">Show less</span>
            <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="prose-content mt-2 text-sm" dangerouslySetInnerHTML={{ __html: feature.contentHtml }} />
        </details>
      ) : null}
    </ProgrammeCard>
  );
}
