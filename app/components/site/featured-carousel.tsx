import * as React from "react";
import { Link } from "react-router";

import { PaidLabel } from "~/components/content/paid-label";
import { Icon } from "~/components/ui/icon";
import { formatCount, formatDate, formatDuration, truncate } from "~/lib/format";
import { cn } from "~/lib/utils";

import { MediaThumbnail } from "./media-thumbnail";
import type { VideoCardData } from "./video-card";

/** `featured` is false for the fallback slide (the latest video, shown when none is featured). */
export type CarouselSlideData = VideoCardData & { featured: boolean };

/**
 * PRODUCT.md "Home": the featured-video carousel. The first slide is server-rendered; arrows and slide dots
 * only appear with more than one video. Follows the WAI-ARIA carousel pattern (no auto-rotation).
 */
export function FeaturedCarousel({ videos }: { videos: CarouselSlideData[] }) {
  const [index, setIndex] = React.useState(0);
  const count = videos.length;
  const current = Math.min(index, count - 1);
  if (count === 0) return null;

  const go = (next: number) => setIndex((next + count) % count);
  function onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(current - 1);
    }
  }

  const control =
    "flex size-9 items-center justify-center rounded-full border bg-background text-foreground shadow-xs transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60";

  return (
    <section aria-roledescription="carousel" aria-label="Featured video slides" onKeyDown={onKeyDown} className="space-y-3">
      <div aria-live="polite" aria-atomic="false">
        {videos.map((video, i) => (
          <Slide key={video.id} video={video} position={i + 1} count={count} hidden={i !== current} priority={i === 0} />
        ))}
      </div>
      {count > 1 ? (
        <div className="flex items-center justify-center gap-4">
          <button type="button" className={control} onClick={() => go(current - 1)} aria-label="Previous slide">
            <Icon name="chevron-left" className="size-5" />
          </button>
          <div className="flex items-center gap-0.5" role="group" aria-label="Choose a slide">
            {videos.map((video, i) => (
              <button
                key={video.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Slide ${i + 1}: ${video.title}`}
                aria-current={i === current ? "true" : undefined}
                // A 24 px touch target around the small dot (WCAG 2.2 target size).
                className="group flex h-6 min-w-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span
                  className={cn(
                    "h-2.5 rounded-full transition-all",
                    i === current ? "w-7 bg-primary" : "w-2.5 bg-muted-foreground/35 group-hover:bg-muted-foreground/60",
                  )}
                />
              </button>
            ))}
          </div>
          <button type="button" className={control} onClick={() => go(current + 1)} aria-label="Next slide">
            <Icon name="chevron-right" className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Slide({
  video,
  position,
  count,
  hidden,
  priority,
}: {
  video: CarouselSlideData;
  position: number;
  count: number;
  hidden: boolean;
  priority: boolean;
}) {
  const date = formatDate(video.publishedAt);
  return (
    // A div, not an article: role="group" (the WAI-ARIA slide) is not allowed on <article>.
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      hidden={hidden}
      className="group relative overflow-hidden rounded-2xl bg-[#0b1a33] shadow-md focus-within:ring-[3px] focus-within:ring-ring/70"
    >
      <div className="relative">
        <MediaThumbnail src={video.thumbnailUrl} priority={priority} rounded="rounded-none" />
        <div className="pointer-events-none absolute inset-0 hidden bg-gradient-to-t from-black/90 via-black/40 to-transparent sm:block" />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-[#0b1a33] shadow-lg transition-transform group-hover:scale-110 sm:size-16 sm:-translate-y-[80%]"
        >
          <Icon name="play" className="ml-1 size-6 sm:size-7" fill="currentColor" />
        </span>
      </div>
      {/* Below the picture on phones, over it from 640 px. */}
      <div className="space-y-2 p-4 text-white sm:absolute sm:inset-x-0 sm:bottom-0 sm:p-7">
        {video.featured || video.paidPromotion ? (
          <p className="flex flex-wrap items-center gap-2">
            {video.featured ? (
              <span className="inline-flex items-center gap-1.5 rounded bg-sky-400 px-2 py-0.5 text-[11px] font-bold tracking-wider text-[#0b1a33] uppercase">
                Featured
              </span>
            ) : null}
            {/* PRODUCT.md "Paid promotion": before the reader clicks. */}
            {video.paidPromotion ? <PaidLabel tone="on-dark" /> : null}
          </p>
        ) : null}
        <h3 className="text-lg leading-tight font-bold text-pretty sm:text-3xl">
          <Link to={`/video/${video.id}`} className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline">
            {video.title}
          </Link>
        </h3>
        {video.description ? (
          <p className="hidden max-w-2xl text-sm text-slate-200 sm:line-clamp-2">{truncate(video.description, 150)}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-300">
          {date ? <time dateTime={new Date(video.publishedAt!).toISOString()}>{date}</time> : null}
          <span className="inline-flex items-center gap-1">
            <Icon name="eye" className="size-3.5" />
            {formatCount(video.views, "view")}
          </span>
          {video.duration != null ? <span>{formatDuration(video.duration)}</span> : null}
        </p>
      </div>
    </div>
  );
}
