import { Link } from "react-router";

import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { editionWebVersion } from "~/server/newsletter/edition-pages.server";

import type { Route } from "./+types/newsletter.$id";

// PRODUCT.md "Newsletter editions": a sent edition's web version, in the archive.
export async function loader({ params }: Route.LoaderArgs) {
  return editionWebVersion(params.id);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function NewsletterEdition({ loaderData }: Route.ComponentProps) {
  return (
    <article className={PAGE_CONTAINER}>
      <p className="mb-4 text-sm text-muted-foreground">
        <Link to="/newsletter" className="underline">
          Newsletter archive
        </Link>
        {loaderData.sentText ? ` · Sent ${loaderData.sentText}` : null}
      </p>
      {/* Rendered on the server from the sent edition: its intro sanitised when saved, every other value escaped. */}
      <div className="rounded-lg border bg-white text-black" dangerouslySetInnerHTML={{ __html: loaderData.body }} />
    </article>
  );
}
