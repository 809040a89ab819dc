import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { featureTypeLabel } from "~/lib/feature-types";
import { formatCount, formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";

import { ContentImage } from "./content-image";
import { EXTERNAL_LINK } from "./interview-card";
import { DateTime, MetaList } from "./meta-list";
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
}

/** One special feature on /special-features; `id` is the anchor search results link to. */
export function FeatureCard({ feature }: { feature: FeatureCardData }) {
  const headingId = `feature-${feature.id}-title`;
  const typeLabel = featureTypeLabel(feature.featureType);
  return (
    <article
      id={feature.id}
      aria-labelledby={headingId}
      className="scroll-mt-24 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm target:ring-2 target:ring-primary md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      {/* Full width on phones; from md an inset picture that keeps its 16:9 ratio beside the text. */}
      <ContentImage
        src={feature.featuredImageUrl}
        alt=""
        icon="sparkles"
        className="md:m-5 md:mr-0 md:self-start md:rounded-lg md:border"
      />
      <div className="flex min-w-0 flex-col gap-3 p-5 sm:p-6">
        <div>
          <Badge data-testid="feature-type">{typeLabel}</Badge>
        </div>
        <h2 id={headingId} className="text-xl leading-snug font-semibold text-balance">
          {feature.title}
        </h2>
        {feature.description ? <p className="text-sm text-muted-foreground">{feature.description}</p> : null}
        <MetaList
          items={[
            feature.publishedAt
              ? {
                  icon: "calendar-days",
                  label: "Published",
                  value: <DateTime value={feature.publishedAt}>{formatDate(feature.publishedAt)}</DateTime>,
                }
              : null,
            { icon: "clock", label: "Read time", value: `${feature.readTimeMinutes} min read` },
            { icon: "eye", label: "Views", value: formatCount(feature.views, "view") },
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
      </div>
    </article>
  );
}
