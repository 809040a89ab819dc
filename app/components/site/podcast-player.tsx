import { AlertCircle, Loader2, Play } from "lucide-react";
import * as React from "react";
import { audioSource } from "~/lib/media";
import { cn } from "~/lib/utils";
import { MediaThumbnail } from "./media-thumbnail";

/** spec §9: the audio host's frame is 800 px high. */
export const AUDIO_FRAME_HEIGHT = 800;

function Unavailable({ children }: { children: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-dashed bg-muted/40 p-6 text-muted-foreground">
      <AlertCircle className="size-5 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

/**
 * The podcast player (spec §2/§4/§5). Audio-host URLs (a post id found by the four patterns) get the
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
  const [state, setState] = React.useState<"idle" | "loading" | "loaded" | "error">("idle");

  if (source.kind === "none") return <Unavailable>Audio not available for this podcast</Unavailable>;
  if (state === "error") return <Unavailable>Audio player not available</Unavailable>;

  if (source.kind === "file") {
    return (
      <div className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm">
        <MediaThumbnail src={artworkUrl} kind="podcast" priority className="hidden w-36 shrink-0 sm:block" />
        <audio
          controls
          preload="metadata"
          src={source.src}
          onPlay={onListen}
          onError={() => setState("error")}
          aria-label={`Play ${title}`}
          className="w-full min-w-0"
        >
          <a href={source.src}>Download the episode</a>
        </audio>
      </div>
    );
  }

  if (state === "idle") {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-gradient-to-br from-[#0b1a33] to-[#16325c] px-6 py-10 text-center text-white shadow-sm">
        <button
          type="button"
          onClick={() => {
            onListen();
            setState("loading");
          }}
          className="inline-flex size-16 items-center justify-center rounded-full bg-sky-400 text-[#0b1a33] shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-4 focus-visible:ring-white/70"
        >
          <Play className="ml-1 size-7" fill="currentColor" aria-hidden="true" />
          <span className="sr-only">Play {title}</span>
        </button>
        <p className="text-sm text-slate-300">Press play to load the episode player.</p>
      </div>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-xl border bg-card shadow-sm">
      {state === "loading" ? (
        <div role="status" className="absolute inset-x-0 top-0 flex items-center justify-center gap-2 p-6 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Loading player…
        </div>
      ) : null}
      <iframe
        src={source.src}
        title={`${title} (audio player)`}
        height={AUDIO_FRAME_HEIGHT}
        allow="autoplay"
        onLoad={() => setState("loaded")}
        onError={() => setState("error")}
        className={cn("block w-full border-0", state === "loading" && "opacity-0")}
        style={{ height: AUDIO_FRAME_HEIGHT }}
      />
    </div>
  );
}
