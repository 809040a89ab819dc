import { Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { editionArchive } from "~/server/newsletter/edition-pages.server";

import type { Route } from "./+types/newsletter._index";

// PRODUCT.md "Newsletter editions": the public archive, linked from the newsletter box.
export async function loader() {
  return editionArchive();
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { editions } = loaderData;
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="archive-title">
      <PageIntro id="archive-title" eyebrow="Newsletter" title="Newsletter archive">
        <p>Every edition of the MarketWire newsletter, newest first.</p>
      </PageIntro>
      {editions.length === 0 ? (
        <EmptyState icon="mail" title="No editions have been sent yet." />
      ) : (
        <ul className="mt-8 flex max-w-3xl flex-col divide-y">
          {editions.map((edition) => (
            <li key={edition.path} className="py-4">
              <Link to={edition.path} className="text-lg font-semibold hover:underline">
                {edition.subject}
              </Link>
              {edition.sentAt ? (
                <p className="text-sm text-muted-foreground">
                  <time dateTime={edition.sentAt}>{edition.sentText}</time>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
