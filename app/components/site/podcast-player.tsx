import * as React from "react";

import { Icon } from "~/components/ui/icon";
import { AUDIO_FRAME_ALLOW, audioSource, FRAME_SANDBOX } from "~/lib/media";
import { cn } from "~/lib/utils";

import { MediaThumbnail } from "./media-thumbnail";

/** PRODUCT.md "Audio": the audio host's frame is 800 px high. */
export const AUDIO_FRAME_HEIGHT = 800;

/** How long the audio host may take to answer before its player counts as not available. */
const AUDIO_HOST_PROBE_TIMEOUT_MS = 10_000;

function Unavailable({ children }: { children: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-dashed bg-muted/40 p-6 text-muted-foreground">
      <Icon name="circle-alert" className="size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/**
 * The podcast player (PRODUCT.md "Audio"). Audio-host URLs (a post id found by the four patterns) get the
 * host's frame, loaded when the visitor presses Play (that press is the listen); any other audio URL
 * plays in the native player, whose first `play` is the listen.
 */
export function PodcastPlayer({
  audioUrl,
  title,
  artworkUrl,
  onListen,
}: {
  audioUrl: string | null;
  title: string;
  artworkUrl?: string | null;
  onListen: () => void;
}) {
  const source = audioSource(audioUrl, title);
  if (source.kind === "none") return <Unavailable>Audio not available for this podcast</Unavailable>;
  if (source.kind === "file") return <NativeAudioPlayer src={source.src} title={title} artworkUrl={artworkUrl} onListen={onListen} />;
  return <AudioHostPlayer src={source.src} title={title} onListen={onListen} />;
}

function NativeAudioPlayer({
  src,
  title,
  artworkUrl,
  onListen,
}: {
  src: string;
  title: string;
  artworkUrl?: string | null;
  onListen: () => void;
}) {
  const audioRef = React.useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    // A source that fails before hydration (a fast 404) fired its `error` event before React attached
    // onError: read the element's own state once mounted. `error` is set only by a failure, whereas
    // networkState passes through NETWORK_NO_SOURCE at the start of every load.
    if (audioRef.current?.error) setFailed(true);
  }, []);

  if (failed) return <Unavailable>Audio player not available</Unavailable>;
  return (
    <div className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <MediaThumbnail src={artworkUrl} kind="podcast" priority className="hidden w-36 shrink-0 sm:block" />
      <audio
        ref={audioRef}
        controls
        preload="metadata"
        src={src}
        onPlay={onListen}
        onError={() => setFailed(true)}
        aria-label={`Play ${title}`}
        className="w-full min-w-0"
      >
        <a href={src}>Download the episode</a>
      </audio>
    </div>
  );
}

/**
 * Whether the audio host answers at all. A frame gives no usable failure signal: its `error` event does
 * not fire for network failures and Chromium fires `load` for its own error page. A no-cors request
 * resolves (with an opaque response) whenever the host answers and rejects on a network failure; no
 * answer within the timeout counts as a failure too.
 * The Content-Security-Policy allows the audio host in connect-src (as well as frame-src) for this probe
 * (PRODUCT.md "Security headers").
 */
function useAudioHostReachable(src: string, active: boolean): boolean | null {
  const [reachable, setReachable] = React.useState<boolean | null>(null);
  React.useEffect(() => {
    if (!active) return;
    let current = true;
    const controller = new AbortController();
    const timeout = window.setTimeout(() => controller.abort(), AUDIO_HOST_PROBE_TIMEOUT_MS);
    const settle = (answered: boolean) => {
      if (current) setReachable(answered);
    };
    fetch(src, { method: "HEAD", mode: "no-cors", cache: "no-store", credentials: "omit", signal: controller.signal }).then(
      () => settle(true),
      () => settle(false),
    );
    return () => {
      current = false;
      window.clearTimeout(timeout);
      controller.abort();
    };
  }, [src, active]);
  return reachable;
}

function AudioHostPlayer({ src, title, onListen }: { src: string; title: string; onListen: () => void }) {
  const [requested, setRequested] = React.useState(false);
  const [frameLoaded, setFrameLoaded] = React.useState(false);
  const reachable = useAudioHostReachable(src, requested);

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

  if (reachable === false) return <Unavailable>Audio player not available</Unavailable>;

  // The frame loads out of sight (full size, so the host's player lays out normally) and is shown only
  // once the host answered and the frame loaded: a browser error page is never shown.
  const ready = reachable === true && frameLoaded;
  return (
    <div className={cn("relative overflow-hidden rounded-xl border bg-card shadow-sm", !ready && "h-40")}>
      {ready ? null : (
        <div role="status" className="flex h-full items-center justify-center gap-2 p-6 text-muted-foreground">
          <Icon name="loader-circle" className="size-5 animate-spin" />
          Loading player…
        </div>
      )}
      <iframe
        src={src}
        title={`${title} (audio player)`}
        height={AUDIO_FRAME_HEIGHT}
        sandbox={FRAME_SANDBOX}
        allow={AUDIO_FRAME_ALLOW.join("; ")}
        inert={!ready}
        onLoad={() => setFrameLoaded(true)}
        className={cn("block w-full border-0", !ready && "pointer-events-none absolute inset-x-0 top-0 opacity-0")}
        style={{ height: AUDIO_FRAME_HEIGHT }}
      />
    </div>
  );
}
