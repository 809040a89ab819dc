import { createElement } from "react";

import { embedResponse } from "~/components/embed/embed-document.server";
import { EmbedItem, EmbedNotFound } from "~/components/embed/embed-views";
import { parseEmbedTheme } from "~/lib/embeds";
import { embedItemView } from "~/server/embeds/embed-pages.server";
import { itemTargetOfEmbed } from "~/server/embeds/embed-targets.server";
import { pageUrl } from "~/server/http/page-url.server";
import { absoluteUrl } from "~/server/seo/site-url.server";

import type { Route } from "./+types/embed.$slug.$id";

/** PRODUCT.md "Embeds": /embed/{slug}/{id}, one published item for another site's page to frame. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const theme = parseEmbedTheme(pageUrl(request).searchParams.get("theme"));
  const target = itemTargetOfEmbed(params.slug, params.id);
  const item = target?.kind === "item" ? await embedItemView(target.type, target.id) : null;
  if (!item) {
    const home = absoluteUrl("/");
    return embedResponse({ title: "Not available", canonical: home, theme, status: 404 }, createElement(EmbedNotFound, { home }));
  }
  return embedResponse({ title: item.title, canonical: item.url, theme }, createElement(EmbedItem, { item }));
}
