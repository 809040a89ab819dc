/**
 * What an embed or an oEmbed answer is about (PRODUCT.md "Embeds"): one item of a type, or a company's
 * coverage, read from a public page URL of this site or from an embed path. Pure: nothing here reads the
 * database.
 */
import { isCompanySlug } from "~/lib/companies";
import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { getEnv } from "../env.server";

export type EmbedTarget = { kind: "item"; type: ContentType; id: string } | { kind: "company"; slug: string };

/** The item or company a site path shows (`/video/{id}`, `/interviews/{id}`, `/companies/{slug}`), or null. */
export function targetOfPagePath(path: string): EmbedTarget | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
  const company = /^\/companies\/([^/]+)$/.exec(trimmed);
  if (company) return companyTarget(company[1]!);
  for (const { key } of CONTENT_TYPE_LIST) {
    const prefix = publicUrlFor(key, "");
    if (!trimmed.startsWith(prefix)) continue;
    const id = trimmed.slice(prefix.length);
    if (isUuid(id)) return { kind: "item", type: key, id: id.toLowerCase() };
  }
  return null;
}

/** The item an embed path's section and id name (`/embed/{slug}/{id}`), or null. */
export function itemTargetOfEmbed(slug: string | undefined, id: string | undefined): EmbedTarget | null {
  const info = CONTENT_TYPE_LIST.find((entry) => entry.slug === slug);
  if (!info || !id || !isUuid(id)) return null;
  return { kind: "item", type: info.key, id: id.toLowerCase() };
}

export function companyTarget(slug: string | undefined): EmbedTarget | null {
  return isCompanySlug(slug) ? { kind: "company", slug } : null;
}

export type UrlReading = { ok: true; target: EmbedTarget | null } | { ok: false; reason: "missing" | "foreign" };

/**
 * oEmbed's `url` parameter: a page of this site (PUBLIC_URL's host, over http or https), or `foreign`.
 * `target` is null for a page of this site that shows no one item or company (the 404 of oEmbed).
 */
export function readEmbedUrl(value: string | null): UrlReading {
  if (!value || !value.trim()) return { ok: false, reason: "missing" };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, reason: "foreign" };
  }
  const site = new URL(getEnv().PUBLIC_URL);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.host.toLowerCase() !== site.host.toLowerCase()) {
    return { ok: false, reason: "foreign" };
  }
  return { ok: true, target: targetOfPagePath(url.pathname) };
}
