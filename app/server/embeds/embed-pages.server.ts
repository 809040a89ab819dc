/**
 * What an embed page shows (PRODUCT.md "Embeds"): a published item with its player behind a facade, its
 * companies and, for a paid piece, its disclosure; or a company's newest coverage. Built from the item
 * page's own loader, so an embed shows exactly what is public, and no more.
 */
import { CONTENT_REGISTRY, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { counterPath } from "~/lib/counter-paths";
import { companyPath, tickerLabel } from "~/lib/disclosure";
import type { EmbedCompanyView, EmbedItemView, EmbedPlayer } from "~/lib/embeds";
import { truncate } from "~/lib/format";
import { AUDIO_FRAME_ALLOW, FRAME_SANDBOX, VIDEO_FRAME_ALLOW } from "~/lib/frame-hosts";
import type { AudioSource, VideoSource } from "~/lib/media";
import { isPlayedType, playPath } from "~/lib/play-marks";

import { companyCoverage } from "../companies/company-coverage.server";
import { companyBySlug } from "../companies/company-pages.server";
import { loadItemPage } from "../content/item-page.server";
import { htmlToPlainText } from "../html-text.server";
import { companyPreviewPath, previewImagePath } from "../seo/preview-images.server";
import { absoluteUrl } from "../seo/site-url.server";

/** Sentences an embed shows of an item's description. */
const SUMMARY_MAX = 220;

/** Only the site's own pictures: the frame asks no other host for anything before the reader presses play. */
function ownPicture(url: string | null | undefined): string | null {
  return url && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : null;
}

function videoPlayer(source: VideoSource, picture: string | null): EmbedPlayer {
  if (source.kind === "embed") {
    return {
      kind: "frame",
      src: source.src,
      allow: [...VIDEO_FRAME_ALLOW, "fullscreen"].join("; "),
      sandbox: FRAME_SANDBOX,
      shape: "video",
      poster: ownPicture(source.thumbnail) ?? picture,
    };
  }
  return source.kind === "file" ? { kind: "video", src: source.src, poster: picture } : null;
}

function audioPlayer(source: AudioSource, picture: string | null): EmbedPlayer {
  if (source.kind === "host") {
    return { kind: "frame", src: source.src, allow: AUDIO_FRAME_ALLOW.join("; "), sandbox: FRAME_SANDBOX, shape: "audio", poster: picture };
  }
  return source.kind === "file" ? { kind: "audio", src: source.src } : null;
}

/** The fields of an item page that an embed reads, whatever the type. */
interface PageFields {
  description?: string | null;
  publishedAt?: Date | string | null;
  thumbnailUrl?: string | null;
  featuredImageUrl?: string | null;
  videoUrl?: string | null;
  videoPlayer?: VideoSource;
  authorName?: string | null;
  audioPlayer?: AudioSource;
}

/** The player an item's page shows: its video when it has one, else its audio (PRODUCT.md "Video", "Audio"). */
function playerOf(item: PageFields, picture: string | null): EmbedPlayer {
  const video = item.videoPlayer ? videoPlayer(item.videoPlayer, picture) : null;
  if (video) return video;
  return item.audioPlayer ? audioPlayer(item.audioPlayer, picture) : null;
}

/** PRODUCT.md "Embeds": the counters the frame posts to, the same as the item's page uses. */
function embedCounting(type: ContentType, id: string): EmbedItemView["counting"] {
  const counter = counterPath(type, id);
  const counts = CONTENT_REGISTRY[type].counter;
  return {
    view: counts === "views" ? counter : null,
    listen: counts === "listens" ? counter : null,
    play: isPlayedType(type) ? playPath(type, id) : null,
  };
}

/** The embed of a published item, or null when the item is not public (unknown, draft, scheduled, archived). */
export async function embedItemView(type: ContentType, id: string): Promise<EmbedItemView | null> {
  const page = await loadItemPage(type, id);
  if (!page.item) return null;
  const item = page.item as typeof page.item & PageFields;
  const picture = ownPicture(item.thumbnailUrl ?? item.featuredImageUrl);
  const publishedAt = item.publishedAt ? new Date(item.publishedAt).toISOString() : null;
  return {
    home: absoluteUrl("/"),
    typeLabel: CONTENT_REGISTRY[type].label,
    title: item.title,
    summary: truncate(htmlToPlainText(item.description ?? null), SUMMARY_MAX),
    publishedAt,
    url: absoluteUrl(publicUrlFor(type, item.id)),
    author: item.authorName ?? null,
    previewImage: absoluteUrl(previewImagePath(type, item.id, item.thumbnailUrl ?? item.featuredImageUrl, item.disclosure !== null)),
    image: picture,
    player: playerOf(item, picture),
    disclosure: item.disclosure,
    companies: item.companies.map((company) => ({
      name: company.name,
      tickerLabel: tickerLabel(company),
      url: absoluteUrl(companyPath(company.slug)),
    })),
    counting: embedCounting(type, item.id),
  };
}

/** The embed of a company's newest coverage (of one type, when asked), or null for an unknown company. */
export async function embedCompanyView(slug: string, limit: number, type: ContentType | null): Promise<EmbedCompanyView | null> {
  const company = await companyBySlug(slug);
  if (!company) return null;
  const { items } = await companyCoverage(company.id, 1, limit, type ? [type] : undefined);
  return {
    home: absoluteUrl("/"),
    name: company.name,
    tickerLabel: company.tickerLabel,
    url: absoluteUrl(companyPath(company.slug)),
    previewImage: absoluteUrl(companyPreviewPath(company.slug, company.logoUrl)),
    items: items.map((entry) => ({
      typeLabel: CONTENT_REGISTRY[entry.type].label,
      title: entry.title,
      url: absoluteUrl(entry.url),
      publishedAt: entry.publishedAt.toISOString(),
      paid: entry.paidPromotion,
    })),
  };
}
