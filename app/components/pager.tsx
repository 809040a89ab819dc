import { Link, useLocation } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { pageWindow, searchPagerItems, type PagerItem } from "~/lib/pagination";
import { cn } from "~/lib/utils";

/** The URL of `page` keeping the other query parameters (page 1 drops the parameter). */
function usePageHref() {
  const location = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page <= 1) params.delete("page");
    else params.set("page", String(page));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/**
 * PRODUCT.md "Paging": Previous, at most 5 page numbers centred on the current page, Next. Plain links, so
 * paging works without JavaScript and every page has a shareable URL. Hidden when there is one page or none.
 */
export function Pager({
  page,
  totalPages,
  className,
  label = "Pagination",
  hrefFor,
  withLastPage = false,
  pageLabels = false,
}: {
  page: number;
  totalPages: number;
  className?: string;
  /** The nav's accessible name. */
  label?: string;
  /** The URL of a page; by default the current URL with its `page` parameter set. */
  hrefFor?: (page: number) => string;
  /** Adds an ellipsis and the last page after the window when it is far off (`searchPagerItems`). */
  withLastPage?: boolean;
  /** Names each number link 'Page N'. */
  pageLabels?: boolean;
}) {
  const currentUrlFor = usePageHref();
  if (totalPages <= 1) return null;
  const urlFor = hrefFor ?? currentUrlFor;
  const items: PagerItem[] = withLastPage
    ? searchPagerItems(page, totalPages)
    : pageWindow(page, totalPages).map((n) => ({ type: "page", page: n }));
  const linkClass = (active = false) => cn(buttonVariants({ variant: active ? "default" : "outline", size: "sm" }), "min-w-9");
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-center gap-1", className)}>
      {page > 1 ? (
        <Link to={urlFor(page - 1)} className={linkClass()} rel="prev">
          <Icon name="chevron-left" /> Previous
        </Link>
      ) : (
        <span className={cn(linkClass(), "pointer-events-none opacity-50")} aria-disabled="true">
          <Icon name="chevron-left" /> Previous
        </span>
      )}
      {items.map((item) =>
        item.type === "ellipsis" ? (
          <span key="ellipsis" className="px-2 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item.page}
            to={urlFor(item.page)}
            className={linkClass(item.page === page)}
            aria-current={item.page === page ? "page" : undefined}
            aria-label={pageLabels ? `Page ${item.page}` : undefined}
          >
            {item.page}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={urlFor(page + 1)} className={linkClass()} rel="next">
          Next <Icon name="chevron-right" />
        </Link>
      ) : (
        <span className={cn(linkClass(), "pointer-events-none opacity-50")} aria-disabled="true">
          Next <Icon name="chevron-right" />
        </span>
      )}
    </nav>
  );
}
