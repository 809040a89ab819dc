import { desc, eq } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { totalPages } from "~/lib/pagination";

import { getDb, schema } from "../db/db.server";
import { newestPublishedFirst } from "../list-order.server";
import { rowsByBlock } from "./home-blocks.server";
import { homeBlock, homeBlockFields, otherPublished, publishedById, publishedPage, type Db, type HomeBlockRule } from "./published.server";

const { videos } = schema;

/** PRODUCT.md "Lists": public videos are listed 25 a page. */
export const VIDEO_PAGE_SIZE = 25;
/** PRODUCT.md "Detail pages": 3 related videos. */
export const RELATED_VIDEO_COUNT = 3;
/** PRODUCT.md "Home": 5 featured, 4 latest beside them, 5 most watched. */
export const HOME_FEATURED_VIDEOS = 5;
export const HOME_LATEST_VIDEOS = 4;
export const MOST_WATCHED_VIDEOS = 5;

// PRODUCT.md "Content": newest first; the id breaks ties so consecutive pages never overlap or skip.
const newestFirst = newestPublishedFirst(videos);

/** The fields of a video in a list. */
const summaryFields = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  thumbnailUrl: videos.thumbnailUrl,
  publishedAt: videos.publishedAt,
  views: videos.views,
  duration: videos.duration,
  paidPromotion: videos.paidPromotion,
};

export interface VideoSummary {
  id: string;
  title: string;
  description: string | null;
  thumbnailUrl: string | null;
  publishedAt: Date | null;
  views: number;
  duration: number | null;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion: boolean;
}

export type VideoDetail = Omit<typeof videos.$inferSelect, "searchText" | "createdBy" | "transcriptText">;

/** One page of published videos with the exact total. A page past the end is empty, never an error. */
export async function listPublishedVideos({ page, pageSize = VIDEO_PAGE_SIZE }: { page: number; pageSize?: number }) {
  const safePage = Math.max(1, Math.floor(page));
  const { rows, total } = await publishedPage(videos, safePage, pageSize, (db) => db.select(summaryFields).from(videos).$dynamic());
  return { items: rows as VideoSummary[], total, page: safePage, pageSize, totalPages: totalPages(total, pageSize) };
}

/** The latest published videos. */
export async function listLatestVideos(limit = 4): Promise<VideoSummary[]> {
  return homeBlockQuery(await getDb(), "latest", limit);
}

/** 'Most Watched': published videos by views, most first. */
export async function listMostWatchedVideos(limit = MOST_WATCHED_VIDEOS): Promise<VideoSummary[]> {
  return homeBlockQuery(await getDb(), "mostWatched", limit);
}

/** Featured published videos, most recently featured first. */
export async function listFeaturedVideos(limit = HOME_FEATURED_VIDEOS): Promise<VideoSummary[]> {
  return homeBlockQuery(await getDb(), "featured", limit);
}

type HomeVideoBlock = "featured" | "latest" | "mostWatched";

const HOME_BLOCKS: Record<HomeVideoBlock, HomeBlockRule> = {
  latest: { order: newestFirst },
  mostWatched: { order: [desc(videos.views), ...newestFirst] },
  featured: { order: [desc(videos.featuredAt), ...newestFirst], where: eq(videos.featured, true) },
};

function homeBlockQuery(db: Db, block: HomeVideoBlock, limit: number) {
  const fields = homeBlockFields(summaryFields, block, HOME_BLOCKS[block].order);
  return homeBlock(db.select(fields).from(videos).$dynamic(), videos, HOME_BLOCKS[block], limit);
}

/** A carousel slide: `featured` is false for the fallback slide, which must not be badged as featured. */
export type CarouselVideo = VideoSummary & { featured: boolean };

/**
 * The home page's video blocks in one statement (PRODUCT.md "Speed": the embedded database runs one
 * query at a time, so each round trip counts). The carousel shows the featured videos, or the latest one
 * when none is featured; beside it 'Latest', the latest videos not already in the carousel.
 */
export async function getHomeVideos(): Promise<{ carousel: CarouselVideo[]; latest: VideoSummary[]; mostWatched: VideoSummary[] }> {
  const db = await getDb();
  const rows = await unionAll(
    homeBlockQuery(db, "featured", HOME_FEATURED_VIDEOS),
    // Enough to fill 'Latest' even when every slide of the carousel is among the latest.
    homeBlockQuery(db, "latest", HOME_FEATURED_VIDEOS + HOME_LATEST_VIDEOS),
    homeBlockQuery(db, "mostWatched", MOST_WATCHED_VIDEOS),
  );
  const blocks = rowsByBlock(rows);
  const featured = blocks.get("featured") ?? [];
  const latest = blocks.get("latest") ?? [];
  const carousel =
    featured.length > 0
      ? featured.map((video) => ({ ...video, featured: true }))
      : latest.slice(0, 1).map((video) => ({ ...video, featured: false }));
  const inCarousel = new Set(carousel.map((video) => video.id));
  return {
    carousel,
    latest: latest.filter((video) => !inCarousel.has(video.id)).slice(0, HOME_LATEST_VIDEOS),
    mostWatched: blocks.get("mostWatched") ?? [],
  };
}

/** A published video by id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function getPublishedVideo(id: string | undefined): Promise<VideoDetail | null> {
  return publishedById(videos, id, (db) => db.select(schema.rowColumns(videos)).from(videos).$dynamic());
}

/** 'Related Videos': the latest other published videos. */
export async function listRelatedVideos(excludeId: string, limit = RELATED_VIDEO_COUNT): Promise<VideoSummary[]> {
  return otherPublished(videos, excludeId, limit, (db) => db.select(summaryFields).from(videos).$dynamic());
}
