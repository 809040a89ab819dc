/**
 * The oEmbed provider (PRODUCT.md "Embeds"; oembed.com, specification 1.0): `GET /oembed?url=…` answers the
 * JSON that lets a CMS or a chat app turn one of our page URLs into the embed frame. Videos and interviews are
 * `video`; podcasts, articles, features and a company's coverage are `rich`. The frame carries a paid piece's
 * disclosure, so no consumer can show the piece without it.
 */
import { companyEmbedPath, embedPathFor } from "~/lib/content-registry";
import { disclosureText } from "~/lib/disclosure";
import { COMPANY_EMBED_DEFAULT_ITEMS, embedFrameHtml, type EmbedItemView } from "~/lib/embeds";
import { SITE_NAME } from "~/lib/seo";

import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "../seo/preview-images.server";
import { absoluteUrl } from "../seo/site-url.server";
import { embedCompanyView, embedItemView } from "./embed-pages.server";
import { readEmbedUrl, type EmbedTarget } from "./embed-targets.server";

/** How long a consumer may keep an answer (seconds): an hour, as a page's preview is kept. */
export const OEMBED_CACHE_AGE = 3600;

/** The frame's size when the consumer sets no maximum; the frame then fits its height itself (postMessage). */
const DEFAULT_WIDTH = { video: 640, rich: 600 } as const;
/** Below this a frame is no use; a smaller maxwidth still gets this much. */
const MIN_WIDTH = 200;

export type OEmbedAnswer = { status: 200; body: OEmbedResponse } | { status: 400 | 404 | 501; body: { error: string } };

export interface OEmbedResponse {
  version: "1.0";
  type: "video" | "rich";
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
  html: string;
  width: number;
  height: number;
  /** PRODUCT.md "Paid promotion": the disclosure as one line, for consumers that show a link card only. */
  disclosure?: string;
}

/** A whole number of pixels ≥ 1 from a query parameter, or null when absent or unreadable. */
function readPixels(value: string | null): number | null {
  if (value === null || !/^\d{1,5}$/.test(value)) return null;
  const pixels = Number(value);
  return pixels >= 1 ? pixels : null;
}

/** The frame's height for a width: its player, and room for the title, the note of a paid piece and the links. */
function itemHeight(item: EmbedItemView, width: number): number {
  const chrome = 190 + (item.disclosure ? 120 : 0) + (item.companies.length > 0 ? 30 : 0);
  const player = item.player;
  if (!player) return chrome + (item.image ? Math.round(((width - 50) * 9) / 16) : 0);
  if (player.kind === "audio") return chrome + 60;
  if (player.kind === "frame" && player.shape === "audio") return chrome + 150;
  return chrome + Math.round(((width - 50) * 9) / 16);
}

function fit(width: number, height: number, maxWidth: number | null, maxHeight: number | null) {
  const fittedWidth = Math.max(MIN_WIDTH, Math.min(width, maxWidth ?? width));
  return { width: fittedWidth, height: Math.min(height, maxHeight ?? height) };
}

/** `/oembed`'s answer for its query parameters. */
export async function oembedAnswer(params: URLSearchParams): Promise<OEmbedAnswer> {
  const format = params.get("format") ?? "json";
  if (format !== "json") {
    return format === "xml"
      ? { status: 501, body: { error: "Only format=json is served." } }
      : { status: 400, body: { error: "format must be json." } };
  }
  const reading = readEmbedUrl(params.get("url"));
  if (!reading.ok) {
    return {
      status: 400,
      body: { error: reading.reason === "missing" ? "The url parameter is required." : `The url must be a page of ${absoluteUrl("/")}` },
    };
  }
  const answer = reading.target
    ? await answerFor(reading.target, readPixels(params.get("maxwidth")), readPixels(params.get("maxheight")))
    : null;
  return answer ? { status: 200, body: answer } : { status: 404, body: { error: "No published item or company has this URL." } };
}

async function answerFor(target: EmbedTarget, maxWidth: number | null, maxHeight: number | null): Promise<OEmbedResponse | null> {
  const provider = { provider_name: SITE_NAME, provider_url: absoluteUrl("/"), cache_age: OEMBED_CACHE_AGE, version: "1.0" as const };
  const thumbnail = (url: string) => ({ thumbnail_url: url, thumbnail_width: PREVIEW_WIDTH, thumbnail_height: PREVIEW_HEIGHT });
  if (target.kind === "company") {
    const company = await embedCompanyView(target.slug, COMPANY_EMBED_DEFAULT_ITEMS, null);
    if (!company) return null;
    const size = fit(DEFAULT_WIDTH.rich, 170 + company.items.length * 78, maxWidth, maxHeight);
    const title = `${company.name} (${company.tickerLabel}) on ${SITE_NAME}`;
    return {
      ...provider,
      type: "rich",
      title,
      author_name: SITE_NAME,
      author_url: absoluteUrl("/"),
      ...thumbnail(company.previewImage),
      html: embedFrameHtml(absoluteUrl(companyEmbedPath(target.slug)), title, size.width, size.height),
      ...size,
    };
  }
  const item = await embedItemView(target.type, target.id);
  if (!item) return null;
  const type = target.type === "video" || target.type === "interview" ? "video" : "rich";
  const width = Math.max(MIN_WIDTH, Math.min(DEFAULT_WIDTH[type], maxWidth ?? DEFAULT_WIDTH[type]));
  const size = fit(width, itemHeight(item, width), maxWidth, maxHeight);
  return {
    ...provider,
    type,
    title: item.title,
    author_name: item.author ?? SITE_NAME,
    author_url: absoluteUrl("/"),
    ...thumbnail(item.previewImage),
    html: embedFrameHtml(absoluteUrl(embedPathFor(target.type, target.id)), item.title, size.width, size.height),
    ...size,
    ...(item.disclosure ? { disclosure: disclosureText(item.disclosure) } : {}),
  };
}
