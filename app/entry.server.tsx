/**
 * Server rendering (PRODUCT.md "Speed"). No page defers data, so nothing is gained by streaming: the
 * whole page is rendered, then sent in one piece with its length. One write instead of dozens of small
 * ones is much cheaper to compress, and the page cache stores the same bytes.
 */
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";

import { NonceProvider } from "~/components/nonce";
import { noteRequestError } from "~/server/http/database-outage.server";
import { pageUrl } from "~/server/http/page-url.server";
import { createNonce, pageContentSecurityPolicy } from "~/server/http/security-headers.server";
import { logError } from "~/server/log.server";

export const streamTimeout = 5_000;

/**
 * Logs what went wrong on the server. A refused request (a 4xx such as a POST to a page without a form,
 * or a body that is not a form) is the client's mistake, not ours: logging its stack would let anyone
 * flood the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A database outage makes the answer a 503 (PRODUCT.md "Operations").
  noteRequestError(error);
  logError(`${request.method} ${pageUrl(request).pathname} failed`, error);
};

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // PRODUCT.md "Security headers": a nonce of its own for every render, sent in the policy of the same
  // response, so a page stored by the page cache (headers with body) always carries the matching pair.
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", pageContentSecurityPolicy(nonce));
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const page = (
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
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
        if (rendered) logError("Rendering a page failed", error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
