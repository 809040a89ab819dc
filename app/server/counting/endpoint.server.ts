/**
 * PRODUCT.md "Counters": the counter endpoints, `/api/{slug}/{id}/view` (`/listen` for podcasts), one per
 * type of the registry. server.ts mounts them on Express ahead of React Router: a view is posted by every
 * page a reader opens, so under a spike it is the busiest request of the site, and it needs no rendering.
 * Counters must never be answered from a cache: every answer carries NO_STORE.
 */
import type { RequestHandler } from "express";

import { NO_STORE } from "~/lib/cache-headers";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { COUNTER_ROUTES } from "~/lib/counter-paths";

import { saltOf } from "../daily-salt.server";
import { getEnv } from "../env.server";
import { noteRequestError } from "../http/database-outage.server";
import { logError } from "../log.server";
import { addressFromForwardedFor } from "../rate-limit.server";
import { playRoutes } from "./plays.server";
import { recordContentHit } from "./record-hit.server";
import { referrerHostOf } from "./referrer-group.server";
import { audienceOf, visitorFrom, type Visitor } from "./visitor.server";

/** What the endpoint reads of a request. */
export interface CounterCall {
  method: string;
  userAgent: string | null | undefined;
  /** X-Forwarded-For as server.ts leaves it: the one client address it resolved. */
  forwardedFor: string | null | undefined;
  /** PRODUCT.md "Measurement": the query's `ref` (the referring page's host) and `src` (its utm_source), as sent. */
  referrerHost?: unknown;
  source?: unknown;
  /** `embed` when our embed frame counts the view on another site's page (PRODUCT.md "Embeds"). */
  via?: unknown;
}

let site: { url: string; host: string } | undefined;
/** This site's host (PUBLIC_URL's), worked out once per setting rather than once per view. */
function ownHost(): string {
  const url = getEnv().PUBLIC_URL;
  if (site?.url !== url) site = { url, host: new URL(url).hostname };
  return site.host;
}

/** The audience of a counted view: the day's salt is read once a day per process. */
async function withAudience(visitor: Visitor | null, call: CounterCall, address: string | null): Promise<Visitor | null> {
  if (!visitor || !address) return visitor;
  const salt = await saltOf(new Date());
  const source = typeof call.source === "string" && call.source.length <= 50 ? call.source : null;
  const audience = audienceOf(
    { userAgent: call.userAgent!.trim(), address, referrerHost: referrerHostOf(call.referrerHost), source, embedded: call.via === "embed" },
    { salt, ownHost: ownHost() },
  );
  return { ...visitor, audience };
}

export interface CounterAnswer {
  status: number;
  headers: Record<string, string>;
  body: { views?: number; listens?: number; error?: string };
}

const JSON_NO_STORE = { ...NO_STORE, "Content-Type": "application/json; charset=utf-8" };

/**
 * Records one view or listen for the visitor (who counts, once per 30 minutes and never a bot, is
 * `visitor.server.ts`'s; PRODUCT.md "Security") and answers the live count, or 404 for an unknown or
 * unpublished id. Only a POST counts: a GET (crawler, prefetch, link preview) is refused with 405.
 */
export async function answerCounter(type: ContentType, id: string | undefined, call: CounterCall): Promise<CounterAnswer> {
  if (call.method !== "POST") {
    return { status: 405, headers: { ...JSON_NO_STORE, Allow: "POST" }, body: { error: "Method Not Allowed" } };
  }
  const info = CONTENT_REGISTRY[type];
  const address = addressFromForwardedFor(call.forwardedFor);
  const visitor = await withAudience(visitorFrom(call.userAgent, address), call, address);
  const count = await recordContentHit(type, id, visitor);
  if (count == null) {
    return { status: 404, headers: JSON_NO_STORE, body: { error: `${info.noun[0]!.toUpperCase()}${info.noun.slice(1)} not found` } };
  }
  return { status: 200, headers: JSON_NO_STORE, body: { [info.counter]: count } };
}

export interface CounterRoute {
  /** The Express path, also the access log's and metrics' route label. */
  pattern: string;
  handler: RequestHandler;
}

/**
 * The counter of every type and the players' marks (`plays.server.ts`), as Express routes (every method:
 * all but POST are answered 405).
 */
export function counterRoutes(): CounterRoute[] {
  return [...viewCounterRoutes(), ...playRoutes()];
}

function viewCounterRoutes(): CounterRoute[] {
  return COUNTER_ROUTES.map(({ type, pattern }) => ({
    pattern,
    handler: (req, res) => {
      const id = typeof req.params.id === "string" ? req.params.id : undefined;
      answerCounter(type, id, {
        method: req.method,
        userAgent: req.headers["user-agent"],
        forwardedFor: req.get("x-forwarded-for"),
        referrerHost: req.query.ref,
        source: req.query.src,
        via: req.query.via,
      }).then(
        (answer) => res.writeHead(answer.status, answer.headers).end(JSON.stringify(answer.body)),
        (error: unknown) => {
          // A database outage turns this 500 into a 503 with Retry-After (database-outage.server.ts).
          noteRequestError(error);
          logError(`Counter ${req.path} failed`, error);
          res.writeHead(500, JSON_NO_STORE).end(JSON.stringify({ error: "The count could not be recorded. Please try again." }));
        },
      );
    },
  }));
}
