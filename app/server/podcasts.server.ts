import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { isUuid } from "~/lib/ids";

import { getDb, schema } from "./db.server";
import { rowsByBlock } from "./home-blocks.server";
import { htmlToPlainText } from "./html-text.server";
import { newestPublishedFirst } from "./list-order.server";
import { isCountedHit, type Visitor } from "./visitor.server";

const { podcasts } = schema;

/** PRODUCT.md "Home": 2 featured podcasts, then 5 more ('New Episode Alert!'). */
export const HOME_FEATURED_PODCASTS = 2;
export const HOME_RECENT_PODCASTS = 5;
/** PRODUCT.md "Detail pages": 'More Episodes' lists up to 5 other podcasts. */
export const MORE_EPISODES_COUNT = 5;

const isPublished = eq(podcasts.status, "published");
const newestFirst = newestPublishedFirst(podcasts);

const summaryFields = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  thumbnailUrl: podcasts.thumbnailUrl,
  publishedAt: podcasts.publishedAt,
  duration: podcasts.duration,
  listens: podcasts.listens,
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
}

export type PodcastDetail = Omit<typeof podcasts.$inferSelect, "searchText">;

function toSummary(row: Omit<PodcastSummary, "description"> & { description: string | null }): PodcastSummary {
  return { ...row, description: htmlToPlainText(row.description) };
}

/** PRODUCT.md "Lists": all published podcasts, newest first (the /podcasts grid). */
export async function listPublishedPodcasts(limit?: number): Promise<PodcastSummary[]> {
  const db = await getDb();
  const query = db
    .select(summaryFields)
    .from(podcasts)
    .where(isPublished)
    .orderBy(...newestFirst);
  const rows = limit == null ? await query : await query.limit(limit);
  return rows.map(toSummary);
}

/** Featured published podcasts, most recently featured first. */
export async function listFeaturedPodcasts(limit = HOME_FEATURED_PODCASTS): Promise<PodcastSummary[]> {
  return (await featuredPodcastsQuery(await getDb(), limit)).map(toSummary);
}

type Db = Awaited<ReturnType<typeof getDb>>;
type HomePodcastBlock = "featured" | "latest";

const featuredOrder = [desc(podcasts.featuredAt), ...newestFirst] as const;

/** The fields of a podcast in a list, tagged with the home block it belongs to and its place in it. */
function blockFields(block: HomePodcastBlock, order: readonly SQL[]) {
  return {
    ...summaryFields,
    block: sql<HomePodcastBlock>`${sql.raw(`'${block}'`)}`.as("block"),
    position: sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`.mapWith(Number).as("position"),
  };
}

function featuredPodcastsQuery(db: Db, limit: number) {
  return db
    .select(blockFields("featured", featuredOrder))
    .from(podcasts)
    .where(and(isPublished, eq(podcasts.featured, true)))
    .orderBy(...featuredOrder)
    .limit(limit);
}

function latestPodcastsQuery(db: Db, limit: number) {
  return db
    .select(blockFields("latest", newestFirst))
    .from(podcasts)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The home page's podcast blocks in one statement (PRODUCT.md "Speed"). Two featured podcasts (topped up
 * with the latest ones when fewer are featured), then 'New Episode Alert!' with the next five of the
 * list, never repeating a podcast already shown.
 */
export async function getHomePodcasts() {
  const db = await getDb();
  const listSize = HOME_FEATURED_PODCASTS + HOME_RECENT_PODCASTS;
  const blocks = rowsByBlock(await unionAll(featuredPodcastsQuery(db, HOME_FEATURED_PODCASTS), latestPodcastsQuery(db, listSize)));
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
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(schema.rowColumns(podcasts))
    .from(podcasts)
    .where(and(eq(podcasts.id, id), isPublished))
    .limit(1);
  return row ?? null;
}

/** 'More Episodes': the latest other published podcasts. */
export async function listOtherPodcasts(excludeId: string, limit = MORE_EPISODES_COUNT) {
  const db = await getDb();
  return db
    .select({ id: podcasts.id, title: podcasts.title, duration: podcasts.duration, publishedAt: podcasts.publishedAt })
    .from(podcasts)
    .where(and(isPublished, ne(podcasts.id, excludeId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Records one listen in a single atomic statement. Returns the new count, or null when there is no such published podcast. */
export async function incrementPodcastListens(id: string | undefined): Promise<number | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const rows = await db
    .update(podcasts)
    .set({ listens: sql`${podcasts.listens} + 1` })
    .where(and(eq(podcasts.id, id), isPublished))
    .returning({ listens: podcasts.listens });
  return rows[0]?.listens ?? null;
}

/**
 * A podcast's listen (PRODUCT.md "Security"): counted when it is the visitor's first of this podcast in
 * 30 minutes (never for a bot: `visitor` null). Either way answers the live count; null when there is
 * no such published podcast.
 */
export async function recordPodcastListen(id: string | undefined, visitor: Visitor | null, now = Date.now()): Promise<number | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  // Read first, so hits on unknown ids leave no rows behind in rate_limits.
  const [row] = await db
    .select({ listens: podcasts.listens })
    .from(podcasts)
    .where(and(eq(podcasts.id, id), isPublished));
  if (!row) return null;
  if (!visitor || !(await isCountedHit("listen", id, visitor, now))) return row.listens;
  return (await incrementPodcastListens(id)) ?? row.listens;
}
