import { useEffect, useRef, useState } from "react";

import { formatBytes } from "~/lib/media-library";
import type { UploadedMedia, UploadKind } from "~/lib/uploads";
import { cn } from "~/lib/utils";

import { uploadFile } from "./upload-file";

export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; fileName: string; progress: number }
  | { phase: "done"; fileName: string; media: UploadedMedia }
  | { phase: "cancelled"; fileName: string }
  | { phase: "failed"; fileName: string; message: string };

/**
 * One upload at a time from an admin form (PRODUCT.md "Media library"): its progress, its outcome and a
 * way to cancel it. `upload` resolves with the stored file, or null when it was refused or cancelled.
 */
export function useFileUpload() {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function upload(file: File, kind?: UploadKind): Promise<UploadedMedia | null> {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const fileName = file.name;
    setState({ phase: "uploading", fileName, progress: 0 });
    try {
      const media = await uploadFile(file, kind, {
        signal: controller.signal,
        onProgress: (progress) => setState((state) => (state.phase === "uploading" ? { ...state, progress } : state)),
      });
      setState({ phase: "done", fileName, media });
      return media;
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: "cancelled", fileName });
      else setState({ phase: "failed", fileName, message: error instanceof Error ? error.message : String(error) });
      return null;
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return { state, upload, cancel: () => running.current?.abort(), reset: () => setState({ phase: "idle" }) };
}

/** What the status line says; the bar shows the same progress. */
function statusText(state: UploadState): string {
  switch (state.phase) {
    case "idle":
      return "";
    case "uploading":
      // Once every byte is sent the server still reads the file and makes its copies.
      return state.progress < 1 ? `Uploading ${state.fileName}… ${Math.floor(state.progress * 100)}%` : `Processing ${state.fileName}…`;
    case "done":
      return `Uploaded ${state.fileName} (${formatBytes(state.media.sizeBytes)}).`;
    case "cancelled":
      return `The upload of ${state.fileName} was cancelled.`;
    case "failed":
      return `${state.fileName} was not uploaded.`;
  }
}

/**
 * The progress bar, a status line read out as it changes, and the refusal's message. `id` names the
 * message, for the control's aria-describedby.
 */
export function UploadStatus({
  state,
  id,
  onCancel,
  className,
}: {
  state: UploadState;
  id: string;
  onCancel?: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {state.phase === "uploading" ? (
        <div className="flex items-center gap-2">
          <progress
            value={state.progress}
            max={1}
            aria-label={`Uploading ${state.fileName}`}
            className="h-2 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          />
          {onCancel ? (
            <button
              type="button"
              onClick={onCancel}
              className="shrink-0 text-xs font-medium text-muted-foreground underline-offset-2 hover:underline"
            >
              Cancel
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="text-xs text-muted-foreground">
        {statusText(state)}
      </p>
      {state.phase === "failed" ? (
        <p id={id} role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
