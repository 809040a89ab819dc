/**
 * HTTP methods nobody on this site serves (TRACE, PUT, DELETE …) are answered 405 with an `Allow`
 * header before they reach the app, never a 500 (PRODUCT.md "Security").
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";

import { dropBytesAfterLastRequest } from "./body-timeout.server";
import { isContentApiPath } from "./page-cache.server";

/** Pages and resource routes answer GET/HEAD; every form and API call is a POST. */
const SERVED_METHODS = ["GET", "HEAD", "POST"];
const ALLOW = [...SERVED_METHODS, "OPTIONS"].join(", ");

const NODE_PARSE_ERRORS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

const methodNotAllowed = (method: string) => `Method Not Allowed: ${method} is not served here; this site answers ${ALLOW}.\n`;

/**
 * Express middleware: OPTIONS is told what is allowed, any other unserved method gets a 405.
 * Refusals here and in the origin guard are sent at once, without waiting for the request's body
 * (PRODUCT.md "Security"). The connection is not closed on bytes still unread, which would reset it and
 * could destroy the answer before the client reads it: Node reads and drops the rest of the body, for at
 * most the short body limit (body-timeout.server.ts), then the connection is closed.
 */
export function refuseUnservedMethods(req: Request, res: Response, next: NextFunction) {
  if (SERVED_METHODS.includes(req.method)) return next();
  // PRODUCT.md "Content API": read-only, open to every origin.
  if (req.method === "OPTIONS" && isContentApiPath(req.path)) return answerContentApiPreflight(res);
  res.setHeader("Allow", ALLOW);
  res.setHeader("Cache-Control", "no-store");
  if (req.method === "OPTIONS") res.status(204).end();
  else res.status(405).type("text/plain").send(methodNotAllowed(req.method));
}

/**
 * A browser asks before a cross-origin GET with headers of its own (If-None-Match): any origin may GET or
 * HEAD the content API with it, and may keep the answer a day.
 */
function answerContentApiPreflight(res: Response) {
  res.setHeader("Allow", "GET, HEAD, OPTIONS");
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "If-None-Match, If-Modified-Since");
  res.setHeader("Access-Control-Max-Age", "86400");
  res.setHeader("Cache-Control", "no-store");
  res.status(204).end();
}

/**
 * Node's HTTP parser refuses methods it does not know (TRACK, made-up names) before Express sees
 * them, with a bare 400; answer those 405 too. Bytes after a connection's last request are no request
 * and get no answer: the answer in progress goes out whole, and they are dropped until the client stops
 * sending (at most `bodyMs`, body-timeout.server.ts). Other parse errors keep Node's own answers.
 */
export function answerUnknownMethods(server: Server, { bodyMs }: { bodyMs: number }) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // Reported again for every chunk that arrives after the last request.
    if (error.code === "HPE_CLOSED_CONNECTION") {
      dropBytesAfterLastRequest(socket, bodyMs);
      return;
    }
    if (!socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    if (error.code === "HPE_INVALID_METHOD") {
      const body = methodNotAllowed("this method");
      socket.end(
        `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    // The answers Node gives when nobody listens for clientError.
    socket.end(`HTTP/1.1 ${NODE_PARSE_ERRORS[error.code ?? ""] ?? "400 Bad Request"}\r\nConnection: close\r\n\r\n`);
  });
}
