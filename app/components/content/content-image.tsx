import { MediaThumbnail } from "~/components/site/media-thumbnail";
import type { IconName } from "~/components/ui/icon";

/**
 * An article or feature picture: the site's 16:9 thumbnail (no layout shift, tinted placeholder when
 * there is no image) with square corners and a newspaper placeholder icon by default.
 */
export function ContentImage({
  src,
  alt,
  rounded = "rounded-none",
  className,
  icon = "newspaper",
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  /** Its corners: square unless a `rounded-*` class is given. */
  rounded?: string;
  className?: string;
  icon?: IconName;
  priority?: boolean;
}) {
  return <MediaThumbnail src={src} alt={alt} icon={icon} priority={priority} rounded={rounded} className={className} />;
}
