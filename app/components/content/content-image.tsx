import { Newspaper, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * A content picture in a fixed-ratio frame (no layout shift), or a tinted placeholder when the item
 * has no image. `alt` is empty for card pictures whose title sits right beside them (decorative).
 */
export function ContentImage({
  src,
  alt,
  className,
  icon: Icon = Newspaper,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  icon?: LucideIcon;
  priority?: boolean;
}) {
  return (
    <div className={cn("relative aspect-video overflow-hidden bg-muted", className)}>
      {src ? (
        <img
          src={src}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-primary/15 via-muted to-accent/40"
        >
          <Icon aria-hidden="true" className="size-10 text-primary/60" />
        </div>
      )}
    </div>
  );
}
