/** Paging rules (PRODUCT.md "Paging"). Pure. */

/** PRODUCT.md "Admin content": every admin list is paged on the server, 25 rows a page. */
export const ADMIN_PAGE_SIZE = 25;

/** PRODUCT.md "Paging": page parsed as an integer, default 1; anything else (0, -1, 'abc', '2.5') is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (value == null || !/^\d+$/.test(value.trim())) return 1;
  const page = Number.parseInt(value, 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function totalPages(totalItems: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalItems / pageSize));
}

/**
 * The page of `totalItems` to show, and where its rows start: a page past the end (e.g. after deleting its last
 * row) shows the last page; an empty list is one empty page 1.
 */
export function pageToShow(requested: number | undefined, totalItems: number, pageSize: number) {
  const pages = totalPages(totalItems, pageSize);
  const page = Math.max(1, Math.min(requested ?? 1, pages || 1));
  return { page, totalPages: pages, offset: (page - 1) * pageSize };
}

/** PRODUCT.md "Paging": at most `max` page numbers, centred on the current page where the range allows. */
export function pageWindow(current: number, total: number, max = 5): number[] {
  if (total <= 0) return [];
  const count = Math.min(max, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export type PagerItem = { type: "page"; page: number } | { type: "ellipsis" };

/**
 * The search pager (PRODUCT.md "Search"): up to 5 page buttons, plus an ellipsis and the last page when there
 * are more than 5 pages and the current page is below total minus 2.
 */
export function searchPagerItems(current: number, total: number): PagerItem[] {
  const items: PagerItem[] = pageWindow(current, total).map((page) => ({ type: "page", page }));
  if (total > 5 && current < total - 2) {
    items.push({ type: "ellipsis" }, { type: "page", page: total });
  }
  return items;
}
