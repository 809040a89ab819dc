import type * as React from "react";

import { Icon, type IconName } from "~/components/ui/icon";
import { uploadSrcSet } from "~/lib/uploads";
import { cn } from "~/lib/utils";

/** How wide the picture is shown: a detail page's main column, else a card in a grid of up to three. */
const MAIN_SIZES = "(min-width: 1024px) 860px, 100vw";
const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

/**
 * A 16:9 thumbnail that never shifts the layout (width/height set, fixed ratio) and loads lazily unless
 * it is the page's main picture. Items without a picture get a tinted placeholder. `alt` is empty when
 * the title sits right beside the picture (the picture is then decorative).
 */
export function MediaThumbnail({
  src,
  alt = "",
  kind = "video",
  icon,
  priority = false,
  sizes,
  rounded = "rounded-lg",
  className,
  children,
}: {
  src: string | null | undefined;
  alt?: string;
  kind?: "video" | "podcast";
  /** The placeholder's icon; defaults to one for the kind. */
  icon?: IconName;
  priority?: boolean;
  /** For uploaded pictures (their resized copies); defaults to a main picture's or a card's width. */
  sizes?: string;
  /** Its corners (a Tailwind `rounded-*` class): set here, not in `className`, which must not clash with them. */
  rounded?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const placeholder: IconName = icon ?? (kind === "podcast" ? "headphones" : "circle-play");
  // PRODUCT.md "Media library": uploads come with WebP copies the browser picks from.
  const srcSet = src ? uploadSrcSet(src) : undefined;
  return (
    <div className={cn("relative aspect-video overflow-hidden bg-muted", rounded, className)}>
      {src ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? (sizes ?? (priority ? MAIN_SIZES : CARD_SIZES)) : undefined}
          alt={alt}
          width={640}
          height={360}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      ) : (
        <div
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-[#0b1a33] via-[#16325c] to-sky-800"
        >
          <Icon name={placeholder} className="size-10 text-white/70" />
        </div>
      )}
      {children}
    </div>
  );
}

/** A small dark badge in a thumbnail's corner (duration, rank). */
export function ThumbnailBadge({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <span className={cn("absolute rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums", className)}>
      {children}
    </span>
  );
}
