import { CardLink } from "~/components/site/card-link";
import { formatDate } from "~/lib/format";

import { ContentImage } from "./content-image";
import { DateTime, MetaList } from "./meta-list";
import { PaidLabel } from "./paid-label";
import { TagList } from "./tag-list";

export interface ArticleCardData {
  id: string;
  title: string;
  description: string | null;
  featuredImageUrl: string | null;
  authorName: string | null;
  publishedAt: Date | string | null;
  tags: string[];
  readTimeMinutes: number;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion?: boolean;
}

/** A blog post in the 'Latest Articles' grid; the whole card links to the article. */
export function ArticleCard({ article }: { article: ArticleCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <ContentImage src={article.featuredImageUrl} alt="" className="border-b" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {article.paidPromotion ? <PaidLabel /> : null}
        <TagList tags={article.tags} max={3} />
        <h2 className="text-lg leading-snug font-semibold text-balance">
          <CardLink to={`/blog/${article.id}`} prefetch="intent">
            {article.title}
          </CardLink>
        </h2>
        {article.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{article.description}</p> : null}
        <MetaList
          size="xs"
          className="mt-auto border-t pt-3"
          items={[
            article.authorName ? { icon: "user-round", label: "Author", value: article.authorName } : null,
            article.publishedAt
              ? {
                  icon: "calendar-days",
                  label: "Published",
                  value: <DateTime value={article.publishedAt}>{formatDate(article.publishedAt)}</DateTime>,
                }
              : null,
            { icon: "clock", label: "Read time", value: `${article.readTimeMinutes} min read` },
          ]}
        />
      </div>
    </article>
  );
}
