import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { ContentType } from "~/lib/content-types";
import { searchPagerItems } from "~/lib/pagination";
import { buildSearchHref } from "~/lib/search";
import { cn } from "~/lib/utils";

/**
 * spec §9 search pager: Previous, up to 5 page buttons, an ellipsis and the last page when there are
 * more than 5 pages and the current page is below total minus 2, Next. Plain links that keep q and
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
  if (totalPages <= 1) return null;
  const hrefFor = (n: number) => buildSearchHref({ q, types, page: n });
  const linkClass = (active = false) =>
    cn(buttonVariants({ variant: active ? "default" : "outline", size: "sm" }), "min-w-9");
  const disabled = (label: ReactNode) => (
    <span className={cn(linkClass(), "pointer-events-none opacity-50")} aria-disabled="true">
      {label}
    </span>
  );
  const previous = (
    <>
      <Icon name="chevron-left" /> Previous
    </>
  );
  const next = (
    <>
      Next <Icon name="chevron-right" />
    </>
  );
  return (
    <nav aria-label="Search results pages" className={cn("flex flex-wrap items-center justify-center gap-1", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass()} rel="prev">
          {previous}
        </Link>
      ) : (
        disabled(previous)
      )}
      {searchPagerItems(page, totalPages).map((item) =>
        item.type === "ellipsis" ? (
          <span key="ellipsis" className="px-2 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item.page}
            to={hrefFor(item.page)}
            className={linkClass(item.page === page)}
            aria-current={item.page === page ? "page" : undefined}
            aria-label={`Page ${item.page}`}
          >
            {item.page}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass()} rel="next">
          {next}
        </Link>
      ) : (
        disabled(next)
      )}
    </nav>
  );
}
