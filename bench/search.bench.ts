/**
 * Search benchmark (issue 6): `npm run bench:search`.
 *
 * Loads 100,000 items (20,000 per content type, ~5% drafts) into a fresh embedded PGlite database in a
 * temporary folder and, when DATABASE_URL is set, into a fresh database on that PostgreSQL server
 * (created and dropped here; the role needs CREATEDB). Then times searchContent — the exact code the
 * /search page runs — for a handful of queries, first with the search indexes (pg_trgm and the token
 * indexes) and then without them, and prints p50/p95 and the ratio side by side.
 *
 * Without the indexes every query runs as the plain substring test (`tokenIndex: false`): computing
 * the tokens of every row would be far slower than LIKE, and no app would choose it without its index.
 * A middle column runs that substring test with the trigram indexes, which is how words and phrases
 * ran before the token and pair indexes (migrations 0004 and 0005).
 * Last, it times the admin list search (PRODUCT.md "Admin lists": ILIKE on title and description, exact
 * count, 25 newest) with and without the trigram indexes on those two columns.
 *
 * Transcripts (migration 0022) are on by default: a fifth of the items carry one (bench/transcript-text.ts),
 * as the figures must be measured with them. searchContent then also finds, for the page's results, where
 * their transcript matches; the *transcript step* column times that step alone. After the load the output
 * gives the CPU time it took (PGlite only), the tables' and indexes' sizes and the memory used.
 *
 * Options (environment): BENCH_PER_TYPE (default 20000), BENCH_RUNS (most timed runs per query,
 * default 30), BENCH_SECONDS (time budget per query and phase, default 2; at least 3 runs are always
 * timed), BENCH_SKIP_PGLITE=1 (PostgreSQL only), BENCH_EXPLAIN=1 (print each plan),
 * BENCH_CONTENT_WORDS=min-max (words of content per item; default 45-85, short notes; 400-800 is an
 * article), BENCH_TRANSCRIPTS=min-max|off (words per transcript, given to a fifth of the items, all of them
 * videos, podcasts and interviews; default 2250-4500, a 15–30 minute recording at 150 words a minute; `off`
 * loads no transcript, as before migration 0022).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import type { ContentType } from "~/lib/content-types";
import { parseQuery } from "~/lib/search";
import { parseTranscript, transcriptWords } from "~/lib/transcripts";
import { MIGRATIONS_FOLDER, schema, type Database } from "~/server/db/db.server";
import { explainSearch, isTokenQuery, phraseQuery, searchContentIn, type SearchOptions } from "~/server/search/search.server";
import { transcriptMatches } from "~/server/search/transcript-matches.server";

import {
  createIndexes,
  dropIndexes,
  loadContent,
  RARE_WORDS,
  searchIndexes,
  SHORT_CONTENT,
  TRANSCRIPT_TABLES,
  transcriptCounts,
  type ContentLength,
  type TranscriptTotals,
} from "./content-loader";
import { checkTranscriptOnly, TRANSCRIPT_ONLY_WORDS, TRANSCRIPT_WORDS, transcriptMaker } from "./transcript-text";

const PER_TYPE = Number(process.env.BENCH_PER_TYPE ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const MIN_RUNS = 3;
const CONTENT_LENGTH = wordRange("BENCH_CONTENT_WORDS", process.env.BENCH_CONTENT_WORDS) ?? SHORT_CONTENT;
const TRANSCRIPT_LENGTH =
  process.env.BENCH_TRANSCRIPTS === "off" ? null : (wordRange("BENCH_TRANSCRIPTS", process.env.BENCH_TRANSCRIPTS) ?? TRANSCRIPT_WORDS);

function wordRange(name: string, value: string | undefined): ContentLength | null {
  if (!value) return null;
  const match = /^(\d+)-(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= Number(match[1])) {
    throw new Error(`${name} must look like 400-800${name === "BENCH_TRANSCRIPTS" ? " or be off" : ""}, not ${JSON.stringify(value)}`);
  }
  return { min: Number(match[1]), max: Number(match[2]) };
}
const WARM_UP = 1;

interface Case {
  name: string;
  q: string;
  types?: ContentType[];
  page?: number;
  /** Found in transcripts only: every result on the page must say so (its transcriptMatch). */
  transcriptOnly?: boolean;
}

const CASES: Case[] = [
  { name: "common word", q: "market" },
  { name: "common word, deep page", q: "market", page: 40 },
  { name: "topic word", q: "inflation" },
  { name: "rare word", q: RARE_WORDS[37]! },
  { name: "part of a word", q: "flat" },
  { name: "2 letters", q: "ai" },
  { name: "phrase", q: "bond yields" },
  { name: "types filter", q: "earnings", types: ["podcast", "blog"] },
  { name: "mixed case + page 3", q: "Central Bank", page: 3 },
  { name: "empty query (browse)", q: "" },
  // Words only ever said (bench/transcript-text.ts): an invented name in ~1% of the transcripts, and a
  // phrase in nearly all of them. Without transcripts they find nothing.
  { name: "transcript-only word", q: TRANSCRIPT_ONLY_WORDS[7]!, transcriptOnly: true },
  { name: "transcript-only phrase", q: "you know", transcriptOnly: true },
];

interface Target {
  kind: "pglite" | "postgres";
  label: string;
  db: Database;
  close: () => Promise<void>;
  /** PGlite's WebAssembly memory in bytes: it only grows, so this is its peak (at most 2 GB). */
  wasmBytes?: () => number;
}

async function openPgliteTarget(): Promise<Target> {
  // A temporary folder, never ./data: the benchmark must not touch the site's database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-bench-"));
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: "pglite",
    label: "PGlite (embedded)",
    db,
    wasmBytes: () => (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer.byteLength ?? NaN,
    close: async () => {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresTarget(url: string): Promise<Target> {
  const name = `marketwire_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Same pool settings as the app (app/server/db/db.server.ts).
  const pool = new pg.Pool({ connectionString: target.toString(), max: 10 });
  const db = drizzlePg(pool, { schema });
  const version = (await pool.query("show server_version")).rows[0].server_version as string;
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: "postgres",
    label: `PostgreSQL ${version.split(" ")[0]}`,
    db,
    close: async () => {
      await pool.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function load(target: Target) {
  const { insertSeconds, indexSeconds, indexCount, vacuumSeconds, cpuSeconds, transcripts } = await loadContent(target.db, {
    perType: PER_TYPE,
    contentLength: CONTENT_LENGTH,
    transcripts: TRANSCRIPT_LENGTH && transcriptMaker(TRANSCRIPT_LENGTH),
  });
  const { rows } = (await target.db.execute(
    sql`select (select count(*) from videos) + (select count(*) from podcasts) + (select count(*) from blogs)
      + (select count(*) from interviews) + (select count(*) from special_features) as total,
      (select count(*) from videos where status = 'published') + (select count(*) from podcasts where status = 'published')
      + (select count(*) from blogs where status = 'published') + (select count(*) from interviews where status = 'published')
      + (select count(*) from special_features where status = 'published') as published`,
  )) as unknown as { rows: { total: number | string; published: number | string }[] };
  console.log(
    `  loaded ${Number(rows[0]!.total).toLocaleString("en-US")} items (${Number(rows[0]!.published).toLocaleString("en-US")} published): ` +
      `insert ${insertSeconds.toFixed(1)} s, ${indexCount} search indexes ${indexSeconds.toFixed(1)} s, vacuum analyze ${vacuumSeconds.toFixed(1)} s`,
  );
  if (target.kind === "pglite") {
    // PGlite works in this process, so its CPU time is what the load costs, whatever else the machine runs.
    const { insert, index, vacuum } = cpuSeconds;
    console.log(
      `  CPU time of this process: insert ${insert.toFixed(1)} s, indexes ${index.toFixed(1)} s, vacuum analyze ${vacuum.toFixed(1)} s`,
    );
  }
  if (transcripts) {
    console.log(
      `  transcripts: ${transcriptSummary(transcripts)}; made in Node in ${transcripts.makeSeconds.toFixed(1)} s (part of the insert)`,
    );
    await checkTranscripts(target.db);
  }
  await printSizes(target.db);
  console.log(`  memory after the load: ${memory(target)}`);
  return transcripts;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

function transcriptSummary(t: TranscriptTotals) {
  const counts = TRANSCRIPT_TABLES.map((table, i) => `${t.perTable[i]!.toLocaleString("en-US")} ${table}`).join(", ");
  return (
    `${t.rows.toLocaleString("en-US")} items (${counts}), ${mb(t.storedBytes)} of WebVTT (transcript) ` +
    `and ${mb(t.wordsBytes)} of words (transcript_text, also in search_text)`
  );
}

/** The words the loader stored must be what the app stores: transcriptWords() of a stored WebVTT that parseTranscript keeps as it is. */
async function checkTranscripts(db: Database) {
  const sample = TRANSCRIPT_TABLES.map(
    (table) => sql`(select transcript, transcript_text from ${sql.identifier(table)} where transcript is not null order by id limit 5)`,
  );
  const { rows } = (await db.execute(sql.join(sample, sql` union all `))) as unknown as {
    rows: { transcript: string; transcript_text: string }[];
  };
  for (const row of rows) {
    const parsed = parseTranscript(row.transcript);
    if (!parsed.ok || parsed.format !== "vtt" || parsed.stored !== row.transcript)
      throw new Error("a loaded transcript is not in the stored form");
    if (transcriptWords(row.transcript) !== row.transcript_text)
      throw new Error("a loaded transcript_text is not transcriptWords(transcript)");
  }
  console.log(`  checked on ${rows.length} rows: each transcript is stored WebVTT and its transcript_text is transcriptWords(transcript)`);
}

const SIZES = ["total", "heap", "indexes", "trgm", "tokens", "pairs"] as const;

type Sizes = Record<(typeof SIZES)[number], number>;

/** On disk: each content table (heap and TOAST) and its indexes, the search indexes apart, and the whole database. */
async function printSizes(db: Database) {
  const searchIndex = (suffix: string) =>
    sql`(select coalesce(sum(pg_relation_size(i.indexrelid)), 0) from pg_index i join pg_class ic on ic.oid = i.indexrelid
      where i.indrelid = c.oid and ic.relname like ${`%\\_${suffix}`})`;
  const { rows } = (await db.execute(
    sql`select c.relname as name, pg_total_relation_size(c.oid) as total, pg_table_size(c.oid) as heap,
        pg_indexes_size(c.oid) as indexes, ${searchIndex("search\\_text\\_trgm\\_idx")} as trgm,
        ${searchIndex("search\\_tokens\\_idx")} as tokens, ${searchIndex("search\\_bigrams\\_idx")} as pairs,
        pg_database_size(current_database()) as database
      from pg_class c where c.relname in ('videos', 'podcasts', 'interviews', 'blogs', 'special_features', 'search_lexicon')
      order by c.relname in ('videos', 'podcasts', 'interviews') desc, c.relname`,
  )) as unknown as { rows: ({ name: string; database: number | string } & Record<keyof Sizes, number | string>)[] };
  const tables = rows.map((row) => ({ name: row.name, ...(Object.fromEntries(SIZES.map((k) => [k, Number(row[k])])) as Sizes) }));
  const three = tables.filter((table) => (TRANSCRIPT_TABLES as readonly string[]).includes(table.name));
  const line = (name: string, r: Sizes) =>
    `    ${name.padEnd(16)} ${mb(r.total).padStart(10)}: table and TOAST ${mb(r.heap)}, indexes ${mb(r.indexes)} ` +
    `(search_text trigrams ${mb(r.trgm)}, tokens ${mb(r.tokens)}, pairs ${mb(r.pairs)})`;
  console.log(`  on disk (pg_total_relation_size; the database ${mb(Number(rows[0]!.database))}):`);
  for (const table of tables) console.log(line(table.name, table));
  console.log(line(TRANSCRIPT_TABLES.join("+"), Object.fromEntries(SIZES.map((k) => [k, three.reduce((n, t) => n + t[k], 0)])) as Sizes));
}

/** Node's resident memory now and at its peak (PGlite runs inside it), and PGlite's WebAssembly memory. */
function memory(target: Target) {
  const wasm = target.wasmBytes?.();
  return (
    `rss ${mb(process.memoryUsage().rss)}, peak rss ${mb(process.resourceUsage().maxRSS * 1024)}` +
    (wasm === undefined ? "" : `, PGlite WebAssembly memory ${mb(wasm)} of 2,048 MB`)
  );
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

interface Timing {
  p50: number;
  p95: number;
  runs: number;
  total: number;
  plan: string;
  /** p50 of the step after the statement that finds where each result's transcript matches (as the app runs). */
  transcriptStep?: number;
}

/** app: as the app runs; trgmOnly: the substring test with the trigram indexes; none: no search index. */
type Phase = "app" | "trgmOnly" | "none";

const PHASE_OPTIONS: Record<Phase, SearchOptions> = { app: {}, trgmOnly: { tokenIndex: false }, none: { tokenIndex: false } };

/**
 * What the plans do, in a few words: token-index scans (`tokens`), pair-index scans (`pairs`), the
 * lexicon's trigram index (`lexicon`), trigram bitmap scans (`trgm`), date-index walks (`date idx`), or
 * reading every row (`seq`). One-word and two-word queries run two statements (count, then page): the
 * summary covers both.
 */
async function planSummary(db: Database, c: Case, options: SearchOptions): Promise<string> {
  const plan = await explainSearch(db, { q: c.q, types: c.types, page: c.page }, options);
  if (process.env.BENCH_EXPLAIN) console.log(`\n-- ${c.name}\n${plan}`);
  const parts: string[] = [];
  if (/Bitmap Index Scan on \w+_search_tokens_idx/.test(plan)) parts.push("tokens");
  if (/Bitmap Index Scan on \w+_search_bigrams_idx/.test(plan)) parts.push("pairs");
  if (/Bitmap Index Scan on search_lexicon_token_trgm_idx/.test(plan)) parts.push("lexicon");
  if (/Bitmap Index Scan on \w+_search_text_trgm_idx/.test(plan)) parts.push("trgm");
  if (/Index (Only )?Scan( Backward)? using \w+_status_published_at_idx/.test(plan)) parts.push("date idx");
  if (/Seq Scan on (videos|podcasts|blogs|interviews|special_features)\b/.test(plan)) parts.push("seq");
  return parts.join("+") || "other";
}

/** Times `run` (returns the match count): one warm-up, then at least MIN_RUNS runs, within SECONDS. */
async function timeRuns(run: () => Promise<number>): Promise<Omit<Timing, "plan">> {
  let total = 0;
  for (let i = 0; i < WARM_UP; i++) total = await run();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < RUNS && (samples.length < MIN_RUNS || performance.now() - started < SECONDS * 1000)) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs: samples.length, total };
}

async function time(db: Database, c: Case, phase: Phase): Promise<Timing> {
  const params = { q: c.q, types: c.types, page: c.page };
  const run = async () => (await searchContentIn(db, params, PHASE_OPTIONS[phase])).total;
  const timing = { ...(await timeRuns(run)), plan: await planSummary(db, c, PHASE_OPTIONS[phase]) };
  const query = parseQuery(c.q);
  if (phase !== "app" || !query) return timing;
  const { results } = await searchContentIn(db, params);
  const other = c.transcriptOnly && results.find((result) => !result.transcriptMatch);
  if (other) throw new Error(`"${c.name}": ${other.contentType} ${other.id} matches outside its transcript`);
  // Part of searchContentIn: the search statement's own time is p50 less this (about).
  const step = await timeRuns(async () => (await transcriptMatches(db, query, results)).size);
  return { ...timing, transcriptStep: step.p50 };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

function printTable(label: string, results: Record<Phase, (Timing | undefined)[]>, transcripts: TranscriptTotals | null) {
  const header = [
    "query",
    "q",
    "matches",
    "p50",
    "p95",
    "plan",
    "p50 transcript step",
    "p50 trgm only",
    "plan",
    "p50 no index",
    "p95 no index",
    "plan",
    "ratio p50",
  ];
  const rows = CASES.map((c, i) => {
    const a = results.app[i]!;
    const t = results.trgmOnly[i];
    const b = results.none[i]!;
    const query = `${c.q ? `"${c.q}"` : "''"}${c.types ? ` types=${c.types.join(",")}` : ""}${c.page ? ` page=${c.page}` : ""}`;
    return [
      c.name,
      query,
      a.total.toLocaleString("en-US"),
      ms(a.p50),
      ms(a.p95),
      a.plan,
      a.transcriptStep === undefined ? "–" : ms(a.transcriptStep),
      t ? ms(t.p50) : "–",
      t ? t.plan : "–",
      ms(b.p50),
      ms(b.p95),
      b.plan,
      `${(b.p50 / a.p50).toFixed(1)}×`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  const runs = (phase: Phase) => results[phase].map((t) => t?.runs ?? "–").join("/");
  console.log(
    `\n${label}: ${(PER_TYPE * 5).toLocaleString("en-US")} items, ` +
      `${transcripts ? `transcripts on ${transcriptSummary(transcripts)}` : "no transcripts"}; timed runs per query: ` +
      `app ${runs("app")}, trgm only ${runs("trgmOnly")}, no index ${runs("none")} (after ${WARM_UP} warm-up runs)\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

async function timeAll(db: Database, phase: Phase) {
  const timings: (Timing | undefined)[] = [];
  for (const c of CASES) {
    const query = parseQuery(c.q);
    // "trgm only" differs from the app only for the queries the token and pair indexes answer.
    const exact = query && (isTokenQuery(query) || phraseQuery(query));
    timings.push(phase === "trgmOnly" && !exact ? undefined : await time(db, c, phase));
  }
  return timings;
}

/**
 * The admin list search (PRODUCT.md "Admin lists"), shaped as app/server/content/admin-content.server.ts runs it
 * (Drizzle's ilike on title and description; its third, unindexed field is left out, as it only makes matters
 * worse), on one 20,000-row table: exact count plus the 25 newest.
 */
async function timeAdminSearch(db: Database, q: string) {
  const pattern = `%${q}%`;
  return timeRuns(async () => {
    const where = sql`title ilike ${pattern} or description ilike ${pattern}`;
    const { rows } = (await db.execute(sql`select count(*)::integer as total from videos where ${where}`)) as unknown as {
      rows: { total: number }[];
    };
    await db.execute(sql`select id, title from videos where ${where} order by created_at desc, id desc limit 25`);
    return rows[0]!.total;
  });
}

async function adminSearch(db: Database) {
  const lines: string[] = [];
  const indexes = (await searchIndexes(db)).filter(({ name }) => /^videos_(title|description)_trgm_idx$/.test(name));
  for (const q of ["inflation", RARE_WORDS[37]!]) {
    const withIndexes = await timeAdminSearch(db, q);
    await dropIndexes(db, indexes);
    const without = await timeAdminSearch(db, q);
    await createIndexes(db, indexes);
    lines.push(
      `  "${q}" (${without.total.toLocaleString("en-US")} matches): p50 ${ms(withIndexes.p50)} with the ` +
        `title/description trigram indexes, ${ms(without.p50)} without them`,
    );
  }
  console.log(`\nAdmin list search (videos, ${PER_TYPE.toLocaleString("en-US")} rows):\n${lines.join("\n")}`);
}

async function bench(target: Target) {
  console.log(`\n== ${target.label}`);
  const transcripts = await load(target);
  const app = await timeAll(target.db, "app");
  const trgmOnly = await timeAll(target.db, "trgmOnly");
  await adminSearch(target.db);
  await dropIndexes(target.db, await searchIndexes(target.db));
  const results: Record<Phase, (Timing | undefined)[]> = { app, trgmOnly, none: await timeAll(target.db, "none") };
  // Every path must find the same items: the token index is exact, not an approximation.
  for (const phase of ["trgmOnly", "none"] as const) {
    results[phase].forEach((timing, i) => {
      if (timing && timing.total !== results.app[i]!.total) {
        throw new Error(`"${CASES[i]!.name}": ${results.app[i]!.total} matches as the app runs, ${timing.total} in phase ${phase}`);
      }
    });
  }
  printTable(target.label, results, transcripts);
  console.log(`\nMemory at the end: ${memory(target)}`);
}

async function main() {
  console.log(`Search benchmark on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, ${loadAverage()}`);
  console.log(`Content: ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max - 1} words per item (BENCH_CONTENT_WORDS)`);
  console.log(transcriptSettings());
  checkTranscriptOnly(CASES.filter((c) => c.transcriptOnly).map((c) => c.q));
  const targets: (() => Promise<Target>)[] = [];
  if (!process.env.BENCH_SKIP_PGLITE) targets.push(openPgliteTarget);
  if (process.env.DATABASE_URL) targets.push(() => openPostgresTarget(process.env.DATABASE_URL!));
  else console.log("DATABASE_URL is not set: PostgreSQL skipped.");
  for (const open of targets) {
    const target = await open();
    try {
      await bench(target);
    } finally {
      await target.close();
    }
  }
  console.log(`\nDone: ${loadAverage()}`);
}

function transcriptSettings() {
  if (!TRANSCRIPT_LENGTH) return "Transcripts: off (BENCH_TRANSCRIPTS)";
  const { min, max } = TRANSCRIPT_LENGTH;
  const counts = transcriptCounts(PER_TYPE);
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    `Transcripts: ${min} to ${max - 1} words as spoken (${(min / 150).toFixed(0)}–${(max / 150).toFixed(0)} minutes at 150 a minute), ` +
    `stored WebVTT, on ${total.toLocaleString("en-US")} of ${(PER_TYPE * 5).toLocaleString("en-US")} items ` +
    `(${TRANSCRIPT_TABLES.map((table, i) => `${counts[i]!.toLocaleString("en-US")} ${table}`).join(", ")}) (BENCH_TRANSCRIPTS)`
  );
}

/** The machine is shared: the load average says how much the figures can be trusted. */
function loadAverage() {
  return `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
