/**
 * The anonymous page cache (PRODUCT.md "Page cache"): public pages whose HTML is the same for every
 * visitor are rendered once and served from memory, already compressed (br and gzip), until a content
 * write invalidates them or the next scheduled publication comes. Stale entries are served while one
 * background render refreshes them; a burst of misses for one page renders once.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";

import { logError } from "../log.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  status: number;
  /** Response headers without the body's length and encoding (set per answer). */
  headers: [string, string][];
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
  storedAt: number;
}

export type Encoding = keyof CachedPage["bodies"];

export interface PageCacheOptions {
  maxEntries: number;
  /** Bound on the stored bytes, all three encodings of every entry counted. */
  maxBytes: number;
  /** Served as is for this long after rendering… */
  freshMs: number;
  /** …then served once more while a background render refreshes it, for at most this long. */
  staleMs: number;
  now?: () => number;
  /**
   * The earliest publication time after `since` and the pages it changes (every page without `covers`),
   * or null when none is scheduled (PRODUCT.md "Scheduled publishing"). With it, no entry outlives the
   * next publication: the cache drops those pages when that time comes, since a page rendered before it
   * does not show the item.
   */
  nextPublication?: (since: Date) => Promise<{ at: Date; covers?: (key: string) => boolean } | null>;
}

/**
 * The next publication is looked up from this long before the invalidation and acted on this long after
 * it: stored times keep microseconds where JavaScript keeps milliseconds, and the database's clock may
 * be a little behind this process's. Pages may show a scheduled item up to a second late, never not at all.
 */
export const PUBLICATION_MARGIN_MS = 1_000;

/**
 * Partial invalidations remembered for the renders under way (a render lasts well under a second; a burst of
 * writes beyond this many only means a few renders are not stored).
 */
export const PARTIAL_INVALIDATIONS_KEPT = 64;

/** When the next publication cannot be looked up, the cache empties itself after this long and asks again. */
export const PUBLICATION_RETRY_MS = 30_000;

export type CacheOutcome =
  | { kind: "hit" | "stale" | "miss"; page: CachedPage }
  /** The render was not cacheable (a cookie, an error, a private page): answer with it as it is. */
  | { kind: "uncacheable"; response: Response };

/** A page's HTML and its data request's answer. */
export const PAGE_CONTENT_TYPES = ["text/html", "text/x-script"] as const;
/** PRODUCT.md "Content API": its answers, kept only under its own paths (an oEmbed answer is JSON too). */
export const CONTENT_API_CONTENT_TYPES = ["application/json"] as const;

/** What may be stored: a plain 200 of one of `contentTypes` that a shared cache may keep, setting no cookie. */
export function isCacheableResponse(response: Response, contentTypes: readonly string[] = PAGE_CONTENT_TYPES): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(no-store|private)\b/.test(cacheControl)) return false;
  const type = response.headers.get("content-type") ?? "";
  return contentTypes.some((accepted) => type.startsWith(accepted));
}

const HOP_BY_HOP = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

async function toCachedPage(response: Response, storedAt: number): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [br, gz] = await Promise.all([
    // Quality 5: close to the best size for HTML at a fraction of the time of quality 11.
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(identity, { level: 6 }),
  ]);
  const headers = [...response.headers].filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()));
  return { status: response.status, headers, bodies: { identity, br, gzip: gz }, storedAt };
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  /** Renders under way, by key, so concurrent misses share one; with the generation each started at. */
  private readonly renders = new Map<string, { promise: Promise<CacheOutcome>; started: number }>();
  /** Bumped by every invalidation: a render started before one that covers its key is never stored. */
  private generation = 0;
  /** The generation of the last invalidation of every entry. */
  private emptiedAt = 0;
  /** The latest partial invalidations, with the keys they covered (at most PARTIAL_INVALIDATIONS_KEPT). */
  private partial: { generation: number; covers: (key: string) => boolean }[] = [];
  /** The newest generation forgotten from `partial`: a render started before it cannot tell, so is not stored. */
  private forgottenAt = 0;
  private readonly now: () => number;
  /** When entries must go (the next scheduled publication, plus the margin); null: none known. */
  private expiresAt: number | null = null;
  /** Which entries go then (every one when undefined). */
  private expiryCovers: ((key: string) => boolean) | undefined;
  /** The lookup of `expiresAt` under way, and its number: only the latest one may set it. */
  private lookup: Promise<void> = Promise.resolve();
  private lookups = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, CachedPage>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (page) => Math.max(1, page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length),
    });
    this.lookUpNextPublication();
  }

  /**
   * Drops the entries `covers` says a content write may have changed, here or in another instance, or
   * every entry without it (a scheduled item's time came, a change of unknown reach); renders under way
   * for those keys are not stored. Then looks up the next publication again: the write may have
   * scheduled one.
   */
  invalidate(covers?: (key: string) => boolean): void {
    this.generation += 1;
    if (!covers) {
      this.emptiedAt = this.generation;
      this.partial = [];
      this.entries.clear();
      this.renders.clear();
    } else {
      for (const key of [...this.entries.keys()]) if (covers(key)) this.entries.delete(key);
      for (const key of [...this.renders.keys()]) if (covers(key)) this.renders.delete(key);
      this.partial.push({ generation: this.generation, covers });
      if (this.partial.length > PARTIAL_INVALIDATIONS_KEPT) this.forgottenAt = this.partial.shift()!.generation;
    }
    this.lookUpNextPublication();
  }

  /** Whether a render of `key` started at generation `started` may be stored: no invalidation since covers it. */
  private mayStore(key: string, started: number): boolean {
    if (started < this.emptiedAt || started < this.forgottenAt) return false;
    return !this.partial.some((invalidation) => invalidation.generation > started && invalidation.covers(key));
  }

  /**
   * Seconds until every entry goes (the next scheduled publication), or null when none is scheduled: what
   * shared caches may be allowed at most.
   */
  secondsToExpiry(): number | null {
    return this.expiresAt === null ? null : (this.expiresAt - this.now()) / 1000;
  }

  /** Resolves once the lookup of the next publication under way has finished (tests, start-up). */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.lookup;
      await current;
    } while (current !== this.lookup);
  }

  /**
   * Checked on every serve rather than by a timer: nothing runs while the site is idle, and the first
   * request after the time is the one that renders the page with the item.
   */
  private expireIfPublicationCame() {
    if (this.expiresAt !== null && this.now() >= this.expiresAt) this.invalidate(this.expiryCovers);
  }

  private lookUpNextPublication() {
    const find = this.options.nextPublication;
    if (!find) return;
    const lookup = ++this.lookups;
    // Entries stored from here on were rendered after `since`: a time after it is one they may not show.
    const since = new Date(this.now() - PUBLICATION_MARGIN_MS);
    this.expiresAt = null;
    this.lookup = find(since).then(
      (next) => {
        if (lookup !== this.lookups) return;
        this.expiresAt = next === null ? null : next.at.getTime() + PUBLICATION_MARGIN_MS;
        this.expiryCovers = next?.covers;
      },
      (error: unknown) => {
        logError("Page cache: cannot look up the next scheduled publication", error);
        if (lookup !== this.lookups) return;
        this.expiresAt = this.now() + PUBLICATION_RETRY_MS;
        this.expiryCovers = undefined;
      },
    );
  }

  get size() {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /**
   * The page for `key`: from memory when fresh; stale with a background refresh; otherwise rendered
   * (once for all concurrent requests) and stored when cacheable.
   */
  async serve(key: string, render: () => Promise<Response>, contentTypes: readonly string[] = PAGE_CONTENT_TYPES): Promise<CacheOutcome> {
    this.expireIfPublicationCame();
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.storedAt;
      if (age < this.options.freshMs) return { kind: "hit", page: entry };
      if (age < this.options.freshMs + this.options.staleMs) {
        void this.renderOnce(key, render, contentTypes).catch(() => {}); // failures keep the stale page until it expires
        return { kind: "stale", page: entry };
      }
      this.entries.delete(key);
    }
    const shared = this.renders.get(key);
    if (shared) {
      const outcome = await shared.promise;
      // Another request's uncacheable answer (its body already used) is not ours: render our own.
      return outcome.kind === "uncacheable" ? { kind: "uncacheable", response: await render() } : { ...outcome, kind: "miss" };
    }
    return this.renderOnce(key, render, contentTypes);
  }

  private renderOnce(key: string, render: () => Promise<Response>, contentTypes: readonly string[]): Promise<CacheOutcome> {
    const existing = this.renders.get(key);
    if (existing) return existing.promise;
    const started = this.generation;
    const startedAt = this.now();
    const promise = (async (): Promise<CacheOutcome> => {
      const response = await render();
      if (!isCacheableResponse(response, contentTypes)) return { kind: "uncacheable", response };
      const page = await toCachedPage(response, startedAt);
      if (this.mayStore(key, started)) this.entries.set(key, page);
      return { kind: "miss", page };
    })().finally(() => {
      if (this.renders.get(key)?.promise === promise) this.renders.delete(key);
    });
    this.renders.set(key, { promise, started });
    return promise;
  }
}

/** The best encoding this client accepts among those stored. */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding {
  const accepted = (acceptEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name);
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

/** Paths never served from the cache (PRODUCT.md "Page cache"): personal, mutating or not pages at all. */
// /reports: a client report opened by its shared link is one client's, and must stop the moment it is revoked.
const NEVER_CACHED = /^\/(admin|auth|account|api|resources|healthz|readyz|uploads|reports)(\/|\.|$)/;

/** PRODUCT.md "Content API": the public JSON API, the one part of /api the cache keeps. */
export const CONTENT_API_PREFIX = "/api/v1/";

export function isContentApiPath(pathname: string): boolean {
  return pathname.startsWith(CONTENT_API_PREFIX);
}

/** Cookies that change a page for one visitor: a flash toast waiting to be shown. */
const TOAST_COOKIE = /(?:^|;\s*)mw_toast=/;

/** Whether a request may be answered from the cache at all (before looking for an entry). */
export function isCacheableRequest(method: string, pathname: string, cookieHeader: string | null | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  // The same for every client, cookies or not (PRODUCT.md "Content API").
  if (isContentApiPath(pathname)) return true;
  if (NEVER_CACHED.test(pathname)) return false;
  return !TOAST_COOKIE.test(cookieHeader ?? "");
}

const globalStore = globalThis as typeof globalThis & { __pageCache?: PageCache | null };

/** The process's page cache, or null when PAGE_CACHE=off. Shared by server.ts and the app build. */
export function getPageCache(): PageCache | null {
  return globalStore.__pageCache ?? null;
}

export function installPageCache(cache: PageCache | null) {
  globalStore.__pageCache = cache;
}
