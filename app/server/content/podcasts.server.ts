import { desc, eq } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { getDb, schema } from "../db/db.server";
import { htmlToPlainText } from "../html-text.server";
import { newestPublishedFirst } from "../list-order.server";
import { rowsByBlock } from "./home-blocks.server";
import {
  homeBlock,
  homeBlockFields,
  newestPublished,
  otherPublished,
  publishedById,
  type Db,
  type HomeBlockRule,
} from "./published.server";

const { podcasts } = schema;

/** PRODUCT.md "Home": 2 featured podcasts, then 5 more ('New Episode Alert!'). */
export const HOME_FEATURED_PODCASTS = 2;
export const HOME_RECENT_PODCASTS = 5;
/** PRODUCT.md "Detail pages": 'More Episodes' lists up to 5 other podcasts. */
export const MORE_EPISODES_COUNT = 5;

const newestFirst = newestPublishedFirst(podcasts);

const summaryFields = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  thumbnailUrl: podcasts.thumbnailUrl,
  publishedAt: podcasts.publishedAt,
  duration: podcasts.duration,
  listens: podcasts.listens,
  paidPromotion: podcasts.paidPromotion,
};

/** A podcast in a list. `description` is plain text: it may hold markup, shown as text (PRODUCT.md "Content"). */
export interface PodcastSummary {
  id: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  publishedAt: Date | null;
  duration: number | null;
  listens: number;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion: boolean;
}

export type PodcastDetail = Omit<typeof podcasts.$inferSelect, "searchText" | "createdBy" | "transcriptText">;

function toSummary(row: Omit<PodcastSummary, "description"> & { description: string | null }): PodcastSummary {
  return { ...row, description: htmlToPlainText(row.description) };
}

/** PRODUCT.md "Lists": all published podcasts, newest first (the /podcasts grid). */
export async function listPublishedPodcasts(limit?: number): Promise<PodcastSummary[]> {
  const db = await getDb();
  const query = newestPublished(db.select(summaryFields).from(podcasts).$dynamic(), podcasts);
  const rows = limit == null ? await query : await query.limit(limit);
  return rows.map(toSummary);
}

/** Featured published podcasts, most recently featured first. */
export async function listFeaturedPodcasts(limit = HOME_FEATURED_PODCASTS): Promise<PodcastSummary[]> {
  return (await homeBlockQuery(await getDb(), "featured", limit)).map(toSummary);
}

type HomePodcastBlock = "featured" | "latest";

const HOME_BLOCKS: Record<HomePodcastBlock, HomeBlockRule> = {
  featured: { order: [desc(podcasts.featuredAt), ...newestFirst], where: eq(podcasts.featured, true) },
  latest: { order: newestFirst },
};

function homeBlockQuery(db: Db, block: HomePodcastBlock, limit: number) {
  const fields = homeBlockFields(summaryFields, block, HOME_BLOCKS[block].order);
  return homeBlock(db.select(fields).from(podcasts).$dynamic(), podcasts, HOME_BLOCKS[block], limit);
}

/**
 * The home page's podcast blocks in one statement (PRODUCT.md "Speed"). Two featured podcasts (topped up
 * with the latest ones when fewer are featured), then 'New Episode Alert!' with the next five of the
 * list, never repeating a podcast already shown.
 */
export async function getHomePodcasts() {
  const db = await getDb();
  const listSize = HOME_FEATURED_PODCASTS + HOME_RECENT_PODCASTS;
  const blocks = rowsByBlock(
    await unionAll(homeBlockQuery(db, "featured", HOME_FEATURED_PODCASTS), homeBlockQuery(db, "latest", listSize)),
  );
  const featured = (blocks.get("featured") ?? []).map(toSummary);
  const latest = (blocks.get("latest") ?? []).map(toSummary);
  const shownIds = new Set(featured.map((p) => p.id));
  const topUp = latest.filter((p) => !shownIds.has(p.id)).slice(0, HOME_FEATURED_PODCASTS - featured.length);
  const highlighted = [...featured, ...topUp];
  for (const p of topUp) shownIds.add(p.id);
  return {
    featured: highlighted,
    recent: latest.filter((p) => !shownIds.has(p.id)).slice(0, HOME_RECENT_PODCASTS),
  };
}

/** A published podcast by id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function getPublishedPodcast(id: string | undefined): Promise<PodcastDetail | null> {
  return publishedById(podcasts, id, (db) => db.select(schema.rowColumns(podcasts)).from(podcasts).$dynamic());
}

const otherEpisodeFields = {
  id: podcasts.id,
  title: podcasts.title,
  duration: podcasts.duration,
  publishedAt: podcasts.publishedAt,
  paidPromotion: podcasts.paidPromotion,
};

/** 'More Episodes': the latest other published podcasts. */
export async function listOtherPodcasts(excludeId: string, limit = MORE_EPISODES_COUNT) {
  return otherPublished(podcasts, excludeId, limit, (db) => db.select(otherEpisodeFields).from(podcasts).$dynamic());
}
