/**
 * The client report's row of the page benchmark (issue 45: "the report for a demo client over 90 days renders
 * in under 2 s for 200 items"; PRODUCT.md "Client reports"). Used by bench/pages.bench.ts.
 *
 * - seedReportClient: one client company with 200 published items naming it (100 videos, 60 podcasts, 40
 *   interviews, a quarter of them paid, so the disclosure register has rows), and 90 days of daily figures up
 *   to today: views or listens with their uniques (content_daily_stats), referrer groups, a referrer host and
 *   devices and an embedding site (content_daily_audience), plays and quarters on our pages and that site
 *   (content_daily_plays), and 1–20 IAB downloads a day for each of the 100 episodes
 *   (podcast_downloads, listeners shared between episodes). A few INSERT … SELECT statements in one
 *   transaction, straight into the database while the server is stopped (PGlite is one process's), then
 *   ANALYZE, as autovacuum would have done on PostgreSQL.
 * - measureReport: signed in as the bench admin, the report page's HTML over that period one request at a
 *   time (its loader and its server render), median and p95; then the CSV and the PDF, once each.
 */
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

import { BENCH_ADMIN, get, type Database, type RawResponse } from "./app-server";
import { BROWSER_HEADERS, quantile } from "./load";

export const REPORT_DAYS = 90;
export const REPORT_ITEMS = { video: 100, podcast: 60, interview: 40 } as const;
/** The target for the page. */
export const REPORT_TARGET_MS = 2000;
const SLUG = "bench-report-resources";

const SEED_SQL = `
begin;
insert into companies (name, slug, ticker, exchange, is_client)
  values ('Bench Report Resources', '${SLUG}', 'BRR', 'ASX', true);
create temp table bench_items (content_type text, id uuid) on commit drop;
with rows as (
  insert into videos (title, description, status, published_at)
  select 'Bench Report Resources video ' || g || ': drill results at the western project, the funding of the next stage and the offtake',
    'A video about Bench Report Resources.', 'published', now() - interval '100 days' - g * interval '1 hour'
  from generate_series(1, ${REPORT_ITEMS.video}) g
  returning id)
insert into bench_items select 'video', id from rows;
with rows as (
  insert into podcasts (title, description, status, published_at, audio_url)
  select 'Bench Report Resources podcast ' || g || ': the quarter in review', 'An episode.', 'published',
    now() - interval '95 days' - g * interval '1 hour', '/media/audio/bench-' || g || '.mp3'
  from generate_series(1, ${REPORT_ITEMS.podcast}) g
  returning id)
insert into bench_items select 'podcast', id from rows;
with rows as (
  insert into interviews (title, description, status, published_at, audio_url, interviewee_name,
    paid_promotion, disclosure_sponsor, consideration_form, consideration_amount, consideration_currency, agreement_date)
  select 'Bench Report Resources interview ' || g || ' with the managing director', 'An interview.', 'published',
    now() - g * interval '2 days', '/media/audio/bench-interview-' || g || '.mp3', 'Managing director',
    g % 4 = 0, case when g % 4 = 0 then 'Bench Report Resources Ltd' end, case when g % 4 = 0 then 'cash' end,
    case when g % 4 = 0 then 7500 end, case when g % 4 = 0 then 'AUD' end, case when g % 4 = 0 then current_date - 120 end
  from generate_series(1, ${REPORT_ITEMS.interview}) g
  returning id)
insert into bench_items select 'interview', id from rows;
insert into content_companies (content_type, content_id, company_id)
  select content_type, id, (select id from companies where slug = '${SLUG}') from bench_items;
insert into content_daily_stats (content_type, content_id, day, hits, uniques)
  select i.content_type, i.id, d.day, h.hits, (h.hits * 4) / 5
  from bench_items i
  cross join lateral (select (current_date - n) as day from generate_series(0, ${REPORT_DAYS - 1}) n) d
  cross join lateral (select 20 + abs(hashtext(i.id::text || d.day::text)) % 300 as hits) h;
insert into content_daily_audience (content_type, content_id, day, dimension, value, hits)
  select s.content_type, s.content_id, s.day, a.dimension, a.value, greatest(1, (s.hits * a.share) / 100)
  from content_daily_stats s join bench_items i on i.content_type = s.content_type and i.id = s.content_id
  cross join (values ('referrer', 'search', 45), ('referrer', 'social', 20), ('referrer', 'newsletter', 10),
    ('referrer', 'direct', 25), ('referrer_host', 'google.com', 40), ('embed_host', 'investors.example.com', 5),
    ('device', 'mobile', 60), ('device', 'desktop', 40))
    as a(dimension, value, share);
insert into content_daily_plays (content_type, content_id, day, host, plays, q25, q50, q75, q100, seconds)
  select s.content_type, s.content_id, s.day, p.host, (s.hits * p.share) / 100, (s.hits * p.share) / 140,
    (s.hits * p.share) / 180, (s.hits * p.share) / 250, (s.hits * p.share) / 350, (s.hits * p.share) * 3
  from content_daily_stats s join bench_items i on i.content_type = s.content_type and i.id = s.content_id
  cross join (values ('', 60), ('investors.example.com', 5)) as p(host, share);
insert into podcast_downloads (episode_type, episode_id, day, listener, app, counted_at)
  select i.content_type, i.id, d.day, 'bench-listener-' || ((l + d.n * 7) % 800), 'Apple Podcasts', d.day + time '10:00'
  from bench_items i
  cross join lateral (select n, current_date - n as day from generate_series(0, ${REPORT_DAYS - 1}) n) d
  cross join lateral generate_series(1, 1 + abs(hashtext(i.id::text || d.n)) % 20) l
  where i.content_type in ('podcast', 'interview');
commit;
analyze companies, content_companies, videos, podcasts, interviews, content_daily_stats, content_daily_audience, content_daily_plays,
  podcast_downloads;
`;

const COUNT_SQL = `select
  (select count(*) from content_daily_stats s join content_companies c on c.content_type = s.content_type and c.content_id = s.content_id
     join companies co on co.id = c.company_id where co.slug = '${SLUG}')::int as stats,
  (select count(*) from content_daily_audience a join content_companies c on c.content_type = a.content_type and c.content_id = a.content_id
     join companies co on co.id = c.company_id where co.slug = '${SLUG}')::int as audience,
  (select count(*) from podcast_downloads p join content_companies c on c.content_type = p.episode_type and c.content_id = p.episode_id
     join companies co on co.id = c.company_id where co.slug = '${SLUG}')::int as downloads`;

export interface ReportSeed {
  slug: string;
  period: { from: string; to: string };
  items: number;
  rows: { stats: number; audience: number; downloads: number };
  seconds: number;
}

/** Seeds the report's client into the (stopped) server's database; see the file's comment. */
export async function seedReportClient(database: Database): Promise<ReportSeed> {
  const started = performance.now();
  let rows: ReportSeed["rows"];
  if (database.kind === "postgres") {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(SEED_SQL);
      rows = (await client.query<ReportSeed["rows"]>(COUNT_SQL)).rows[0]!;
    } finally {
      await client.end();
    }
  } else {
    // The app's extension: its trigram indexes need it to write the tables.
    const db = await PGlite.create(database.env.DATA_DIR!, { extensions: { pg_trgm } });
    try {
      await db.exec(SEED_SQL);
      rows = (await db.query<ReportSeed["rows"]>(COUNT_SQL)).rows[0]!;
    } finally {
      await db.close();
    }
  }
  const today = new Date();
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const items = REPORT_ITEMS.video + REPORT_ITEMS.podcast + REPORT_ITEMS.interview;
  return { slug: SLUG, period: { from, to }, items, rows, seconds: (performance.now() - started) / 1000 };
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A body as sent, uncompressed. */
function decoded(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  return response.body;
}

export interface ReportTimes {
  samples: number;
  median: number;
  p95: number;
  max: number;
  /** The page's HTML as sent (compressed) and its size uncompressed. */
  pageBytes: { sent: number; encoding: string };
  csv: { ms: number; bytes: number };
  pdf: { ms: number; bytes: number };
}

/** Times the report page `samples` times one after another (after two warm-ups), then its CSV and PDF once. */
export async function measureReport(origin: string, seed: ReportSeed, samples: number): Promise<ReportTimes> {
  const cookie = await signIn(origin);
  const query = new URLSearchParams(seed.period).toString();
  const base = `${origin}/admin/companies/${seed.slug}/report`;
  const timed = async (url: string, expectType: string) => {
    const started = performance.now();
    const response = await get(url, { ...BROWSER_HEADERS, cookie }, 120_000);
    const ms = performance.now() - started;
    const type = String(response.headers["content-type"] ?? "");
    if (response.status !== 200 || !type.startsWith(expectType))
      throw new Error(`${url} answered ${response.status} ${type}: ${response.body.toString("utf8").slice(0, 300)}`);
    return { ms, response };
  };
  // The page must show every item: a report that silently lost its figures would be fast for nothing.
  const first = await timed(`${base}?${query}`, "text/html");
  const { response: plain } = await timed(`${base}.csv?${query}`, "text/csv");
  const csvRows = decoded(plain).toString("utf8").trim().split("\r\n").length;
  if (csvRows !== seed.items + 2) throw new Error(`the CSV has ${csvRows} lines, not ${seed.items} items + header + TOTAL`);
  await timed(`${base}?${query}`, "text/html");

  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await timed(`${base}?${query}`, "text/html")).ms);
  times.sort((a, b) => a - b);
  const csv = await timed(`${base}.csv?${query}`, "text/csv");
  const pdf = await timed(`${base}.pdf?${query}`, "application/pdf");
  return {
    samples,
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times.at(-1)!,
    pageBytes: { sent: first.response.body.length, encoding: String(first.response.headers["content-encoding"] ?? "identity") },
    csv: { ms: csv.ms, bytes: csv.response.body.length },
    pdf: { ms: pdf.ms, bytes: pdf.response.body.length },
  };
}
