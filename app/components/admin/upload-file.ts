import { UPLOAD_ENDPOINT, type UploadedMedia, type UploadKind } from "~/lib/uploads";

/**
 * Sends one file to the upload endpoint (PRODUCT.md "Media library") and reports its progress (0 to 1).
 * XMLHttpRequest, not fetch: only it reports how much of a request body has been sent. Rejects with the
 * server's message when the file is refused. Without a kind the file's content decides.
 */
export function uploadFile(
  file: File,
  kind: UploadKind | undefined,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    // Before the file, so the server knows its size limit while the file arrives.
    if (kind) body.append("kind", kind);
    body.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_ENDPOINT);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const answer = request.response as { media?: UploadedMedia; error?: string } | null;
      if (request.status === 201 && answer?.media) resolve(answer.media);
      else reject(new Error(answer?.error ?? `The upload failed (status ${request.status}).`));
    });
    request.addEventListener("error", () => reject(new Error("The upload failed: the connection was lost.")));
    request.addEventListener("abort", () => reject(new Error("The upload was cancelled.")));
    signal?.addEventListener("abort", () => request.abort());
    request.send(body);
  });
}
