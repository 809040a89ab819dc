/**
 * The search page's state lives entirely in its URL (PRODUCT.md "Search"): `q`, `types`
 * (comma-separated content types) and `page`. Pure: used by the loader and by the browser.
 */
import { CONTENT_TYPES, type ContentType } from "./content-types";
import { parsePage } from "./pagination";

/** One type filter checkbox of the search page (the loader sends them: `searchTypeFilters`). */
export interface SearchTypeFilter {
  type: ContentType;
  label: string;
}

/** PRODUCT.md "Search": 12 results a page. */
export const SEARCH_PAGE_SIZE = 12;

/**
 * Longest query we search for (PRODUCT.md "Limits"): a 200-character cap keeps a pasted essay from
 * becoming a 10 kB ILIKE pattern (trigram extraction and the recheck both grow with its length).
 */
export const MAX_QUERY_LENGTH = 200;

export interface SearchState {
  /** Trimmed query, at most MAX_QUERY_LENGTH characters; '' shows everything. */
  q: string;
  /** The types the visitor ticked (known, unique, in CONTENT_TYPES order); may be empty. */
  types: ContentType[];
  /** What to search: the ticked types, or all five when none is ticked (PRODUCT.md "Search"). */
  searchTypes: ContentType[];
  page: number;
}

/**
 * PRODUCT.md "Search": query trimmed; capped so a huge query cannot become a huge pattern. Control characters
 * (which no search box can type, and NUL, which PostgreSQL text cannot hold) become spaces.
 */
export function parseQuery(value: string | null | undefined): string {
  return (value ?? "")
    .replace(/[\p{Cc}]/gu, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/**
 * The ticked types from one or more `types` values, each comma-separated (the canonical URL uses one
 * comma-separated value; a plain GET form without JavaScript sends `types=a&types=b`). Unknown names and
 * duplicates are ignored; the result follows CONTENT_TYPES order so equal selections compare equal.
 */
export function parseTypes(values: string | readonly string[] | null | undefined): ContentType[] {
  const list = values == null ? [] : typeof values === "string" ? [values] : values;
  const wanted = new Set(list.flatMap((value) => value.split(",")).map((name) => name.trim().toLowerCase()));
  return CONTENT_TYPES.filter((type) => wanted.has(type));
}

/** PRODUCT.md "Search": if no content type is selected, all five are searched. */
export function typesToSearch(types: readonly ContentType[]): ContentType[] {
  return types.length ? [...types] : [...CONTENT_TYPES];
}

export function parseSearchState(params: URLSearchParams): SearchState {
  const types = parseTypes(params.getAll("types"));
  return {
    q: parseQuery(params.get("q")),
    types,
    searchTypes: typesToSearch(types),
    page: parsePage(params.get("page")),
  };
}

/**
 * The canonical /search URL for a state: empty parts are left out, types stay readable
 * (`types=video,blog`), page 1 has no `page`. Changing q or types means building a URL without a
 * page, which is how a new search goes back to page 1 (PRODUCT.md "Search").
 */
export function buildSearchHref(state: { q?: string; types?: readonly ContentType[]; page?: number }): string {
  const parts: string[] = [];
  const q = parseQuery(state.q);
  if (q) parts.push(`q=${encodeURIComponent(q)}`);
  const types = parseTypes(state.types ?? []);
  if (types.length) parts.push(`types=${types.join(",")}`);
  if (state.page && state.page > 1) parts.push(`page=${state.page}`);
  return parts.length ? `/search?${parts.join("&")}` : "/search";
}

/** 'N results for "q"' (singular for one; without the query part when there is none). */
export function resultCountText(total: number, q: string): string {
  const count = `${total.toLocaleString("en-US")} ${total === 1 ? "result" : "results"}`;
  return q ? `${count} for "${q}"` : count;
}

/** One search result, with the fields a result card shows. */
export interface SearchResult {
  id: string;
  title: string;
  description: string | null;
  contentType: ContentType;
  /** ISO timestamp. */
  publishedAt: string | null;
  /** Views; null for podcasts. */
  views: number | null;
  /** Listens; podcasts only. */
  listens: number | null;
  thumbnailUrl: string | null;
  tags: string[];
  /** PRODUCT.md "Paid promotion": the result carries the label. */
  paidPromotion: boolean;
  /**
   * PRODUCT.md "Transcripts": set when only the transcript holds the query: the words around it and the link
   * to the page at that time (its transcript when the time is unknown).
   */
  transcriptMatch?: TranscriptMatch | null;
}

export interface TranscriptMatch {
  text: string;
  /** Seconds into the recording; null for a plain-text transcript. */
  start: number | null;
  href: string;
}

/** PRODUCT.md "Search": the companies block above the results shows at most this many. */
export const SEARCH_COMPANY_LIMIT = 5;

/** A company in the block above the results, its labels already made (the page loads no company code). */
export interface SearchCompany {
  name: string;
  /** Its page, `/companies/{slug}`. */
  href: string;
  /** 'ASX:IBG'. */
  tickerLabel: string;
  /** 'Mining', or null without a sector. */
  sectorLabel: string | null;
  logoUrl: string | null;
}

export interface SearchPage {
  results: SearchResult[];
  /** Exact number of matching published items on all pages. */
  total: number;
  page: number;
  pageSize: number;
}
