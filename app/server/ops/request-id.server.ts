/**
 * PRODUCT.md "Logs": every request gets an id, sent back as X-Request-Id on every answer (refusals and
 * page-cache hits included) and carried by every log line written while it is handled. A proxy we trust
 * (TRUST_PROXY) may hand us its own id, so one id follows the request through both logs; anyone else's is
 * ignored, or a client could put any text into our log lines.
 */
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";

import { runWithRequestId } from "../log.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Visible ASCII only (no spaces, no control characters that could forge a line), at most 200 of them. */
const SANE_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/** The id a request brings, when its sender may name one and the value is sane; otherwise undefined. */
export function acceptedRequestId(header: string | string[] | undefined, fromTrustedProxy: boolean): string | undefined {
  if (!fromTrustedProxy || typeof header !== "string") return undefined;
  return SANE_REQUEST_ID.test(header) ? header : undefined;
}

/**
 * Whether the connection's peer is a proxy TRUST_PROXY names: Express compiles the setting
 * (installClientAddress) into this function, asked about the nearest hop.
 */
function isFromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  const peer = req.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}

/** First middleware: names the request, answers with the name, and runs the rest under it. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const requestId = acceptedRequestId(req.headers["x-request-id"], isFromTrustedProxy(req)) ?? randomUUID();
  req.headers["x-request-id"] = requestId;
  res.locals.requestId = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestId(requestId, next);
};
