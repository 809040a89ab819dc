/**
 * One item's public page, for all five types (PRODUCT.md "Detail pages"): the published item or a not-found
 * meta, then its related items and the companies it names in parallel, its disclosure, its sanitised
 * content and its page meta. Each type says only what differs: its queries, the fields its page reads and
 * what search engines are told it is.
 */
import type { MetaDescriptor } from "react-router";

import { CONTENT_REGISTRY, embedPathFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import type { Disclosure, ItemCompany } from "~/lib/disclosure";
import { formatPercent, PAST_PERFORMANCE_NOTE } from "~/lib/markets";
import { audioSource, videoSource } from "~/lib/media";

import { getEnv } from "../env.server";
import { htmlToPlainText, readTimeMinutes } from "../html-text.server";
import { changesSince } from "../markets/market-data.server";
import { showsMarkets } from "../markets/providers.server";
import { correctionsOf } from "../revisions/corrections.server";
import { itemPageMeta, notFoundMeta } from "../seo/seo.server";
import { newsArticle, podcastEpisode, videoObject, type ItemFacts, type LdJson } from "../seo/structured-data.server";
import { getPublishedBlog, listRelatedBlogs } from "./blogs.server";
import { getPublishedInterview, listOtherInterviews } from "./interviews.server";
import { itemCompanies } from "./item-companies.server";
import { itemDisclosure, payersOf, withoutPromotionColumns, type PromotionColumns } from "./item-promotion.server";
import { getPublishedPodcast, listOtherPodcasts } from "./podcasts.server";
import { sanitizeContentHtml } from "./sanitize.server";
import { getPublishedSpecialFeature, listOtherSpecialFeatures } from "./special-features.server";
import { transcriptOnPage } from "./transcripts.server";
import { getPublishedVideo, listRelatedVideos } from "./videos.server";

/** What the page and its JSON-LD say about the companies an item names and a paid promotion. */
interface ItemPromotion {
  companies: ItemCompany[];
  disclosure: Disclosure | null;
}

interface StoredItem extends PromotionColumns {
  id: string;
  title: string;
  description: string | null;
  content: string | null;
  publishedAt: Date | null;
  updatedAt?: Date | null;
  textUpdatedAt?: Date | null;
}

interface ItemPageType<Row extends StoredItem, Fields, Related> {
  /** The heading of the not-found page, also its title. */
  notFound: string;
  get: (id: string | undefined) => Promise<Row | null>;
  related: (id: string) => Promise<Related[]>;
  /** The fields the page reads, before its sanitised content, companies and disclosure. */
  fields: (row: Row) => Fields;
  /** The picture link previews show beside the generated card. */
  image: (row: Row) => string | null;
  ogType: (row: Row) => "article" | "video.other";
  structuredData: (row: Row, facts: ItemFacts & ItemPromotion) => LdJson;
}

const itemPageType = <Row extends StoredItem, Fields, Related>(spec: ItemPageType<Row, Fields, Related>) => spec;

/**
 * The row as the page reads it: every column but the content (sent sanitised), the promotion columns and the
 * stored transcript and chapters (sent as `transcript`, read for the page).
 */
function withoutStoredColumns<Row extends StoredItem & TranscriptColumns>(row: Row) {
  const { content: _content, transcript: _transcript, chapters: _chapters, ...rest } = withoutPromotionColumns(row);
  return rest;
}

interface TranscriptColumns {
  transcript?: string | null;
  chapters?: string | null;
}

// Queries are called through their modules at load time (not taken as values), so a test can stand in for one.
const ITEM_PAGES = {
  video: itemPageType({
    notFound: "Video Not Found",
    get: (id) => getPublishedVideo(id),
    related: (id) => listRelatedVideos(id),
    // The players' sources are read here, so the pages load no URL parser (PRODUCT.md "Speed").
    fields: (video) => {
      const videoPlayer = videoSource(video.videoUrl);
      return { ...withoutStoredColumns(video), videoPlayer, transcript: transcriptOnPage("video", video, videoPlayer) };
    },
    image: (video) => video.thumbnailUrl,
    ogType: () => "video.other",
    structuredData: (video, facts) => videoObject({ ...facts, videoUrl: video.videoUrl, duration: video.duration, views: video.views }),
  }),
  podcast: itemPageType({
    notFound: "Podcast Not Found",
    get: (id) => getPublishedPodcast(id),
    related: (id) => listOtherPodcasts(id),
    fields: (podcast) => {
      const { description, ...rest } = withoutStoredColumns(podcast);
      // PRODUCT.md "Content": the description may hold markup and is shown as plain text; the content is rich HTML.
      const audioPlayer = audioSource(podcast.audioUrl, podcast.title);
      return {
        ...rest,
        description: htmlToPlainText(description),
        audioPlayer,
        transcript: transcriptOnPage("podcast", podcast, audioPlayer),
      };
    },
    image: (podcast) => podcast.thumbnailUrl,
    ogType: () => "article",
    structuredData: (podcast, facts) =>
      podcastEpisode({ ...facts, audioUrl: podcast.audioUrl, duration: podcast.duration, listens: podcast.listens }),
  }),
  blog: itemPageType({
    notFound: "Article Not Found",
    get: (id) => getPublishedBlog(id),
    related: (id) => listRelatedBlogs(id),
    fields: (blog) => ({
      id: blog.id,
      title: blog.title,
      description: blog.description,
      featuredImageUrl: blog.featuredImageUrl,
      authorName: blog.authorName,
      authorRole: blog.authorRole,
      publishedAt: blog.publishedAt,
      tags: blog.tags,
      readTimeMinutes: readTimeMinutes(blog.readTime, blog.content),
    }),
    image: (blog) => blog.featuredImageUrl,
    ogType: () => "article",
    structuredData: (blog, facts) => newsArticle({ ...facts, authorName: blog.authorName }),
  }),
  interview: itemPageType({
    notFound: "Interview Not Found",
    get: (id) => getPublishedInterview(id),
    related: (id) => listOtherInterviews(id),
    fields: (interview) => {
      const videoPlayer = videoSource(interview.videoUrl);
      const audioPlayer = audioSource(interview.audioUrl, interview.title);
      return {
        id: interview.id,
        title: interview.title,
        description: interview.description,
        intervieweeName: interview.intervieweeName,
        intervieweeTitle: interview.intervieweeTitle,
        videoUrl: interview.videoUrl,
        audioUrl: interview.audioUrl,
        videoPlayer,
        audioPlayer,
        thumbnailUrl: interview.thumbnailUrl,
        duration: interview.duration,
        views: interview.views,
        tags: interview.tags,
        publishedAt: interview.publishedAt,
        // The page plays the video when there is one, else the audio (PRODUCT.md "Video", "Audio").
        transcript: transcriptOnPage("interview", interview, interview.videoUrl ? videoPlayer : audioPlayer),
      };
    },
    image: (interview) => interview.thumbnailUrl,
    // PRODUCT.md "Discovery": an interview with a video is a video to search engines, else an article.
    ogType: (interview) => (interview.videoUrl ? "video.other" : "article"),
    structuredData: (interview, facts) =>
      interview.videoUrl
        ? videoObject({ ...facts, videoUrl: interview.videoUrl, duration: interview.duration, views: interview.views })
        : newsArticle({ ...facts, authorName: null }),
  }),
  special_feature: itemPageType({
    notFound: "Feature Not Found",
    get: (id) => getPublishedSpecialFeature(id),
    related: (id) => listOtherSpecialFeatures(id),
    fields: (feature) => ({
      id: feature.id,
      title: feature.title,
      description: feature.description,
      featureType: feature.featureType,
      featuredImageUrl: feature.featuredImageUrl,
      videoUrl: feature.videoUrl,
      videoPlayer: videoSource(feature.videoUrl),
      readTimeMinutes: feature.readTimeMinutes,
      views: feature.views,
      tags: feature.tags,
      publishedAt: feature.publishedAt,
    }),
    image: (feature) => feature.featuredImageUrl,
    ogType: () => "article",
    structuredData: (_feature, facts) => newsArticle({ ...facts, authorName: null }),
  }),
} satisfies Record<ContentType, unknown>;

type ItemPages = typeof ITEM_PAGES;

/** The item as its page reads it: its fields, then its sanitised content, companies, disclosure and notice. */
export type ItemOnPage<Type extends ContentType> = ReturnType<ItemPages[Type]["fields"]> & {
  contentHtml: string;
  companies: ItemCompany[];
  disclosure: Disclosure | null;
  investmentNotice: string | null;
  /** PRODUCT.md "Revisions": when the published text last changed (ISO), and the corrections, oldest first. */
  updated: string | null;
  /** PRODUCT.md "Embeds": the item's embed page, for the Embed dialog's code. */
  embedPath: string;
  corrections: { at: string; note: string }[];
};
type RelatedOf<Type extends ContentType> = Awaited<ReturnType<ItemPages[Type]["related"]>>;

export type ItemPage<Type extends ContentType> =
  { item: ItemOnPage<Type>; related: RelatedOf<Type>; meta: MetaDescriptor[] } | { item: null; related: []; meta: MetaDescriptor[] };

/** PRODUCT.md "Revisions": the text's last change, when it came after the piece was published. */
export function textUpdatedAfterPublication(row: { textUpdatedAt?: Date | null; publishedAt?: Date | null }): Date | null {
  const { textUpdatedAt, publishedAt } = row;
  return textUpdatedAt && publishedAt && textUpdatedAt.getTime() > publishedAt.getTime() ? textUpdatedAt : null;
}

/**
 * The companies an item names, as its chips (A–Z) read them, each with its share price's change since the
 * item's publication when markets are on (PRODUCT.md "Markets"), and the investment notice that comes with any.
 */
async function loadItemCompanies(type: ContentType, id: string, publishedAt: Date | null) {
  const rows = await itemCompanies(type, id);
  const { INVESTMENT_NOTICE, MARKETS_PROVIDER } = getEnv();
  const changes = publishedAt && showsMarkets(MARKETS_PROVIDER) ? await changesSince(rows, publishedAt) : new Map<string, number>();
  const since = (companyId: string) => {
    const change = changes.get(companyId);
    return change === undefined ? null : `${formatPercent(change)} since this ${CONTENT_REGISTRY[type].noun}`;
  };
  const companies: ItemCompany[] = rows.map(({ id, name, slug, ticker, exchange }) => ({
    id,
    name,
    slug,
    ticker,
    exchange,
    sincePublished: since(id),
  }));
  // PRODUCT.md "Paid promotion": INVESTMENT_NOTICE on every page naming a company; "Markets": a move since
  // publication is labelled as past performance, not advice, in the same notice.
  const notice = changes.size > 0 && INVESTMENT_NOTICE ? `${PAST_PERFORMANCE_NOTE} ${INVESTMENT_NOTICE}` : INVESTMENT_NOTICE;
  return { companies, investmentNotice: companies.length > 0 ? notice : null };
}

/**
 * The page of the published item `id` of a type, or `item: null` with the not-found meta for an unknown,
 * malformed or unpublished id (the route answers 404, PRODUCT.md "Detail pages").
 */
export async function loadItemPage<Type extends ContentType>(type: Type, id: string | undefined): Promise<ItemPage<Type>> {
  // One spec per type; the casts only widen it to the shape every spec shares.
  const page = ITEM_PAGES[type] as unknown as ItemPageType<StoredItem, object, unknown>;
  const row = await page.get(id);
  if (!row) return { item: null, related: [], meta: notFoundMeta(page.notFound) };
  const [related, { companies, investmentNotice }, payers, corrections] = await Promise.all([
    page.related(row.id),
    loadItemCompanies(type, row.id, row.publishedAt ?? null),
    payersOf([row]),
    correctionsOf([{ type, id: row.id }]),
  ]);
  const disclosure = itemDisclosure(type, row, payers);
  const updated = textUpdatedAfterPublication(row);
  const item = {
    ...page.fields(row),
    contentHtml: sanitizeContentHtml(row.content),
    companies,
    disclosure,
    investmentNotice,
    updated: updated?.toISOString() ?? null,
    embedPath: embedPathFor(type, row.id),
    corrections: (corrections.get(`${type}:${row.id}`) ?? []).map(({ at, note }) => ({ at: at.toISOString(), note })),
  };
  const meta = itemPageMeta(
    type,
    // PRODUCT.md "Revisions": dateModified is the text's last change, not a featuring or a counter.
    { ...row, updatedAt: updated ?? row.publishedAt, image: page.image(row) },
    { ogType: page.ogType(row), structuredData: (facts) => page.structuredData(row, { ...facts, companies, disclosure }) },
  );
  return { item, related, meta } as ItemPage<Type>;
}
