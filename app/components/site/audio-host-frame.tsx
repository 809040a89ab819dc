/**
 * The audio host's player frame (PRODUCT.md "Audio"), mounted once the reader pressed Play, in a chunk of
 * its own so that pages showing the Play button do not load it.
 */
import * as React from "react";

import { Icon } from "~/components/ui/icon";
import { AUDIO_FRAME_ALLOW, FRAME_SANDBOX } from "~/lib/frame-hosts";
import { cn } from "~/lib/utils";

import { PlayerUnavailable } from "./player-unavailable";

/** PRODUCT.md "Audio": the audio host's frame is 800 px high. */
const AUDIO_FRAME_HEIGHT = 800;

/** How long the audio host may take to answer before its player counts as not available. */
const AUDIO_HOST_PROBE_TIMEOUT_MS = 10_000;

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

export default function AudioHostFrame({ src, title }: { src: string; title: string }) {
  const [frameLoaded, setFrameLoaded] = React.useState(false);
  const reachable = useAudioHostReachable(src, true);

  if (reachable === false) return <PlayerUnavailable>Audio player not available</PlayerUnavailable>;

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
