import { Icon } from "~/components/ui/icon";
import { FRAME_SANDBOX, VIDEO_FRAME_ALLOW, videoSource } from "~/lib/media";

import { MediaThumbnail } from "./media-thumbnail";

/**
 * The video player (PRODUCT.md "Video"): video-host URLs in an embed frame, direct files in the native
 * player, other pages as a link, and a notice when there is no usable URL.
 */
export function VideoPlayer({ url, title, poster }: { url: string | null; title: string; poster: string | null }) {
  const source = videoSource(url);
  const frame = "aspect-video w-full overflow-hidden rounded-xl bg-black shadow-sm";
  switch (source.kind) {
    case "embed":
      return (
        <div className={frame}>
          <iframe
            src={source.src}
            title={title}
            loading="lazy"
            sandbox={FRAME_SANDBOX}
            allow={VIDEO_FRAME_ALLOW.join("; ")}
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            className="size-full border-0"
          />
        </div>
      );
    case "file":
      return (
        <video controls preload="metadata" poster={poster ?? undefined} className={frame} aria-label={title}>
          <source src={source.src} />
          Your browser cannot play this video. <a href={source.src}>Download it</a> instead.
        </video>
      );
    case "link":
      return (
        <MediaThumbnail src={poster} priority className="rounded-xl">
          <div className="absolute inset-0 flex items-center justify-center bg-black/45">
            <a
              href={source.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-[#0b1a33] shadow outline-none hover:bg-sky-100 focus-visible:ring-[3px] focus-visible:ring-white/70"
            >
              <Icon name="external-link" className="size-4" />
              {source.href.startsWith("/") ? "Watch the video" : `Watch on ${new URL(source.href).hostname.replace(/^www\./, "")}`}
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </MediaThumbnail>
      );
    case "none":
      return (
        <div className={`${frame} flex flex-col items-center justify-center gap-2 text-white/80`}>
          <Icon name="video-off" className="size-10" />
          <p>Video not available</p>
        </div>
      );
  }
}
