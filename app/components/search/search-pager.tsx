import { Pager } from "~/components/pager";
import type { ContentType } from "~/lib/content-types";
import { buildSearchHref } from "~/lib/search";

/**
 * The search pager (PRODUCT.md "Search"): Previous, up to 5 page buttons, an ellipsis and the last page when
 * there are more than 5 pages and the current page is below total minus 2, Next. Plain links that keep q and
 * types, so paging works without JavaScript and every page has its own URL. Hidden for one page.
 */
export function SearchPager({
  q,
  types,
  page,
  totalPages,
  className,
}: {
  q: string;
  types: readonly ContentType[];
  page: number;
  totalPages: number;
  className?: string;
}) {
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      className={className}
      label="Search results pages"
      hrefFor={(n) => buildSearchHref({ q, types, page: n })}
      withLastPage
      pageLabels
    />
  );
}
