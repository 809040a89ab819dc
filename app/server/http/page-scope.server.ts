/**
 * Which cached pages a content change can alter (PRODUCT.md "Page cache"): a change to a published item
 * drops the pages that can show it, not the whole cache. Pages are told apart by their path, so a page's
 * data request (`/video/{id}.data`) goes with its page.
 */
import { companyEmbedPath, CONTENT_REGISTRY, embedPathFor, publicUrlFor } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";

import { CONTENT_API_PREFIX } from "./page-cache.server";
import { pagePath } from "./page-url.server";

/** A change readers can see: to a published item of a type, or to anything else (companies, editions…). */
export type ContentChange = { type: ContentType } | "everything";

/**
 * Pages that show items of every type, or companies with their items: home, search, the programme, the
 * companies and their pages (with the disclosure register), clients, the newsletter's editions, the
 * companies' coverage embeds, and the content API (PRODUCT.md "Content API": its lists mix types and its
 * companies count items, so every change reaches it, a scheduled publication's too).
 */
const MIXED_PAGES = ["/", "/search", "/programme", "/clients"];
const MIXED_SECTIONS = ["/companies", "/newsletter", companyEmbedPath("").slice(0, -1), CONTENT_API_PREFIX.slice(0, -1)];

/** The path of a cache key (`{theme} {url}`), without its query and its `.data` ending. */
export function pathOfCacheKey(key: string): string {
  const url = key.slice(key.indexOf(" ") + 1);
  const path = url.split("?")[0]!.split("#")[0]!;
  return pagePath(path);
}

const within = (path: string, section: string) => path === section || path.startsWith(`${section}/`);

/**
 * Whether a change may alter the page at `path`. An item of a type shows on its own page, on the other
 * pages of its type (their 'related' lists), on its type's list and on the mixed pages; never on another
 * type's item or list pages.
 */
export function isAffected(change: ContentChange, path: string): boolean {
  if (change === "everything") return true;
  if (MIXED_PAGES.includes(path) || MIXED_SECTIONS.some((section) => within(path, section))) return true;
  const { listPath } = CONTENT_REGISTRY[change.type];
  // PRODUCT.md "Embeds": an item's embed shows what its page shows.
  return path === listPath || path.startsWith(publicUrlFor(change.type, "")) || path.startsWith(embedPathFor(change.type, ""));
}

/** The page cache's test for a change: undefined (every page) for "everything". */
export function cacheKeysAffectedBy(change: ContentChange): ((key: string) => boolean) | undefined {
  if (change === "everything") return undefined;
  return (key) => isAffected(change, pathOfCacheKey(key));
}

/** A change as another instance announced it (a notification's payload); anything unreadable is "everything". */
export function readContentChange(value: unknown): ContentChange {
  if (typeof value === "object" && value !== null && "type" in value) {
    const type = (value as { type: unknown }).type;
    if (typeof type === "string" && (CONTENT_TYPES as readonly string[]).includes(type)) return { type: type as ContentType };
  }
  return "everything";
}
