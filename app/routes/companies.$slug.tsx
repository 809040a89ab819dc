import { data, Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { DateTime } from "~/components/content/meta-list";
import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { EmbedButton } from "~/components/embed-button";
import { Pager } from "~/components/pager";
import { CompanyLogo } from "~/components/site/company-card";
import { CoverageCard } from "~/components/site/company-coverage";
import { FollowButton } from "~/components/site/follow-button";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { companyEmbedPath } from "~/lib/content-registry";
import { companyFeedPath } from "~/lib/feeds";
import { formatDate } from "~/lib/format";
import { parsePage } from "~/lib/pagination";
import { metaFromLoader } from "~/lib/seo";
import { getCompanyPage } from "~/server/companies/company-pages.server";
import { withCompanyFeed } from "~/server/discovery/company-feed.server";
import { getEnv } from "~/server/env.server";
import { pageUrl } from "~/server/http/page-url.server";
import { notFoundMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/companies.$slug";

export async function loader({ request, params }: Route.LoaderArgs) {
  // PRODUCT.md "Paging": a bad page parameter is page 1; past the end is an empty page, never an error.
  const page = parsePage(pageUrl(request).searchParams.get("page"));
  const found = await getCompanyPage(params.slug, page);
  // PRODUCT.md "Company pages": an unknown or malformed slug gets the not-found state with a 404 status, never cached.
  if (!found)
    return data(
      {
        company: null,
        coverage: null,
        register: null,
        marketHtml: null,
        notice: null,
        embedPath: null,
        meta: notFoundMeta("Company Not Found"),
      },
      { status: 404, headers: NO_STORE },
    );
  // PRODUCT.md "Discovery": the head links the company's own feed too.
  return {
    ...found,
    meta: withCompanyFeed(found.meta, found.company),
    notice: getEnv().INVESTMENT_NOTICE,
    // PRODUCT.md "Embeds": the company's coverage embed, for the Embed dialog's code.
    embedPath: companyEmbedPath(found.company.slug),
  };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.company) return <CompanyNotFound />;
  return <CompanyDetail {...(loaderData as LoadedPage)} />;
}

/** A found company's loader data. */
type LoadedPage = { [K in keyof Route.ComponentProps["loaderData"]]: NonNullable<Route.ComponentProps["loaderData"][K]> } & {
  notice: string | null;
  marketHtml: string | null;
};
type LoadedCompany = LoadedPage["company"];
type LoadedCoverage = LoadedPage["coverage"];
type LoadedRegister = LoadedPage["register"];

const backLink =
  "mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

function CompanyDetail({ company, coverage, register, marketHtml, notice, embedPath }: LoadedPage) {
  return (
    <div className={PAGE_CONTAINER}>
      <Link to="/companies" className={backLink}>
        <Icon name="arrow-left" className="size-4" />
        All Companies
      </Link>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-start sm:gap-6">
        <CompanyLogo src={company.logoUrl} size="lg" priority />
        <div className="min-w-0 max-w-3xl space-y-3">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{company.name}</h1>
          <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Ticker</dt>
              <dd className="rounded-md border bg-muted px-2 py-0.5 font-mono text-xs font-semibold text-foreground">
                {company.tickerLabel}
              </dd>
            </div>
            {company.sectorLabel ? (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Sector</dt>
                <dd>{company.sectorLabel}</dd>
              </div>
            ) : null}
            {company.website ? (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Website</dt>
                <dd>
                  <a
                    href={company.website.url}
                    rel="noopener"
                    className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {company.website.host}
                    <Icon name="external-link" className="size-3.5" />
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          {/* PRODUCT.md "Following and alerts" and "Discovery": follow the company, or read its feed. */}
          <div className="flex flex-wrap items-center gap-4">
            <FollowButton companyId={company.id} companyName={company.name} />
            <CompanyFeedLink company={company} />
            <EmbedButton path={embedPath} title={`${company.name} (${company.tickerLabel})`} size={{ width: 600, height: 560 }} />
          </div>
          {company.description ? <p className="text-base leading-relaxed text-muted-foreground sm:text-lg">{company.description}</p> : null}
        </div>
      </header>

      {/* PRODUCT.md "Markets": markup rendered on the server (server/markets/market-block.server.tsx), no code. */}
      {marketHtml ? <div dangerouslySetInnerHTML={{ __html: marketHtml }} /> : null}

      <section aria-labelledby="coverage-heading" className="mt-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="coverage-heading" className="text-2xl font-semibold tracking-tight">
            Coverage
          </h2>
          {coverage.total > 0 ? (
            <p className="text-sm text-muted-foreground">{coverage.total === 1 ? "1 item" : `${coverage.total} items`}</p>
          ) : null}
        </div>
        <CoverageList company={company} coverage={coverage} />
      </section>

      <DisclosureRegister company={company} register={register} />

      {notice ? <p className="mt-12 max-w-3xl border-t pt-6 text-xs leading-relaxed text-muted-foreground">{notice}</p> : null}
    </div>
  );
}

/** PRODUCT.md "Discovery": the company's feed. A plain link: a feed is a file, not a page of the site. */
function CompanyFeedLink({ company }: { company: LoadedCompany }) {
  return (
    <p className="text-sm">
      <a
        href={companyFeedPath(company.slug)}
        type="application/rss+xml"
        className="inline-flex items-center gap-1.5 rounded-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Icon name="rss" className="size-4" />
        RSS feed
        <span className="sr-only"> of {company.name}</span>
      </a>
    </p>
  );
}

/** PRODUCT.md "Company pages": every paid piece about the company, who paid, what and when it was agreed. */
function DisclosureRegister({ company, register }: { company: LoadedCompany; register: LoadedRegister }) {
  return (
    <section aria-labelledby="register-heading" className="mt-12 max-w-3xl">
      <h2 id="register-heading" className="text-2xl font-semibold tracking-tight">
        Disclosure register
      </h2>
      {register.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">MarketWire has published no paid promotion about {company.name}.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-muted-foreground">
            Every paid piece about {company.name}: who paid, what was paid and when it was agreed.
          </p>
          <ul className="mt-4 divide-y rounded-lg border" aria-label={`Paid promotion about ${company.name}`}>
            {register.map((entry) => (
              <li key={entry.key} className="space-y-1 px-4 py-3 text-sm">
                <p>
                  <span className="text-muted-foreground">{entry.typeLabel} · </span>
                  <Link
                    to={entry.url}
                    className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {entry.title}
                  </Link>
                </p>
                <dl className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground">
                  <div>
                    <dt className="inline">Paid by </dt>
                    <dd className="inline text-foreground">{entry.payer ?? "not recorded"}</dd>
                  </div>
                  <div>
                    <dt className="inline">Paid </dt>
                    <dd className="inline text-foreground">{entry.consideration ?? "not recorded"}</dd>
                  </div>
                  <div>
                    <dt className="inline">Agreed </dt>
                    <dd className="inline text-foreground">{entry.agreed ?? "not recorded"}</dd>
                  </div>
                  <div>
                    <dt className="inline">Published </dt>
                    <dd className="inline text-foreground">
                      <DateTime value={entry.publishedAt}>{formatDate(entry.publishedAt, "long")}</DateTime>
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CoverageList({ company, coverage }: { company: LoadedCompany; coverage: LoadedCoverage }) {
  if (coverage.total === 0) {
    return (
      <EmptyState icon="newspaper" title="No coverage yet">
        <p>We haven't published anything about {company.name} yet. Check back soon.</p>
      </EmptyState>
    );
  }
  if (coverage.items.length === 0) {
    return (
      <EmptyState
        icon="newspaper"
        title="No coverage on this page."
        action={
          <Link to={`/companies/${company.slug}`} className={buttonVariants({ variant: "outline" })}>
            Go to the first page
          </Link>
        }
      >
        <p>There {coverage.totalPages === 1 ? "is only 1 page" : `are only ${coverage.totalPages} pages`} of coverage.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Coverage of ${company.name}`}>
        {coverage.items.map((item) => (
          <li key={item.key}>
            <CoverageCard item={item} />
          </li>
        ))}
      </ul>
      <Pager page={coverage.page} totalPages={coverage.totalPages} className="mt-10" />
    </>
  );
}

/** PRODUCT.md "Company pages": 'Company Not Found' with 'Browse All Companies', as the detail pages do. */
function CompanyNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <EmptyState
        icon="building-complex"
        title="Company Not Found"
        headingLevel="h1"
        action={
          <Link to="/companies" className={buttonVariants()}>
            Browse All Companies
          </Link>
        }
      >
        The company you're looking for doesn't exist or may have been removed.
      </EmptyState>
    </div>
  );
}
