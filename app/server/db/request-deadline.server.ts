/**
 * A request's time with the database (PRODUCT.md "Operations"): when the database hangs, a request fails
 * within DATABASE_STATEMENT_TIMEOUT_MS in all, however many statements it runs one after another, not within
 * that time for each of them. The HTTP layer runs each request inside `withDatabaseDeadline`; every query a
 * PostgreSQL pool's connection sends meanwhile gets what is left as its `query_timeout`, so the one that
 * would cross the deadline fails there ("Query read timeout", which the outage handling answers with 503).
 * Work outside a request (the mail worker, the schedulers) has no deadline.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

// On globalThis: server.ts and the app build are separate bundles, each with its own copy of this module.
const holder = globalThis as typeof globalThis & { __databaseDeadline?: AsyncLocalStorage<{ deadline: number }> };
const store = (holder.__databaseDeadline ??= new AsyncLocalStorage());

/** Runs `work` (and everything it starts) with `ms` of database time from now. */
export function withDatabaseDeadline<T>(ms: number, work: () => T): T {
  return store.run({ deadline: Date.now() + ms }, work);
}

/**
 * Runs `work` (and everything it starts) with no request's deadline. A batch written for many requests (the
 * views' group commit, the podcast request records) starts in whichever request came first, and goes on
 * after that request's deadline has passed: its queries are bounded by the pool's own query timeout.
 */
export function withoutDatabaseDeadline<T>(work: () => T): T {
  return store.exit(work);
}

/** Milliseconds left to the current request's deadline (0 once passed); undefined outside a request. */
export function databaseTimeLeft(): number | undefined {
  const current = store.getStore();
  return current ? Math.max(0, current.deadline - Date.now()) : undefined;
}

type QueryConfig = { text: string; query_timeout?: number } & Record<string, unknown>;

/** node-postgres' own message for a connection that did not come in time (the outage handling knows it). */
const CONNECT_TIMEOUT_MESSAGE = "timeout exceeded when trying to connect";

/**
 * Has `pool` keep every request's deadline: waiting for a connection ends by it, and every query on a
 * connection (each patched once, when it connects) ends by it too, and never later than `queryTimeoutMs`.
 */
export function boundByRequestDeadline(pool: pg.Pool, queryTimeoutMs: number) {
  pool.on("connect", (client) => boundQueriesByDeadline(client, queryTimeoutMs));
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: Error | boolean) => void) => void;
  // pg-pool's own query() asks for its connection through this too, with a callback.
  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    const left = databaseTimeLeft();
    const connecting = connect();
    const bounded = left === undefined ? connecting : byDeadline(connecting, left);
    if (!callback) return bounded;
    bounded.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}

/** The connection, or a timeout error once `ms` have passed; one that comes later goes back to the pool. */
function byDeadline(connecting: Promise<pg.PoolClient>, ms: number): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => {
        settled = true;
        reject(new Error(CONNECT_TIMEOUT_MESSAGE));
      },
      Math.max(1, ms),
    );
    connecting.then(
      (client) => {
        if (settled) return client.release();
        clearTimeout(timer);
        settled = true;
        resolve(client);
      },
      (error: unknown) => {
        if (settled) return;
        clearTimeout(timer);
        settled = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Has every query on `client` end by the request's deadline, and never later than `queryTimeoutMs`. */
export function boundQueriesByDeadline(client: pg.ClientBase, queryTimeoutMs: number) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const left = databaseTimeLeft();
    // A stream or cursor (no `text`) is passed on as it is; none is used inside a request.
    if (left === undefined || (typeof config !== "string" && typeof (config as QueryConfig | null)?.text !== "string")) {
      return query(config, ...rest);
    }
    // At least 1 ms: a deadline already passed fails the query at once, with node-postgres' own timeout error.
    const timeout = Math.max(1, Math.min(left, queryTimeoutMs));
    const bounded: QueryConfig =
      typeof config === "string" ? { text: config, query_timeout: timeout } : { ...(config as QueryConfig), query_timeout: timeout };
    return query(bounded, ...rest);
  };
}
