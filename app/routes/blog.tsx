import { Link } from "react-router";

import { ArticleCard } from "~/components/content/article-card";
import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Pager } from "~/components/pager";
import { buttonVariants } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { parsePage } from "~/lib/pagination";
import { metaFromLoader } from "~/lib/seo";
import { listPublishedBlogs } from "~/server/content/blogs.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { pageUrl } from "~/server/http/page-url.server";
import { pagedPath, sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  // PRODUCT.md "Paging": a bad page parameter is page 1; past the end is an empty page, never an error.
  const page = parsePage(pageUrl(request).searchParams.get("page"));
  const meta = sitePageMeta({
    title: page > 1 ? `Latest Articles (page ${page}) | MarketWire` : "Latest Articles | MarketWire",
    description: "Market analysis, company news and investing insights from the MarketWire newsroom.",
    path: pagedPath("/blog", page),
    feed: "blog",
  });
  return loadPublicList(request, "articles", () => listPublishedBlogs({ page }), { page }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="blog-title">
      <PageIntro id="blog-title" eyebrow="Blog" title="Latest Articles">
        <p>Analysis, company news and investing insights from our newsroom.</p>
      </PageIntro>
      {loaderData.ok ? (
        <BlogPage {...loaderData} />
      ) : (
        <EmptyState icon="triangle-alert" title="Failed to load articles. Please try again later." />
      )}
    </section>
  );
}

function BlogPage({ items, total, page, totalPages }: Awaited<ReturnType<typeof listPublishedBlogs>>) {
  return (
    <>
      {total === 0 ? (
        <EmptyState icon="newspaper" title="No articles published yet.">
          <p>New analysis is on its way. Check back soon.</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon="newspaper"
          title="No articles on this page."
          action={
            <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
              Go to the first page
            </Link>
          }
        >
          <p>There {totalPages === 1 ? "is only 1 page" : `are only ${totalPages} pages`} of articles.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
          {items.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}

      <Pager page={page} totalPages={totalPages} className="mt-10" />
    </>
  );
}
