/**
 * A database that is down or does not answer (PRODUCT.md "Operations") makes a request fail within the
 * pool's timeouts; its answer is then 503 with Retry-After, not a 500: the fault is passing, the request
 * was fine, and a load balancer or crawler should come back rather than count an error in our code.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";

import { errorChain } from "../db/driver-errors.server";
import { withDatabaseDeadline } from "../db/request-deadline.server";
import { getEnv } from "../env.server";

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** SQLSTATE classes and codes that mean the database cannot serve now, not that the query was wrong. */
const UNAVAILABLE_SQLSTATES = /^(08|53|57P0)/;
/** statement_timeout: the server gave up on a statement (a stuck lock, a hung disk). */
const STATEMENT_TIMEOUT = "57014";
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres' own messages for a pool or connection that timed out or was cut. */
const UNAVAILABLE_MESSAGES = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Client has encountered a connection error",
];

/** True when `error`, or an error it wraps (Drizzle wraps the driver's), says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = link.code;
    if (
      typeof code === "string" &&
      (code === STATEMENT_TIMEOUT || UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))
    ) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => link.message.startsWith(message))) return true;
  }
  return false;
}

// On globalThis: server.ts and the app build are separate bundles, each with its own copy of this module,
// and the middleware (server.ts) and handleError (the app) must share one store.
const globalStore = globalThis as typeof globalThis & { __databaseOutage?: AsyncLocalStorage<{ databaseUnavailable: boolean }> };
const outage = (globalStore.__databaseOutage ??= new AsyncLocalStorage());

/** Called with every error a request's handlers report (entry.server.tsx handleError). */
export function noteRequestError(error: unknown) {
  const state = outage.getStore();
  if (state && isDatabaseUnavailable(error)) state.databaseUnavailable = true;
}

/** True when the current request has met an unavailable database. */
export function requestMetDatabaseOutage(): boolean {
  return outage.getStore()?.databaseUnavailable ?? false;
}

/**
 * A request's database time in all: the statement timeout less half a second (at least one second), so that
 * a request that meets a hanging database has answered 503 within DATABASE_STATEMENT_TIMEOUT_MS.
 */
export function requestDatabaseTimeMs(statementTimeoutMs: number): number {
  return Math.max(1_000, statementTimeoutMs - 500);
}

/**
 * Express middleware: a 500 whose request met an unavailable database goes out as 503, and every 503 (the
 * lists answer theirs themselves) tells the client when to try again. The request's statements share one
 * deadline (db/request-deadline.server.ts).
 */
export const answerDatabaseOutagesWith503: RequestHandler = (_req, res, next) => {
  const state = { databaseUnavailable: false };
  const writeHead = res.writeHead;
  // Every answer passes here, also those sent without an explicit writeHead (Node calls it on the first write).
  res.writeHead = function (this: typeof res, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && state.databaseUnavailable) {
      statusCode = 503;
      this.statusMessage = "Service Unavailable";
      if (typeof rest[0] === "string") rest[0] = this.statusMessage;
    }
    if (statusCode === 503 && !this.hasHeader("Retry-After")) this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    return (writeHead as (...args: unknown[]) => typeof res).call(this, statusCode, ...rest);
  } as typeof res.writeHead;
  const databaseTime = requestDatabaseTimeMs(getEnv().DATABASE_POOL.statementTimeoutMs);
  outage.run(state, () => withDatabaseDeadline(databaseTime, next));
};
