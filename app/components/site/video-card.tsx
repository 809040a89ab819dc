import { Link } from "react-router";

import { PaidLabel } from "~/components/content/paid-label";
import { Icon } from "~/components/ui/icon";
import { formatCount, formatDate, formatDuration } from "~/lib/format";
import { cn } from "~/lib/utils";

import { MediaThumbnail, ThumbnailBadge } from "./media-thumbnail";

export interface VideoCardData {
  id: string;
  title: string;
  description?: string | null;
  thumbnailUrl: string | null;
  publishedAt: Date | string | null;
  views: number;
  duration: number | null;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion?: boolean;
}

function VideoMeta({ video, className }: { video: VideoCardData; className?: string }) {
  const date = formatDate(video.publishedAt);
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground", className)}>
      {date ? <time dateTime={new Date(video.publishedAt!).toISOString()}>{date}</time> : null}
      <span className="inline-flex items-center gap-1">
        <Icon name="eye" className="size-3.5" />
        {formatCount(video.views, "view")}
      </span>
    </p>
  );
}

/**
 * A video in a grid or list. The title is the link; it stretches over the whole card so the picture is
 * clickable too, while screen readers hear one link per video.
 */
export function VideoCard({
  video,
  layout = "grid",
  rank,
  headingLevel = "h3",
  showDescription = false,
  className,
}: {
  video: VideoCardData;
  layout?: "grid" | "compact";
  rank?: number;
  headingLevel?: "h2" | "h3";
  showDescription?: boolean;
  className?: string;
}) {
  const Heading = headingLevel;
  const duration = video.duration != null ? formatDuration(video.duration) : null;
  const compact = layout === "compact";
  return (
    <article
      className={cn(
        "group relative flex rounded-xl focus-within:ring-[3px] focus-within:ring-ring/50",
        compact ? "flex-row items-start gap-3" : "flex-col gap-3",
        className,
      )}
    >
      <MediaThumbnail src={video.thumbnailUrl} className={cn(compact && "w-32 shrink-0 sm:w-40")}>
        {duration ? (
          <ThumbnailBadge className="right-2 bottom-2">
            <span className="sr-only">Duration </span>
            {duration}
          </ThumbnailBadge>
        ) : null}
      </MediaThumbnail>
      <div className="min-w-0 space-y-1.5">
        {video.paidPromotion ? <PaidLabel /> : null}
        <Heading className={cn("line-clamp-2 font-semibold text-pretty", compact ? "text-sm" : "text-base")}>
          {/* Beside the title, not on the picture: thumbnails carry their own labels in the corners. */}
          {rank != null ? (
            <span className="mr-1.5 inline-block rounded bg-sky-400 px-1.5 text-sm font-bold text-[#0b1a33] tabular-nums">#{rank}</span>
          ) : null}
          <Link to={`/video/${video.id}`} className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary">
            {video.title}
          </Link>
        </Heading>
        {showDescription && video.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{video.description}</p> : null}
        <VideoMeta video={video} />
      </div>
    </article>
  );
}
