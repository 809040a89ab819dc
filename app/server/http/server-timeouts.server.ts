/**
 * The HTTP server's timeouts, set where server.ts creates it (PRODUCT.md "Operations" and "Media library").
 */
import type http from "node:http";

import type { Env } from "../env.server";
import { UPLOAD_BODY_TIMEOUT_MS } from "./body-timeout.server";

/** headersTimeout exceeds keepAliveTimeout by this much, as Node's documentation advises. */
export const HEADERS_AFTER_KEEP_ALIVE_MS = 5_000;

/**
 * - keepAliveTimeout: an idle keep-alive connection stays open KEEP_ALIVE_TIMEOUT_SECONDS (default 65), longer
 *   than a load balancer's own idle timeout (60 s on AWS ALB and nginx), so the balancer closes it first and
 *   never sends a request on a connection this server is closing (which it answers 502). Node's default is 5 s.
 * - headersTimeout: above keepAliveTimeout, so a request that starts just as the keep-alive window ends still
 *   gets its full time for the headers.
 * - requestTimeout: a large audio upload can outlast Node's 5-minute request limit. Node's limit is one for
 *   the whole server; limitBodyTime gives every other route the short one, and headersTimeout still guards
 *   slow headers.
 *
 * A stop does not wait for keep-alive connections: http-drain.server.ts closes idle ones half a second
 * into the drain, whatever keepAliveTimeout is.
 */
export function applyTimeouts(server: http.Server, env: Pick<Env, "KEEP_ALIVE_TIMEOUT_SECONDS">) {
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000;
  server.headersTimeout = server.keepAliveTimeout + HEADERS_AFTER_KEEP_ALIVE_MS;
  server.requestTimeout = UPLOAD_BODY_TIMEOUT_MS;
}
