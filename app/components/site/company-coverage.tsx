import { DateTime } from "~/components/content/meta-list";
import { PaidLabel } from "~/components/content/paid-label";
import { CardLink } from "~/components/site/card-link";
import { MediaThumbnail } from "~/components/site/media-thumbnail";
import { Badge } from "~/components/ui/badge";
import type { IconName } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";

/** One item of a company's coverage; the loader gives the type's label and placeholder icon. */
export interface CoverageCardData {
  key: string;
  typeLabel: string;
  icon: IconName;
  title: string;
  url: string;
  image: string | null;
  publishedAt: string;
  paid?: boolean;
}

/**
 * PRODUCT.md "Company pages": an item about the company, with its type, picture, title (the link to its
 * page, covering the card) and date.
 */
export function CoverageCard({ item }: { item: CoverageCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <MediaThumbnail src={item.image} icon={item.icon} rounded="rounded-none" className="border-b" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Badge variant="secondary">{item.typeLabel}</Badge>
        {item.paid ? <PaidLabel /> : null}
        <h3 className="leading-snug font-semibold text-pretty">
          <CardLink to={item.url} prefetch="intent">
            {item.title}
          </CardLink>
        </h3>
        <p className="mt-auto text-sm text-muted-foreground">
          <DateTime value={item.publishedAt}>{formatDate(item.publishedAt, "long")}</DateTime>
        </p>
      </div>
    </article>
  );
}
