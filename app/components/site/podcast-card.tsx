import { PaidLabel } from "~/components/content/paid-label";
import { Icon } from "~/components/ui/icon";
import { formatCount, formatDate, formatDuration, truncate } from "~/lib/format";
import { cn } from "~/lib/utils";

import { CardLink } from "./card-link";
import { MediaThumbnail, ThumbnailBadge } from "./media-thumbnail";

export interface PodcastCardData {
  id: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  publishedAt: Date | string | null;
  duration: number | null;
  listens: number;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion?: boolean;
}

/** A podcast episode in a grid: artwork, title (the link, stretched over the card), summary, date, length. */
export function PodcastCard({
  podcast,
  headingLevel = "h3",
  className,
  priority = false,
}: {
  podcast: PodcastCardData;
  headingLevel?: "h2" | "h3";
  className?: string;
  priority?: boolean;
}) {
  const Heading = headingLevel;
  const date = formatDate(podcast.publishedAt);
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md",
        className,
      )}
    >
      <MediaThumbnail src={podcast.thumbnailUrl} kind="podcast" priority={priority} rounded="rounded-none">
        {podcast.duration != null ? (
          <ThumbnailBadge className="right-2 bottom-2">
            <span className="sr-only">Duration </span>
            {formatDuration(podcast.duration)}
          </ThumbnailBadge>
        ) : null}
      </MediaThumbnail>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {podcast.paidPromotion ? <PaidLabel /> : null}
        <Heading className="line-clamp-2 leading-snug font-semibold text-pretty">
          <CardLink to={`/podcast/${podcast.id}`}>{podcast.title}</CardLink>
        </Heading>
        {podcast.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{truncate(podcast.description, 150)}</p> : null}
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
          {date ? <time dateTime={new Date(podcast.publishedAt!).toISOString()}>{date}</time> : null}
          <span className="inline-flex items-center gap-1">
            <Icon name="headphones" className="size-3.5" />
            {formatCount(podcast.listens, "listen")}
          </span>
          {podcast.duration != null ? (
            <span className="inline-flex items-center gap-1">
              <Icon name="clock" className="size-3.5" />
              {formatDuration(podcast.duration)}
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
