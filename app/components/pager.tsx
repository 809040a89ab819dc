import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { pageWindow } from "~/lib/pagination";
import { cn } from "~/lib/utils";

/** The URL of `page` keeping the other query parameters (page 1 drops the parameter). */
export function usePageHref() {
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
 * spec §9: Previous, at most 5 page numbers centred on the current page, Next. Plain links, so paging
 * works without JavaScript and every page has a shareable URL. Hidden when there is one page or none.
 */
export function Pager({ page, totalPages, className }: { page: number; totalPages: number; className?: string }) {
  const hrefFor = usePageHref();
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const linkClass = (active = false) =>
    cn(buttonVariants({ variant: active ? "default" : "outline", size: "sm" }), "min-w-9");
  return (
    <nav aria-label="Pagination" className={cn("flex flex-wrap items-center justify-center gap-1", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass()} rel="prev">
          <Icon name="chevron-left" /> Previous
        </Link>
      ) : (
        <span className={cn(linkClass(), "pointer-events-none opacity-50")} aria-disabled="true">
          <Icon name="chevron-left" /> Previous
        </span>
      )}
      {pages.map((n) => (
        <Link key={n} to={hrefFor(n)} className={linkClass(n === page)} aria-current={n === page ? "page" : undefined}>
          {n}
        </Link>
      ))}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass()} rel="next">
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
