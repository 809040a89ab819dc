/**
 * The demo catalogue (catalogue/*.ts) written into the database: one multi-row insert per content type,
 * then the companies and the items that name them. Ids are derived from each item's and company's slug,
 * so a reseed keeps every link valid; dates are ages relative to the moment of seeding, so the site
 * always looks current.
 */
import { inArray, sql, type SQL } from "drizzle-orm";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isPlayedType } from "~/lib/play-marks";
import { transcriptWords } from "~/lib/transcripts";

import { sanitizeContentHtml } from "../content/sanitize.server";
import { schema, type Database } from "../db/db.server";
import type { ContentStatus } from "../db/schema";
import { DEMO_BLOGS } from "./catalogue/blogs";
import { companyLogoUrl, DEMO_COMPANIES } from "./catalogue/companies";
import { demoId } from "./catalogue/demo-ids";
import { DEMO_INTERVIEWS } from "./catalogue/interviews";
import { DEMO_PODCASTS } from "./catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "./catalogue/special-features";
import type { DemoContent, DemoSponsorship, DemoTranscribed } from "./catalogue/types";
import { DEMO_VIDEOS } from "./catalogue/videos";
import { demoDailyFigures, seededRandom } from "./daily-traffic";
import { demoAudience, demoPlays, type DemoAudienceRow, type DemoPlaysRow } from "./demo-audience";
import { demoDownloads } from "./demo-downloads";
import { demoMail } from "./demo-mail";

/** The database or a transaction on it: both can insert, execute and open a (nested) transaction. */
type Executor = Pick<Database, "insert" | "select" | "execute" | "transaction">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** PRODUCT.md "Views over time": the demo's daily figures cover twice the charts' 30 days. */
const DEMO_DAILY_DAYS = 90;

/** How many rows of each type the demo catalogue holds. */
export const DEMO_COUNTS = {
  videos: DEMO_VIDEOS.length,
  podcasts: DEMO_PODCASTS.length,
  blogs: DEMO_BLOGS.length,
  interviews: DEMO_INTERVIEWS.length,
  specialFeatures: DEMO_SPECIAL_FEATURES.length,
  companies: DEMO_COMPANIES.length,
};

/** The moment `ageDays` days before `now`, to the minute. */
function daysBefore(now: Date, ageDays: number) {
  return new Date(now.getTime() - Math.round((ageDays * DAY_MS) / 60_000) * 60_000);
}

/** PRODUCT.md "Paid promotion": a demo item's sponsorship columns; a payer company not seeded (an admin's own) is named instead. */
function sponsorshipColumns(sponsorship: DemoSponsorship | undefined, companies: ReadonlySet<string>, now: Date) {
  if (!sponsorship) return { paidPromotion: false };
  const payer = sponsorship.payerCompany ? demoId("company", sponsorship.payerCompany) : null;
  const payerSeeded = payer !== null && companies.has(payer);
  const payerName = DEMO_COMPANIES.find((company) => company.slug === sponsorship.payerCompany)?.name;
  return {
    paidPromotion: true,
    sponsorCompanyId: payerSeeded ? payer : null,
    disclosureSponsor: payerSeeded ? null : (sponsorship.otherParty ?? payerName ?? null),
    considerationForm: sponsorship.form,
    considerationAmount: sponsorship.amount?.toFixed(2) ?? null,
    considerationCurrency: sponsorship.currency ?? null,
    considerationUnits: sponsorship.units?.toString() ?? null,
    agreementDate: daysBefore(now, sponsorship.agreementAge).toISOString().slice(0, 10),
    disclosureNote: sponsorship.note ?? null,
  };
}

function common(type: string, item: DemoContent, now: Date, companies: ReadonlySet<string>) {
  const at = (ageDays: number) => daysBefore(now, ageDays);
  const status: ContentStatus = item.status ?? "published";
  const createdAt = at(item.age);
  return {
    id: demoId(type, item.slug),
    title: item.title,
    description: item.description,
    // Stored as an admin save would store it: sanitised on write (and again on render).
    content: item.content == null ? null : sanitizeContentHtml(item.content),
    tags: item.tags,
    ...sponsorshipColumns(item.paidPromotion, companies, now),
    status,
    publishedAt: status === "published" ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
    at,
  };
}

function withoutAt<T extends { at: unknown }>({ at: _at, ...row }: T) {
  return row;
}

/** PRODUCT.md "Transcripts": a demo item's transcript and chapters, with the words search matches, as a save writes them. */
function transcriptColumns({ transcript, chapters }: DemoTranscribed) {
  return { transcript: transcript ?? null, transcriptText: transcript ? transcriptWords(transcript) : null, chapters: chapters ?? null };
}

/**
 * Inserts the whole demo catalogue (5 statements, then the companies and their items, then the daily
 * figures) and refreshes planner statistics.
 */
export async function seedDemoContent(db: Database | Executor, now: Date = new Date()): Promise<void> {
  await (db as Executor).transaction(async (tx) => {
    // Companies first: a paid item's payer is a company (a foreign key).
    const companies = await seedDemoCompanies(tx);
    await tx.insert(schema.videos).values(
      DEMO_VIDEOS.map((video) => {
        const row = common("video", video, now, companies);
        return {
          ...withoutAt(row),
          videoUrl: video.videoUrl,
          ...transcriptColumns(video),
          thumbnailUrl: video.thumbnail,
          duration: video.duration,
          views: video.views,
          featured: video.featuredAge != null,
          featuredAt: video.featuredAge != null ? row.at(video.featuredAge) : null,
        };
      }),
    );
    await tx.insert(schema.podcasts).values(
      DEMO_PODCASTS.map((podcast) => {
        const row = common("podcast", podcast, now, companies);
        return {
          ...withoutAt(row),
          audioUrl: podcast.audioUrl,
          ...transcriptColumns(podcast),
          thumbnailUrl: podcast.thumbnail,
          duration: podcast.duration,
          listens: podcast.listens,
          featured: podcast.featuredAge != null,
          featuredAt: podcast.featuredAge != null ? row.at(podcast.featuredAge) : null,
        };
      }),
    );
    await tx.insert(schema.blogs).values(
      DEMO_BLOGS.map((blog) => ({
        ...withoutAt(common("blog", blog, now, companies)),
        featuredImageUrl: blog.image,
        authorName: blog.authorName,
        authorRole: blog.authorRole,
        readTime: blog.readTime,
        views: blog.views,
      })),
    );
    await tx.insert(schema.interviews).values(
      DEMO_INTERVIEWS.map((interview) => ({
        ...withoutAt(common("interview", interview, now, companies)),
        intervieweeName: interview.intervieweeName,
        intervieweeTitle: interview.intervieweeTitle,
        videoUrl: interview.videoUrl,
        audioUrl: interview.audioUrl,
        ...transcriptColumns(interview),
        thumbnailUrl: interview.thumbnail,
        duration: interview.duration,
        views: interview.views,
      })),
    );
    await tx.insert(schema.specialFeatures).values(
      DEMO_SPECIAL_FEATURES.map((feature) => ({
        ...withoutAt(common("special_feature", feature, now, companies)),
        featureType: feature.featureType,
        featuredImageUrl: feature.image,
        videoUrl: feature.videoUrl,
        readTime: feature.readTime,
        views: feature.views,
      })),
    );
    await seedDemoDailyFigures(tx, now);
    await seedDemoDownloads(tx, now);
    await seedDemoMail(tx, now, companies);
    // PGlite has no autovacuum: without fresh statistics the planner ignores the new rows' indexes.
    await tx.execute(
      sql`analyze ${allContentTables()}, ${schema.companies}, ${schema.companyFollows}, ${schema.contentCompanies}, ${schema.contentDailyStats}, ${schema.podcastDownloads}, ${schema.contentDailyAudience}, ${schema.contentDailyPlays}, ${schema.contentDailyMail}`,
    );
  });
}

/**
 * PRODUCT.md "Companies": the demo companies, and the demo items that name them. A company already there
 * (same id, slug or ticker: the start-up seed runs whenever the content tables are empty, and an admin
 * may have kept or remade a company) is left as it is, and only companies with the demo ids are named.
 */
async function seedDemoCompanies(tx: Executor): Promise<Set<string>> {
  await tx
    .insert(schema.companies)
    .values(
      DEMO_COMPANIES.map(({ about: _about, logo: _logo, ...company }) => ({
        ...company,
        id: demoId("company", company.slug),
        logoUrl: companyLogoUrl(company.slug),
      })),
    )
    .onConflictDoNothing();
  const ids = DEMO_COMPANIES.map((company) => demoId("company", company.slug));
  const present = new Set(
    (await tx.select({ id: schema.companies.id }).from(schema.companies).where(inArray(schema.companies.id, ids))).map((row) => row.id),
  );
  const tags = DEMO_COMPANIES.flatMap((company) =>
    Object.entries(company.about).flatMap(([type, slugs]) =>
      slugs.map((slug) => ({
        contentType: type as ContentType,
        contentId: demoId(type, slug),
        companyId: demoId("company", company.slug),
      })),
    ),
  ).filter((tag) => present.has(tag.companyId));
  if (tags.length > 0) await tx.insert(schema.contentCompanies).values(tags).onConflictDoNothing();
  return present;
}

/** Every demo item with its type and lifetime count (views, or listens for podcasts). */
const DEMO_COUNTED: { type: ContentType; item: DemoContent; total: number }[] = [
  ...DEMO_VIDEOS.map((item) => ({ type: "video" as const, item, total: item.views })),
  ...DEMO_PODCASTS.map((item) => ({ type: "podcast" as const, item, total: item.listens })),
  ...DEMO_BLOGS.map((item) => ({ type: "blog" as const, item, total: item.views })),
  ...DEMO_INTERVIEWS.map((item) => ({ type: "interview" as const, item, total: item.views })),
  ...DEMO_SPECIAL_FEATURES.map((item) => ({ type: "special_feature" as const, item, total: item.views })),
];

/**
 * PRODUCT.md "Views over time": the last 60 days of every published demo item's views or listens, shaped
 * by `demoDailyFigures` (never more than the item's total, nothing before its publication), in one
 * multi-row statement. Drafts and archived items were never live, so they have none.
 */
async function seedDemoDailyFigures(tx: Executor, now: Date) {
  const audience: (DemoAudienceRow & { contentType: ContentType; contentId: string })[] = [];
  const plays: (DemoPlaysRow & { contentType: ContentType; contentId: string })[] = [];
  const rows = DEMO_COUNTED.flatMap(({ type, item, total }) => {
    if (item.status) return [];
    const id = demoId(type, item.slug);
    const figures = demoDailyFigures({ total, publishedAt: daysBefore(now, item.age), now, days: DEMO_DAILY_DAYS, seed: id });
    // PRODUCT.md "Measurement": the demo clients' items get where their readers came from, and uniques.
    const client = CLIENT_ITEMS.has(`${type}:${item.slug}`) ? demoAudience(figures, id) : null;
    if (client) audience.push(...client.rows.map((row) => ({ ...row, contentType: type, contentId: id })));
    if (client && isPlayedType(type)) {
      const duration = "duration" in item && typeof item.duration === "number" ? item.duration : DEMO_PLAY_SECONDS;
      const counter = CONTENT_REGISTRY[type].counter;
      plays.push(...demoPlays(figures, { seed: id, counter, duration }).map((row) => ({ ...row, contentType: type, contentId: id })));
    }
    return figures.map(({ day, hits }) => ({ contentType: type, contentId: id, day, hits, uniques: client?.uniques.get(day) ?? 0 }));
  });
  // Figures left by items deleted outside the app (no foreign key holds them) give way to the demo's.
  if (rows.length > 0) await tx.insert(schema.contentDailyStats).values(rows).onConflictDoNothing();
  await inJsonChunks(
    tx,
    audience,
    (rows) => sql`
      insert into content_daily_audience (content_type, content_id, day, dimension, value, hits)
      select "contentType", "contentId", day, dimension, value, hits
      from jsonb_to_recordset(${rows}::jsonb) as r("contentType" text, "contentId" uuid, day date, dimension text, value text, hits int)
      on conflict do nothing`,
  );
  await inJsonChunks(
    tx,
    plays,
    (rows) => sql`
      insert into content_daily_plays (content_type, content_id, day, plays, q25, q50, q75, q100, seconds)
      select "contentType", "contentId", day, plays, q25, q50, q75, q100, seconds
      from jsonb_to_recordset(${rows}::jsonb)
        as r("contentType" text, "contentId" uuid, day date, plays int, q25 int, q50 int, q75 int, q100 int, seconds bigint)
      on conflict do nothing`,
  );
}

/** A demo item's length when its catalogue entry gives none: ten minutes. */
const DEMO_PLAY_SECONDS = 600;

/** The demo items that name a demo company (its client, in PRODUCT.md "Client reports"), as `type:slug`. */
const CLIENT_ITEMS = new Set(
  DEMO_COMPANIES.flatMap((company) => Object.entries(company.about).flatMap(([type, slugs]) => slugs.map((slug) => `${type}:${slug}`))),
);

/** Downloads per episode: a fifth of a podcast's listens, a tenth of an interview's views. */
const DOWNLOAD_SHARE = { podcast: 0.2, interview: 0.1 } as const;

/** PRODUCT.md "Measurement": 90 days of podcast downloads for the published demo episodes with audio. */
async function seedDemoDownloads(tx: Executor, now: Date) {
  const rows = DEMO_COUNTED.flatMap(({ type, item, total }) => {
    if (item.status || (type !== "podcast" && type !== "interview") || !("audioUrl" in item) || !item.audioUrl) return [];
    return demoDownloads({
      episodeType: type,
      episodeId: demoId(type, item.slug),
      total: Math.round(total * DOWNLOAD_SHARE[type]),
      publishedAt: daysBefore(now, item.age),
      now,
    });
  });
  // One JSON parameter per statement: ~20,000 rows bound as parameters cost the start-up seconds.
  await inJsonChunks(
    tx,
    rows,
    (chunk) => sql`
      insert into podcast_downloads (episode_type, episode_id, day, listener, app, device, counted_at)
      select "episodeType", "episodeId", day, listener, app, device, "countedAt"
      from jsonb_to_recordset(${chunk}::jsonb)
        as r("episodeType" text, "episodeId" uuid, day date, listener text, app text, device text, "countedAt" timestamptz)
      on conflict do nothing`,
  );
}

const JSON_ROWS_PER_INSERT = 5_000;

/**
 * Runs `insert` for `rows` JSON_ROWS_PER_INSERT at a time, each chunk one JSON parameter: thousands of demo
 * rows go in a few statements (a parameter per value would pass PostgreSQL's 65,535).
 */
async function inJsonChunks(tx: Executor, rows: readonly object[], insert: (json: string) => SQL) {
  for (let i = 0; i < rows.length; i += JSON_ROWS_PER_INSERT) {
    await tx.execute(insert(JSON.stringify(rows.slice(i, i + JSON_ROWS_PER_INSERT))));
  }
}

/** A demo company's followers (its alerts' readers): 300 to 1,200, the same on every seed. */
function demoFollowers(slug: string): number {
  return 300 + Math.floor(seededRandom(`followers:${slug}`)() * 900);
}

/**
 * PRODUCT.md "Client reports": 90 days of newsletter and alert sends and clicks for the published items
 * naming a demo company (seeded: `companies`), their alerts going to the followers of each company they name.
 */
async function seedDemoMail(tx: Executor, now: Date, companies: ReadonlySet<string>) {
  const followers = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    if (!companies.has(demoId("company", company.slug))) continue;
    for (const [type, slugs] of Object.entries(company.about))
      for (const slug of slugs) followers.set(`${type}:${slug}`, (followers.get(`${type}:${slug}`) ?? 0) + demoFollowers(company.slug));
  }
  const rows = DEMO_COUNTED.flatMap(({ type, item }) => {
    const readers = followers.get(`${type}:${item.slug}`);
    if (item.status || readers === undefined) return [];
    const id = demoId(type, item.slug);
    return demoMail({ seed: id, publishedAt: daysBefore(now, item.age), now, followers: readers }).map((row) => ({
      ...row,
      contentType: type,
      contentId: id,
    }));
  });
  await inJsonChunks(
    tx,
    rows,
    (chunk) => sql`
      insert into content_daily_mail (content_type, content_id, day, channel, sends, clicks)
      select "contentType", "contentId", day, channel, sends, clicks
      from jsonb_to_recordset(${chunk}::jsonb) as r("contentType" text, "contentId" uuid, day date, channel text, sends int, clicks int)
      on conflict do nothing`,
  );
}

/**
 * `npm run seed`: replaces every content row and every company with the demo catalogue in one
 * transaction. Accounts, profiles, subscribers and contact messages are left alone.
 */
export async function reseedDemoContent(db: Database, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // One TRUNCATE empties all five tables and the companies (and leaves no dead rows); the items' company
    // tags, daily figures (mail included), podcast downloads (rolled up or not) and deleted items' list go with them: the
    // old catalogue's figures would name no item of the new one (PRODUCT.md "Companies", "Client reports").
    await tx.execute(
      sql`truncate ${allContentTables()}, ${schema.companies}, ${schema.companyFollows}, ${schema.reportLinks}, ${schema.marketQuotes}, ${schema.marketCloses}, ${schema.marketAnnouncements}, ${schema.marketRefresh}, ${schema.contentCompanies}, ${schema.contentDailyStats}, ${schema.podcastDownloads}, ${schema.podcastDailyDownloads}, ${schema.contentDailyAudience}, ${schema.contentDailyPlays}, ${schema.contentDailyMail}, ${schema.deletedItems}`,
    );
    await seedDemoContent(tx, now);
  });
}

/** Every content table of the registry, for statements that take a list of tables. */
function allContentTables() {
  return sql.join(
    CONTENT_TYPE_LIST.map(({ tableName }) => sql.identifier(tableName)),
    sql`, `,
  );
}
