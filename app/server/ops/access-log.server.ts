/**
 * PRODUCT.md "Logs": one access line per request, written when the answer is complete or the client has
 * gone: method, route pattern, status, duration, body bytes sent, page-cache status and request id. No
 * URL, header or body: those are where tokens, cookies and passwords travel.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";

import { logAccess, nameRequestRoute } from "../log.server";
import type { Answer } from "./metrics.server";

/** Static files and other Express routes name their mount as their route; see `labelRoute`. */
const ROUTE_LABEL = "accessLogRoute";

/**
 * Serves `handler` under the route name `pattern` in access lines. When the handler passes the request
 * on (no such file), the label is dropped, so the route that does answer is the one named.
 */
export function labelRoute(pattern: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.locals[ROUTE_LABEL] = pattern;
    return handler(req, res, (error?: unknown) => {
      delete res.locals[ROUTE_LABEL];
      next(error);
    });
  };
}

/** Counts the body bytes written through `res` (after compression, when installed before it). */
function countBodyBytes(res: Response): () => number {
  let bytes = 0;
  const add = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") add(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response["end"];
  return () => bytes;
}

/**
 * The access log middleware; install it right after assignRequestId and before compression.
 * `routeOf` names the route of a pathname the React Router app serves; `onAnswered` hears of every answer
 * (the metrics count them).
 */
export function accessLog(
  routeOf: (pathname: string) => string,
  onAnswered: (answer: Answer) => void = () => {},
  onArrived: () => void = () => {},
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    onArrived();
    const started = process.hrtime.bigint();
    const bytesSent = countBodyBytes(res);
    const requestId = res.locals.requestId as string | undefined;
    // Folded errors count the routes they came from (PRODUCT.md "Logs"); worked out only if one is logged.
    nameRequestRoute(() => (res.locals[ROUTE_LABEL] as string | undefined) ?? routeOf(req.path));
    let written = false;
    const writeLine = () => {
      if (written) return;
      written = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const route = (res.locals[ROUTE_LABEL] as string | undefined) ?? routeOf(req.path);
      const cache = res.getHeader("X-Cache");
      // Closed before the answer was complete: the client went away (or the connection was cut).
      const completed = res.writableFinished;
      logAccess(`${req.method} ${route} ${res.statusCode} ${durationMs} ms`, {
        requestId,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs,
        bytes: bytesSent(),
        ...(typeof cache === "string" ? { cache } : {}),
        ...(completed ? {} : { aborted: true }),
      });
      onAnswered({ method: req.method, route, status: res.statusCode, durationMs, ...(typeof cache === "string" ? { cache } : {}) });
    };
    res.on("finish", writeLine);
    res.on("close", writeLine);
    next();
  };
}
