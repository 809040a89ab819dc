import * as React from "react";

import type { PlayStarted } from "~/components/site/counters";
import { Icon } from "~/components/ui/icon";
import type { AudioSource } from "~/lib/media";
import { seekMedia, useSeekRequests } from "~/lib/player-seek";

import { MediaThumbnail } from "./media-thumbnail";
import { PlayerUnavailable } from "./player-unavailable";

/**
 * The podcast player (PRODUCT.md "Audio"). Audio-host URLs (a post id found by the four patterns) get the
 * host's frame, loaded when the visitor presses Play (that press is the listen); any other audio URL
 * plays in the native player, whose first `play` is the listen. The loader reads the audio URL into `source`
 * (`audioSource`), so the page loads no URL parser (PRODUCT.md "Speed").
 */
export function PodcastPlayer({
  source,
  title,
  artworkUrl,
  onListen,
  onPlayed,
}: {
  source: AudioSource;
  title: string;
  artworkUrl?: string | null;
  onListen: () => void;
  /** PRODUCT.md "Measurement": told when a play starts, where the page measures plays. */
  onPlayed?: PlayStarted;
}) {
  if (source.kind === "none") return <PlayerUnavailable>Audio not available for this podcast</PlayerUnavailable>;
  // The listen is counted first: the marks wait for it.
  const play: PlayStarted = (event) => {
    onListen();
    onPlayed?.(event);
  };
  if (source.kind === "file") return <NativeAudioPlayer src={source.src} title={title} artworkUrl={artworkUrl} onPlay={play} />;
  return <AudioHostPlayer src={source.src} title={title} onListen={() => play()} />;
}

function NativeAudioPlayer({
  src,
  title,
  artworkUrl,
  onPlay,
}: {
  src: string;
  title: string;
  artworkUrl?: string | null;
  onPlay: PlayStarted;
}) {
  const audioRef = React.useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = React.useState(false);
  // PRODUCT.md "Transcripts": a time pressed in the transcript plays from there.
  useSeekRequests((request) => seekMedia(audioRef.current, request));

  React.useEffect(() => {
    // A source that fails before hydration (a fast 404) fired its `error` event before React attached
    // onError: read the element's own state once mounted. `error` is set only by a failure, whereas
    // networkState passes through NETWORK_NO_SOURCE at the start of every load.
    if (audioRef.current?.error) setFailed(true);
  }, []);

  if (failed) return <PlayerUnavailable>Audio player not available</PlayerUnavailable>;
  return (
    <div className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <MediaThumbnail src={artworkUrl} kind="podcast" priority className="hidden w-36 shrink-0 sm:block" />
      <audio
        ref={audioRef}
        controls
        // PRODUCT.md "Measurement": nothing is fetched before Play, so a page view is never a download.
        preload="none"
        src={src}
        onPlay={onPlay}
        onError={() => setFailed(true)}
        aria-label={`Play ${title}`}
        className="w-full min-w-0"
      >
        <a href={src}>Download the episode</a>
      </audio>
    </div>
  );
}

/** The host's frame and its reachability probe: loaded when the reader presses Play (PRODUCT.md "Speed"). */
const AudioHostFrame = React.lazy(() => import("./audio-host-frame"));

function AudioHostPlayer({ src, title, onListen }: { src: string; title: string; onListen: () => void }) {
  const [requested, setRequested] = React.useState(false);

  if (!requested) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-gradient-to-br from-[#0b1a33] to-[#16325c] px-6 py-10 text-center text-white shadow-sm">
        <button
          type="button"
          onClick={() => {
            onListen();
            setRequested(true);
          }}
          className="inline-flex size-16 items-center justify-center rounded-full bg-sky-400 text-[#0b1a33] shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-4 focus-visible:ring-white/70"
        >
          <Icon name="play" className="ml-1 size-7" fill="currentColor" />
          <span className="sr-only">Play {title}</span>
        </button>
        <p className="text-sm text-slate-300">Press play to load the episode player.</p>
      </div>
    );
  }

  return (
    <React.Suspense fallback={<LoadingPlayer />}>
      <AudioHostFrame src={src} title={title} />
    </React.Suspense>
  );
}

/** What the audio host's place shows until its frame is ready. */
export function LoadingPlayer() {
  return (
    <div
      role="status"
      className="flex h-40 items-center justify-center gap-2 rounded-xl border bg-card p-6 text-muted-foreground shadow-sm"
    >
      <Icon name="loader-circle" className="size-5 animate-spin" />
      Loading player…
    </div>
  );
}
