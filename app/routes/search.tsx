import { Link, useNavigation } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { SearchCompanies } from "~/components/search/search-companies";
import { SearchForm } from "~/components/search/search-form";
import { SearchPager } from "~/components/search/search-pager";
import { SearchResultCard, type SearchResultCardData } from "~/components/search/search-result-card";
import { buttonVariants } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { CONTENT_REGISTRY, publicUrlFor, searchTypeFilters } from "~/lib/content-registry";
import { formatDuration, truncate } from "~/lib/format";
import { totalPages } from "~/lib/pagination";
import { buildSearchHref, parseSearchState, resultCountText } from "~/lib/search";
import { cn } from "~/lib/utils";
import { loadPublicList } from "~/server/content/public-list.server";
import { htmlToPlainText } from "~/server/html-text.server";
import { pageUrl } from "~/server/http/page-url.server";
import { searchCompanyMatches, searchContent } from "~/server/search/search.server";

import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  // PRODUCT.md "Search": q trimmed, unknown types ignored (none → all five), a bad page is page 1. A page
  // past the end is not an error either: it shows the empty state with the exact total.
  const { q, types, searchTypes, page } = parseSearchState(url.searchParams);
  const state = { q, types, filters: searchTypeFilters() };
  return loadPublicList(
    request,
    "search results",
    async () => {
      // PRODUCT.md "Search": the companies block is on page 1 only.
      const [found, companies] = await Promise.all([
        searchContent({ q, types: searchTypes, page }),
        page === 1 ? searchCompanyMatches(q) : Promise.resolve([]),
      ]);
      const results: SearchResultCardData[] = found.results.map((result) => ({
        id: result.id,
        contentType: result.contentType,
        typeLabel: CONTENT_REGISTRY[result.contentType].label,
        href: publicUrlFor(result.contentType, result.id),
        title: result.title,
        // PRODUCT.md "Search": descriptions may hold markup, shown as text, cut at 150 characters.
        excerpt: truncate(htmlToPlainText(result.description), 150),
        publishedAt: result.publishedAt,
        views: result.views,
        listens: result.listens,
        thumbnailUrl: result.thumbnailUrl,
        tags: result.tags,
        paidPromotion: result.paidPromotion,
        transcriptMatch: result.transcriptMatch
          ? { ...result.transcriptMatch, time: result.transcriptMatch.start === null ? null : formatDuration(result.transcriptMatch.start) }
          : null,
      }));
      return {
        ...state,
        page,
        companies,
        results,
        total: found.total,
        totalPages: totalPages(found.total, found.pageSize),
      };
    },
    { ...state, page },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Search | MarketWire" },
  { name: "description", content: "Search MarketWire's videos, podcasts, blog articles, interviews and special features." },
  // Result pages are endless combinations of the same content: let crawlers follow, not index them.
  { name: "robots", content: "noindex, follow" },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // While the next search loads, the form already shows what was asked for (ticked boxes stay ticked).
  const pending = navigation.location?.pathname === "/search" ? parseSearchState(new URLSearchParams(navigation.location.search)) : null;
  const shown = pending ?? loaderData;
  return (
    <div className={PAGE_CONTAINER}>
      <PageIntro eyebrow="Search" title="Search MarketWire">
        Videos, podcasts, blog articles, interviews and special features in one place.
      </PageIntro>
      <SearchForm q={shown.q} types={shown.types} filters={loaderData.filters} className="mb-8 max-w-3xl" />
      <div className={cn("transition-opacity", pending && "opacity-60")} aria-busy={pending ? true : undefined}>
        <SearchResults data={loaderData} />
      </div>
    </div>
  );
}

function SearchResults({ data: found }: { data: Route.ComponentProps["loaderData"] }) {
  if (!found.ok) {
    return (
      <div role="alert">
        <EmptyState icon="triangle-alert" title="Error loading search results. Please try again." />
      </div>
    );
  }
  const countLine = (
    <p className="mb-4 text-sm text-muted-foreground" aria-live="polite" data-testid="result-count">
      {resultCountText(found.total, found.q)}
    </p>
  );
  const companies = <SearchCompanies companies={found.companies} />;
  if (found.results.length === 0) {
    const pastTheEnd = found.total > 0;
    return (
      <>
        {companies}
        {countLine}
        <EmptyState
          icon="search-x"
          title="No results found"
          action={
            pastTheEnd ? (
              <Link to={buildSearchHref({ q: found.q, types: found.types })} className={buttonVariants({ variant: "outline" })}>
                Back to page 1
              </Link>
            ) : undefined
          }
        >
          {pastTheEnd ? `This page is past the last page of results (${found.totalPages}).` : "Try adjusting your search terms or filters"}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {companies}
      {countLine}
      <ol className="flex flex-col gap-4" aria-label="Search results">
        {found.results.map((result) => (
          <li key={`${result.contentType}:${result.id}`}>
            <SearchResultCard result={result} />
          </li>
        ))}
      </ol>
      <SearchPager q={found.q} types={found.types} page={found.page} totalPages={found.totalPages} className="mt-8" />
    </>
  );
}
