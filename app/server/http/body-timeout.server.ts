/**
 * PRODUCT.md "Security": how long a request's body may take to arrive. Node's own request timeout is one
 * value for the whole server, and large audio uploads need an hour (PRODUCT.md "Media library"); every
 * other request gets the short limit (BODY_TIMEOUT_SECONDS), so bodies that dribble in cannot hold
 * connections. A body still arriving after its request was answered (a refusal, a sign-in redirect)
 * gets the short limit from the answer on, whatever the route, and never resets the connection under
 * the answer (a lingering close, as web servers do). Neither do bytes a client sends after the last
 * request of a connection (see lingeringClose).
 */
import { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";

import { UPLOAD_ENDPOINT } from "../../lib/uploads";
import { pagePath } from "./page-url.server";

/** Uploads: the media library page's own form and the upload endpoint (PRODUCT.md "Media library"). */
export const UPLOAD_BODY_TIMEOUT_MS = 60 * 60_000;
// PRODUCT.md "Markets": a CSV of prices may be 10 MB.
const UPLOAD_PATHS = new Set([UPLOAD_ENDPOINT, "/admin/media", "/admin/markets"]);

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

/** What a lingering close waits for before it closes the socket. */
type StillArriving = "the request's body" | "the client's last byte";

interface LingeringClose {
  /** The socket is not closed before `what` has arrived (or the limit has passed). */
  waitFor: (what: StillArriving) => void;
  arrived: (what: StillArriving) => void;
}

const lingeringCloses = new WeakMap<Socket, LingeringClose>();

/**
 * A lingering close, as web servers do: a connection's last answer ends with a FIN, what the client is still
 * sending is read and dropped, and the socket is closed only once that has arrived, or after `lingerMs`.
 * Closed with bytes unread or still on their way, the connection is reset by the kernel, and a client that
 * is still writing can meet the reset before it has read the answer (Node's client fails with `write
 * ECONNRESET`, the answer unread). Node closes a connection at once after its last answer
 * (`socket.destroySoon`, called when the answer is finished): that is what waits here.
 */
export function lingeringClose(socket: Socket, lingerMs: number): LingeringClose {
  const existing = lingeringCloses.get(socket);
  if (existing) return existing;
  const stillArriving = new Set<StillArriving>();
  let answered = false;
  // The client's FIN: it sends nothing more.
  let clientDone = socket.readableEnded;
  const closeIfDone = () => {
    if (answered && (clientDone || stillArriving.size === 0)) Socket.prototype.destroySoon.call(socket);
  };
  // The answer was finished before the wait began: Node's close is on its way (its FIN is sent, the socket
  // is destroyed once it is written). The FIN stays; the destroy waits.
  if (socket.writableEnded) {
    answered = true;
    socket.removeListener("finish", socket.destroy);
  }
  socket.destroySoon = () => {
    answered = true;
    if (socket.writable) socket.end();
    closeIfDone();
  };
  socket.once("end", () => {
    clientDone = true;
    closeIfDone();
  });
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  socket.once("close", () => clearTimeout(timer));
  const closing: LingeringClose = {
    waitFor: (what) => void stillArriving.add(what),
    arrived: (what) => {
      stillArriving.delete(what);
      closeIfDone();
    },
  };
  lingeringCloses.set(socket, closing);
  return closing;
}

/**
 * Bytes after the last request of a connection (one that said `Connection: close`, or HTTP/1.0), which
 * Node's parser reports as an error (HPE_CLOSED_CONNECTION, "Data after `Connection: close`"). They are
 * not a request: most often a body sent without Content-Length, as Node's own HTTP client sends the body
 * of a DELETE, GET, HEAD, OPTIONS or TRACE (HTTP gives such a request no body, RFC 9112 section 6.3).
 * The answer to the request goes out whole, the bytes are dropped as they arrive, and the connection is
 * closed after the client's last byte (a lingering close, at most `lingerMs`). Closing it on the error
 * would reset it under the answer, and answering the bytes would replace the answer.
 */
export function dropBytesAfterLastRequest(socket: Socket, lingerMs: number) {
  if (!socket.destroyed) lingeringClose(socket, lingerMs).waitFor("the client's last byte");
}

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
    // and the socket closed once the rest of the body is read and dropped (lingeringClose), or at the short
    // limit.
    res.once("prefinish", () => {
      if (arrived()) return;
      const socket = req.socket;
      const destroySoon = socket.destroySoon;
      socket.destroySoon = () => {
        socket.destroySoon = destroySoon;
        if (!arrived()) {
          const closing = lingeringClose(socket, bodyMs);
          closing.waitFor("the request's body");
          req.once("end", () => closing.arrived("the request's body"));
        }
        socket.destroySoon();
      };
    });
    req.once("end", stop);
    req.once("close", stop);
    next();
  };
}
