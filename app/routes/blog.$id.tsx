import { data, Link } from "react-router";

import { ContentImage } from "~/components/content/content-image";
import { EmptyState } from "~/components/content/empty-state";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "~/components/content/item-companies";
import { DateTime, MetaList } from "~/components/content/meta-list";
import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { RelatedCard, RelatedDate, RelatedList } from "~/components/content/related-list";
import { TagList } from "~/components/content/tag-list";
import { ShareActions } from "~/components/share-button";
import { useViews } from "~/components/site/counters";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { formatDate } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { loadItemPage } from "~/server/content/item-page.server";

import type { Route } from "./+types/blog.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const { item, related, meta } = await loadItemPage("blog", params.id);
  // PRODUCT.md "Detail pages": unknown, malformed or unpublished ids get the not-found state with a 404 status.
  if (!item) return data({ article: null, related: related, meta }, { status: 404, headers: NO_STORE });
  return { article: item, related: related, meta };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link to="/blog" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3", className)}>
      <Icon name="arrow-left" /> Back to Blog
    </Link>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/** PRODUCT.md "Counters": reading an article counts a view; its page shows no count (PRODUCT.md "Detail pages"). */
function CountView({ id }: { id: string }) {
  useViews("blogs", id, 0);
  return null;
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;

  if (!article) {
    return (
      <section className={PAGE_CONTAINER}>
        <EmptyState
          icon="file-question-mark"
          headingLevel="h1"
          title="Article Not Found"
          action={
            <Link to="/blog" className={buttonVariants()}>
              <Icon name="arrow-left" /> Back to Blog
            </Link>
          }
        >
          <p>The article you're looking for doesn't exist or may have been removed.</p>
        </EmptyState>
      </section>
    );
  }

  return (
    <div className={PAGE_CONTAINER}>
      <BackToBlog className="mb-6" />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article aria-labelledby="article-title" className="min-w-0">
          <CountView id={article.id} />
          <header className="flex flex-col gap-4">
            <TagList tags={article.tags} />
            <ItemCompanies companies={article.companies} />
            <h1 id="article-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {article.title}
            </h1>
            <PaidPromotion disclosure={article.disclosure} />
            {article.description ? <p className="text-lg text-muted-foreground">{article.description}</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-4 border-y py-4">
              <div className="flex items-center gap-3">
                {article.authorName ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                    >
                      {initials(article.authorName)}
                    </span>
                    <div className="text-sm">
                      <p className="font-medium">{article.authorName}</p>
                      {article.authorRole ? <p className="text-muted-foreground">{article.authorRole}</p> : null}
                    </div>
                  </>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <MetaList
                  items={[
                    article.publishedAt
                      ? {
                          icon: "calendar-days",
                          label: "Published",
                          value: <DateTime value={article.publishedAt}>{formatDate(article.publishedAt, "long")}</DateTime>,
                        }
                      : null,
                    { icon: "clock", label: "Read time", value: `${article.readTimeMinutes} min read` },
                  ]}
                />
                <ShareActions kind="blog" embedPath={article.embedPath} title={article.title} />
              </div>
            </div>
          </header>

          {article.featuredImageUrl ? (
            <ContentImage src={article.featuredImageUrl} alt={article.title} priority rounded="rounded-xl" className="mt-8 border" />
          ) : null}

          {/* Sanitised on the server in the loader (sanitizeContentHtml). */}
          <div className="prose-content mt-8 max-w-3xl" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
          <ItemUpdates updated={article.updated} corrections={article.corrections} />
          <InvestmentNotice text={article.investmentNotice} />
        </article>

        <RelatedList id="related-title" title="Related Articles" empty="No related articles yet." items={related}>
          {(item) => (
            <RelatedCard
              to={`/blog/${item.id}`}
              paid={item.paidPromotion}
              image={item.featuredImageUrl}
              title={item.title}
              focusRing={false}
            >
              <RelatedDate value={item.publishedAt} />
            </RelatedCard>
          )}
        </RelatedList>
      </div>
    </div>
  );
}
