/**
 * Server rendering (PRODUCT.md "Speed"). No page defers data, so nothing is gained by streaming: the
 * whole page is rendered, then sent in one piece with its length. One write instead of dozens of small
 * ones is much cheaper to compress, and the page cache stores the same bytes.
 */
import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        rendered = true;
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => {
          clearTimeout(timeout);
          const body = Buffer.concat(chunks);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Length", String(body.length));
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the page is ready are logged by React Router's error handling.
        if (rendered) console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
