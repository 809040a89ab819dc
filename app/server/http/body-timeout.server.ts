/**
 * PRODUCT.md "Security": how long a request's body may take to arrive. Node's own request timeout is one
 * value for the whole server, and large audio uploads need an hour (PRODUCT.md "Media library"); every
 * other request gets the short limit (BODY_TIMEOUT_SECONDS), so bodies that dribble in cannot hold
 * connections. A body still arriving after its request was answered (a refusal, a sign-in redirect)
 * gets the short limit from the answer on, whatever the route, and never resets the connection under
 * the answer (a lingering close, as web servers do).
 */
import type { NextFunction, Request, Response } from "express";

import { UPLOAD_ENDPOINT } from "../../lib/uploads";
import { pagePath } from "./page-url.server";

/** Uploads: the media library page's own form and the upload endpoint (PRODUCT.md "Media library"). */
export const UPLOAD_BODY_TIMEOUT_MS = 60 * 60_000;
const UPLOAD_PATHS = new Set([UPLOAD_ENDPOINT, "/admin/media"]);

const TIMED_OUT = (seconds: number) =>
  `Request Timeout: the request's body did not arrive within ${seconds} seconds; send it again over a faster connection.\n`;

/** A POST to an upload route: its path as React Router matches it (any case, trailing slash, `.data`). */
export function isUploadRequest(req: Request): boolean {
  if (req.method !== "POST") return false;
  const path = pagePath(req.path.toLowerCase()).replace(/\/+$/, "");
  return UPLOAD_PATHS.has(path);
}

/** A request that announces no body has nothing to wait for. */
const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

export function limitBodyTime({ bodyMs, uploadBodyMs = UPLOAD_BODY_TIMEOUT_MS }: { bodyMs: number; uploadBodyMs?: number }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req) || req.complete) return next();
    const limitMs = isUploadRequest(req) ? uploadBodyMs : bodyMs;
    let timer: NodeJS.Timeout | undefined;
    const arrived = () => req.complete || req.readableEnded || req.socket.destroyed;
    const stop = () => clearTimeout(timer);

    // Not answered yet: a 408 that closes the connection (the handler waiting for the body gives up).
    timer = setTimeout(() => {
      if (arrived()) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res
        .status(408)
        .set({ Connection: "close", "Cache-Control": "no-store" })
        .type("text/plain")
        .send(TIMED_OUT(Math.round(limitMs / 1000)));
    }, limitMs);
    // Answered with the body still on its way: Node reads and drops the rest, so the answer is never lost to
    // a reset on unread bytes, but only for the short limit; then the connection is closed.
    res.once("close", () => {
      stop();
      if (arrived()) return;
      timer = setTimeout(() => {
        if (!arrived()) req.socket.destroy();
      }, bodyMs);
    });
    // Answered with the body still on its way, on a connection that ends with the answer (the client sent
    // `Connection: close`): Node would close the socket at once, and the bytes still arriving would reset
    // it, which can destroy the answer before the client reads it. The answer is ended with a FIN instead,
    // and the socket closed once the rest of the body is read and dropped (or at the short limit above).
    res.once("prefinish", () => {
      if (arrived()) return;
      const socket = req.socket;
      const destroySoon = socket.destroySoon;
      socket.destroySoon = () => {
        if (arrived()) return destroySoon.call(socket);
        socket.end();
        req.once("end", () => socket.destroy());
      };
    });
    req.once("end", stop);
    req.once("close", stop);
    next();
  };
}
