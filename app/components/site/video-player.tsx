import { useRef, useState } from "react";

import type { PlayStarted } from "~/components/site/counters";
import { Icon } from "~/components/ui/icon";
import { VIDEO_FRAME_ALLOW } from "~/lib/frame-hosts";
import type { VideoSource } from "~/lib/media";
import { seekMedia, useSeekRequests } from "~/lib/player-seek";
import { useHydrated } from "~/lib/use-hydrated";

import { MediaThumbnail } from "./media-thumbnail";

const FRAME = "aspect-video w-full overflow-hidden rounded-xl bg-black shadow-sm";

/**
 * The video player (PRODUCT.md "Video"): video-host URLs in an embed frame once the reader presses Play,
 * direct files in the native player, other pages as a link, and a notice when there is no usable URL. The
 * loader reads `url` into `source` (`videoSource`), so the page loads no URL parser (PRODUCT.md "Speed").
 */
export function VideoPlayer({
  source,
  url,
  title,
  poster,
  tracks,
  onPlayed,
}: {
  source: VideoSource;
  url: string | null;
  title: string;
  poster: string | null;
  /** PRODUCT.md "Transcripts": the transcript as captions and the chapters, for the native player. */
  tracks?: { captionsUrl: string | null; chaptersUrl: string | null } | null;
  /** PRODUCT.md "Measurement": told when a play starts, where the page measures plays. */
  onPlayed?: PlayStarted;
}) {
  switch (source.kind) {
    case "embed":
      return <VideoFacade source={source} url={url!} title={title} poster={poster} onPlay={onPlayed} />;
    case "file":
      return <NativeVideo src={source.src} title={title} poster={poster} tracks={tracks ?? null} onPlayed={onPlayed} />;
    case "link":
      return (
        <PlayPicture src={poster} href={source.href}>
          {source.href.startsWith("/") ? "Watch the video" : `Watch on ${new URL(source.href).hostname.replace(/^www\./, "")}`}
        </PlayPicture>
      );
    case "none":
      return (
        <div className={`${FRAME} flex flex-col items-center justify-center gap-2 text-white/80`}>
          <Icon name="video-off" className="size-10" />
          <p>Video not available</p>
        </div>
      );
  }
}

function NativeVideo({
  src,
  title,
  poster,
  tracks,
  onPlayed,
}: {
  src: string;
  title: string;
  poster: string | null;
  tracks: { captionsUrl: string | null; chaptersUrl: string | null } | null;
  onPlayed?: PlayStarted;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useSeekRequests((request) => seekMedia(video.current, request));
  return (
    <video ref={video} controls preload="metadata" poster={poster ?? undefined} className={FRAME} aria-label={title} onPlay={onPlayed}>
      <source src={src} />
      {tracks?.captionsUrl ? <track kind="captions" src={tracks.captionsUrl} srcLang="en" label="English" /> : null}
      {tracks?.chaptersUrl ? <track kind="chapters" src={tracks.chaptersUrl} srcLang="en" label="Chapters" /> : null}
      Your browser cannot play this video. <a href={src}>Download it</a> instead.
    </video>
  );
}

/** The embed address, playing at once and from `seconds` when given: Vimeo reads `#t=`, YouTube `start=`. */
function embedAt(src: string, seconds: number | null): string {
  const url = new URL(src);
  url.searchParams.set("autoplay", "1");
  if (seconds) {
    if (url.hostname === "player.vimeo.com") url.hash = `t=${Math.floor(seconds)}s`;
    else url.searchParams.set("start", String(Math.floor(seconds)));
  }
  return url.href;
}

/**
 * PRODUCT.md "Video": the item's picture (or our stored copy of the host's) with a Play button; the host's
 * frame, and with it the host's scripts and cookies, only after the press, then playing at once. Before
 * scripts run the control is a link to the video on its host. No sandbox: the page's frame-src holds the
 * frame to the video hosts, and the players need their own scripts and storage.
 */
function VideoFacade({
  source,
  url,
  title,
  poster,
  onPlay,
}: {
  source: Extract<VideoSource, { kind: "embed" }>;
  url: string;
  title: string;
  poster: string | null;
  /** The press is the play: the host's frame reports nothing back. */
  onPlay?: () => void;
}) {
  const [playing, setPlaying] = useState(false);
  const [start, setStart] = useState<number | null>(null);
  const hydrated = useHydrated();
  // PRODUCT.md "Transcripts": a time pressed in the transcript starts the host's player there.
  useSeekRequests(({ seconds, play }) => {
    setStart(seconds);
    if (play) setPlaying(true);
  });
  if (playing) {
    return (
      <div className={FRAME}>
        <iframe
          // The keyboard goes on in the player that replaced the button.
          ref={(player) => player?.focus()}
          // A new start loads the player again, at that time.
          key={start ?? 0}
          src={embedAt(source.src, start)}
          title={title}
          allow={VIDEO_FRAME_ALLOW.join("; ")}
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="size-full border-0"
        />
      </div>
    );
  }
  return (
    <PlayPicture
      src={poster ?? source.thumbnail}
      href={hydrated ? undefined : url}
      onClick={() => {
        onPlay?.();
        setPlaying(true);
      }}
    >
      {`Play video: ${title}`}
    </PlayPicture>
  );
}

/** The picture with a Play control over all of it: a button, or a link opening a new tab. */
function PlayPicture({ src, href, onClick, children }: { src: string | null; href?: string; onClick?: () => void; children: string }) {
  const Control = href ? "a" : "button";
  return (
    <MediaThumbnail src={src} priority rounded="rounded-xl">
      <Control
        {...(href ? { href, target: "_blank", rel: "noopener noreferrer" } : { type: "button" as const, onClick })}
        className="absolute inset-0 flex items-center justify-center outline-none focus-visible:ring-4 focus-visible:ring-sky-400 focus-visible:ring-inset"
      >
        <Icon name="play" fill="currentColor" className="size-16 rounded-full bg-black/70 py-4 pr-4 pl-5 text-white shadow-lg" />
        <span className="sr-only">
          {children}
          {href ? " (opens in a new tab)" : ""}
        </span>
      </Control>
    </MediaThumbnail>
  );
}
