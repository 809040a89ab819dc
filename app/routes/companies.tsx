import { Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Pager } from "~/components/pager";
import { CompanyCard } from "~/components/site/company-card";
import { buttonVariants } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { parsePage } from "~/lib/pagination";
import { metaFromLoader } from "~/lib/seo";
import { companiesPageMeta, listCoveredCompanies, parseSector, type CoveredCompaniesPage } from "~/server/companies/company-pages.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { pageUrl } from "~/server/http/page-url.server";

import type { Route } from "./+types/companies";

export async function loader({ request }: Route.LoaderArgs) {
  const params = pageUrl(request).searchParams;
  // PRODUCT.md "Paging": a bad page is page 1. PRODUCT.md "Company pages": an unknown sector lists every sector.
  const page = parsePage(params.get("page"));
  const sector = parseSector(params.get("sector"));
  const empty: CoveredCompaniesPage = { companies: [], total: 0, page, totalPages: 0, sector: null, sectors: [] };
  return loadPublicList(request, "companies", () => listCoveredCompanies({ sector, page }), empty, companiesPageMeta(sector, page));
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function Companies({ loaderData }: Route.ComponentProps) {
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="companies-title">
      <PageIntro id="companies-title" eyebrow="Companies" title="Companies">
        <p>The listed companies we cover, with every interview, article and video about each of them.</p>
      </PageIntro>
      {loaderData.ok ? (
        <CompanyList {...loaderData} />
      ) : (
        <EmptyState icon="triangle-alert" title="Failed to load companies. Please try again later." />
      )}
    </section>
  );
}

function sectorHref(sector: string | null) {
  return sector ? `/companies?sector=${sector}` : "/companies";
}

function CompanyList({ companies, total, page, totalPages, sector, sectors }: CoveredCompaniesPage) {
  return (
    <>
      {sectors.length > 0 ? <SectorFilter current={sector?.value ?? null} sectors={sectors} /> : null}
      {total === 0 ? (
        sector ? (
          <EmptyState
            icon="building-complex"
            title={`No ${sector.label} companies yet.`}
            action={
              <Link to="/companies" className={buttonVariants({ variant: "outline" })}>
                Show all companies
              </Link>
            }
          >
            <p>We haven't covered a company in this sector yet.</p>
          </EmptyState>
        ) : (
          <EmptyState icon="building-complex" title="No companies covered yet.">
            <p>Companies appear here once we publish something about them. Check back soon.</p>
          </EmptyState>
        )
      ) : companies.length === 0 ? (
        <EmptyState
          icon="building-complex"
          title="No companies on this page."
          action={
            <Link to={sectorHref(sector?.value ?? null)} className={buttonVariants({ variant: "outline" })}>
              Go to the first page
            </Link>
          }
        >
          <p>There {totalPages === 1 ? "is only 1 page" : `are only ${totalPages} pages`} of companies.</p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            {total === 1 ? "1 company" : `${total} companies`}
            {sector ? ` in ${sector.label}` : ""}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Companies">
            {companies.map((company) => (
              <li key={company.slug}>
                <CompanyCard company={company}>
                  <p className="text-sm text-muted-foreground">{company.items === 1 ? "1 item" : `${company.items} items`}</p>
                </CompanyCard>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} totalPages={totalPages} className="mt-10" />
    </>
  );
}

/** PRODUCT.md "Company pages": the sectors as plain links, so the filter works without JavaScript. */
function SectorFilter({ current, sectors }: { current: string | null; sectors: CoveredCompaniesPage["sectors"] }) {
  const chip = (active: boolean) => buttonVariants({ variant: active ? "default" : "outline", size: "sm", shape: "pill" });
  return (
    <nav aria-label="Sectors" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to="/companies" className={chip(current === null)} aria-current={current === null ? "page" : undefined}>
            All sectors
          </Link>
        </li>
        {sectors.map(({ value, label }) => (
          <li key={value}>
            <Link to={sectorHref(value)} className={chip(current === value)} aria-current={current === value ? "page" : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
