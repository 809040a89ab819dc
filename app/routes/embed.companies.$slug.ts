import { createElement } from "react";

import { embedResponse } from "~/components/embed/embed-document.server";
import { EmbedCompany, EmbedNotFound } from "~/components/embed/embed-views";
import { contentTypeBySlug } from "~/lib/content-registry";
import { parseEmbedLimit, parseEmbedTheme } from "~/lib/embeds";
import { embedCompanyView } from "~/server/embeds/embed-pages.server";
import { companyTarget } from "~/server/embeds/embed-targets.server";
import { pageUrl } from "~/server/http/page-url.server";
import { absoluteUrl } from "~/server/seo/site-url.server";

import type { Route } from "./+types/embed.companies.$slug";

/**
 * PRODUCT.md "Embeds": /embed/companies/{slug}, a company's newest coverage for its investor site:
 * `?limit=` 1 to 10 items (5), `?type=` one section (videos, podcasts, blogs, interviews, special-features).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const query = pageUrl(request).searchParams;
  const theme = parseEmbedTheme(query.get("theme"));
  const target = companyTarget(params.slug);
  const company =
    target?.kind === "company"
      ? await embedCompanyView(target.slug, parseEmbedLimit(query.get("limit")), contentTypeBySlug(query.get("type") ?? ""))
      : null;
  if (!company) {
    const home = absoluteUrl("/");
    return embedResponse({ title: "Not available", canonical: home, theme, status: 404 }, createElement(EmbedNotFound, { home }));
  }
  return embedResponse(
    { title: `${company.name} (${company.tickerLabel})`, canonical: company.url, theme },
    createElement(EmbedCompany, { company }),
  );
}
