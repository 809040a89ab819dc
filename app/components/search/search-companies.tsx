import { Link } from "react-router";

import type { SearchCompany } from "~/lib/search";

/**
 * PRODUCT.md "Search": the companies matching the query, above the results on page 1. Each is one link to
 * its page, named by the company, its ticker and its sector ('Ironbark Gold ASX:IBG Mining'); the logo is
 * decorative. Plain markup: the search page sits near its first-load budget (PRODUCT.md "Speed").
 */
export function SearchCompanies({ companies }: { companies: SearchCompany[] }) {
  if (companies.length === 0) return null;
  return (
    <section aria-labelledby="search-companies" className="mb-6">
      <h2 id="search-companies" className="mb-2 text-sm font-semibold text-muted-foreground">
        Companies
      </h2>
      <ul className="flex flex-wrap gap-2">
        {companies.map((company) => (
          <li key={company.href}>
            <Link
              to={company.href}
              className="flex items-center gap-3 rounded-xl border bg-card py-2 pr-4 pl-2 text-sm shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {company.logoUrl ? (
                <img src={company.logoUrl} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded-md" />
              ) : null}
              <span className="flex flex-col">
                <span className="font-semibold">{company.name}</span>{" "}
                <span className="text-xs text-muted-foreground">
                  <span className="font-mono font-medium text-foreground">{company.tickerLabel}</span>
                  {company.sectorLabel ? (
                    <>
                      {" "}
                      <span aria-hidden="true">·</span> {company.sectorLabel}
                    </>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
