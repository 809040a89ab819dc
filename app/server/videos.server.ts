import { and, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { isUuid } from "~/lib/ids";
import { totalPages } from "~/lib/pagination";

import { getDb, schema } from "./db.server";
import { rowsByBlock } from "./home-blocks.server";
import { newestPublishedFirst } from "./list-order.server";
import { isCountedHit, type Visitor } from "./visitor.server";

const { videos } = schema;

/** PRODUCT.md "Lists": public videos are listed 25 a page. */
export const VIDEO_PAGE_SIZE = 25;
/** PRODUCT.md "Detail pages": 3 related videos. */
export const RELATED_VIDEO_COUNT = 3;
/** PRODUCT.md "Home": 5 featured, 5 latest (first plus 4), 5 most watched. */
export const HOME_FEATURED_VIDEOS = 5;
export const HOME_LATEST_VIDEOS = 5;
export const MOST_WATCHED_VIDEOS = 5;

// PRODUCT.md "Content": visitors only ever see published rows.
const isPublished = eq(videos.status, "published");
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
};

export interface VideoSummary {
  id: string;
  title: string;
  description: string | null;
  thumbnailUrl: string | null;
  publishedAt: Date | null;
  views: number;
  duration: number | null;
}

export type VideoDetail = Omit<typeof videos.$inferSelect, "searchText">;

/** One page of published videos with the exact total. A page past the end is empty, never an error. */
export async function listPublishedVideos({ page, pageSize = VIDEO_PAGE_SIZE }: { page: number; pageSize?: number }) {
  const db = await getDb();
  const safePage = Math.max(1, Math.floor(page));
  const offset = Math.min((safePage - 1) * pageSize, Number.MAX_SAFE_INTEGER);
  const [items, [{ total }]] = await Promise.all([
    db
      .select(summaryFields)
      .from(videos)
      .where(isPublished)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(videos).where(isPublished),
  ]);
  return { items: items as VideoSummary[], total, page: safePage, pageSize, totalPages: totalPages(total, pageSize) };
}

/** The latest published videos. */
export async function listLatestVideos(limit = 4): Promise<VideoSummary[]> {
  return latestVideosQuery(await getDb(), limit);
}

/** 'Most Watched': published videos by views, most first. */
export async function listMostWatchedVideos(limit = MOST_WATCHED_VIDEOS): Promise<VideoSummary[]> {
  return mostWatchedVideosQuery(await getDb(), limit);
}

/** Featured published videos, most recently featured first. */
export async function listFeaturedVideos(limit = HOME_FEATURED_VIDEOS): Promise<VideoSummary[]> {
  return featuredVideosQuery(await getDb(), limit);
}

type Db = Awaited<ReturnType<typeof getDb>>;
type HomeVideoBlock = "featured" | "latest" | "mostWatched";

/** The fields of a video in a list, tagged with the home block it belongs to and its place in it. */
function blockFields(block: HomeVideoBlock, order: readonly SQL[]) {
  return {
    ...summaryFields,
    block: sql<HomeVideoBlock>`${sql.raw(`'${block}'`)}`.as("block"),
    position: sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`.mapWith(Number).as("position"),
  };
}

const latestOrder = newestFirst;
const mostWatchedOrder = [desc(videos.views), ...newestFirst] as const;
const featuredOrder = [desc(videos.featuredAt), ...newestFirst] as const;

function latestVideosQuery(db: Db, limit: number, block: HomeVideoBlock = "latest") {
  return db
    .select(blockFields(block, latestOrder))
    .from(videos)
    .where(isPublished)
    .orderBy(...latestOrder)
    .limit(limit);
}

function mostWatchedVideosQuery(db: Db, limit: number) {
  return db
    .select(blockFields("mostWatched", mostWatchedOrder))
    .from(videos)
    .where(isPublished)
    .orderBy(...mostWatchedOrder)
    .limit(limit);
}

function featuredVideosQuery(db: Db, limit: number) {
  return db
    .select(blockFields("featured", featuredOrder))
    .from(videos)
    .where(and(isPublished, eq(videos.featured, true)))
    .orderBy(...featuredOrder)
    .limit(limit);
}

/** A carousel slide: `featured` is false for the fallback slide, which must not be badged as featured. */
export type CarouselVideo = VideoSummary & { featured: boolean };

/**
 * The home page's video blocks in one statement (PRODUCT.md "Speed": the embedded database runs one
 * query at a time, so each round trip counts). The carousel shows the featured videos, or the latest one
 * when none is featured; beside it the latest five minus the first.
 */
export async function getHomeVideos(): Promise<{ carousel: CarouselVideo[]; latest: VideoSummary[]; mostWatched: VideoSummary[] }> {
  const db = await getDb();
  const rows = await unionAll(
    featuredVideosQuery(db, HOME_FEATURED_VIDEOS),
    latestVideosQuery(db, HOME_LATEST_VIDEOS),
    mostWatchedVideosQuery(db, MOST_WATCHED_VIDEOS),
  );
  const blocks = rowsByBlock(rows);
  const featured = blocks.get("featured") ?? [];
  const latest = blocks.get("latest") ?? [];
  return {
    carousel:
      featured.length > 0
        ? featured.map((video) => ({ ...video, featured: true }))
        : latest.slice(0, 1).map((video) => ({ ...video, featured: false })),
    latest: latest.slice(1, HOME_LATEST_VIDEOS),
    mostWatched: blocks.get("mostWatched") ?? [],
  };
}

/** A published video by id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function getPublishedVideo(id: string | undefined): Promise<VideoDetail | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(schema.rowColumns(videos))
    .from(videos)
    .where(and(eq(videos.id, id), isPublished))
    .limit(1);
  return row ?? null;
}

/** 'Related Videos': the latest other published videos. */
export async function listRelatedVideos(excludeId: string, limit = RELATED_VIDEO_COUNT): Promise<VideoSummary[]> {
  const db = await getDb();
  return db
    .select(summaryFields)
    .from(videos)
    .where(and(isPublished, ne(videos.id, excludeId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Counts one view of a published video in a single atomic statement, so concurrent views are never
 * lost. Returns the new count, or null when there is no such published video.
 */
export async function incrementVideoViews(id: string | undefined): Promise<number | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const rows = await db
    .update(videos)
    .set({ views: sql`${videos.views} + 1` })
    .where(and(eq(videos.id, id), isPublished))
    .returning({ views: videos.views });
  return rows[0]?.views ?? null;
}

/**
 * A video page's view (PRODUCT.md "Security"): counted when it is the visitor's first of this video in
 * 30 minutes (never for a bot: `visitor` null). Either way answers the live count, which a page served
 * from the cache shows after hydration; null when there is no such published video.
 */
export async function recordVideoView(id: string | undefined, visitor: Visitor | null, now = Date.now()): Promise<number | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  // Read first, so hits on unknown ids leave no rows behind in rate_limits.
  const [row] = await db
    .select({ views: videos.views })
    .from(videos)
    .where(and(eq(videos.id, id), isPublished));
  if (!row) return null;
  if (!visitor || !(await isCountedHit("view", id, visitor, now))) return row.views;
  return (await incrementVideoViews(id)) ?? row.views;
}
