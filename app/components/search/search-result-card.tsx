import { PaidLabel } from "~/components/content/paid-label";
import { TagList } from "~/components/content/tag-list";
import { CardLink } from "~/components/site/card-link";
import { MediaThumbnail } from "~/components/site/media-thumbnail";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import type { ContentType } from "~/lib/content-types";
import { formatCount, formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";

export interface SearchResultCardData {
  id: string;
  contentType: ContentType;
  /** The type's badge ('Blog') and the item's page: from the loader, so the page does not load the registry. */
  typeLabel: string;
  href: string;
  title: string;
  /** Plain-text description already cut to 150 characters (PRODUCT.md "Search"), or '' when there is none. */
  excerpt: string;
  publishedAt: string | null;
  views: number | null;
  listens: number | null;
  thumbnailUrl: string | null;
  tags: string[];
  paidPromotion?: boolean;
  /** PRODUCT.md "Transcripts": found only in the transcript: the words there, their time (m:ss) and the link to it. */
  transcriptMatch?: { text: string; time: string | null; href: string } | null;
}

/**
 * One search result (PRODUCT.md "Search"): type badge, picture if any, title, description cut at 150
 * characters, at most 3 tags then '+N more', views (listens for podcasts) and date. The title is the
 * link; it stretches over the card so the whole card is clickable.
 */
export function SearchResultCard({ result, className }: { result: SearchResultCardData; className?: string }) {
  const isPodcast = result.contentType === "podcast";
  const date = formatDate(result.publishedAt);
  return (
    <article
      className={cn(
        "group relative flex gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md",
        className,
      )}
    >
      {result.thumbnailUrl ? (
        <MediaThumbnail
          src={result.thumbnailUrl}
          kind={isPodcast ? "podcast" : "video"}
          className="hidden w-40 shrink-0 self-start sm:block md:w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Badge variant="secondary" data-testid="result-type">
          {result.typeLabel}
        </Badge>
        {result.paidPromotion ? <PaidLabel /> : null}
        <h2 className="text-lg leading-snug font-semibold text-pretty">
          <CardLink to={result.href}>{result.title}</CardLink>
        </h2>
        {result.excerpt ? <p className="text-sm break-words text-muted-foreground">{result.excerpt}</p> : null}
        {result.transcriptMatch ? <TranscriptMatchLine match={result.transcriptMatch} /> : null}
        <TagList tags={result.tags} max={3} />
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            {isPodcast ? <Icon name="headphones" className="size-3.5" /> : <Icon name="eye" className="size-3.5" />}
            {isPodcast ? formatCount(result.listens, "listen") : formatCount(result.views, "view")}
          </span>
          {date ? (
            <span className="inline-flex items-center gap-1">
              <Icon name="calendar-days" className="size-3.5" />
              <time dateTime={result.publishedAt!}>{date}</time>
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** 'Found in the transcript at 1:05: “…”', the time a link above the card's own link to the page at that moment. */
function TranscriptMatchLine({ match }: { match: NonNullable<SearchResultCardData["transcriptMatch"]> }) {
  return (
    <p className="text-sm break-words">
      <span className="font-medium">Found in the transcript</span>
      {match.time ? (
        <>
          {" at "}
          <a
            href={match.href}
            className="relative z-10 rounded-sm font-mono text-sky-700 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:text-sky-400"
          >
            {match.time}
          </a>
        </>
      ) : null}
      {match.text ? <span className="text-muted-foreground">: “{match.text}”</span> : null}
    </p>
  );
}
