/**
 * Bulk-loads realistic-looking random content into the five content tables, inside the database
 * (INSERT … SELECT over generate_series), which is far faster than sending rows from Node.
 *
 * Text is drawn from a small financial vocabulary: common words (each in roughly a fifth of the
 * items, 'market' in about a third), some two-word phrases, and a pool of rare invented company names
 * (each in ~0.1% of the items), so a benchmark can ask common, rare and phrase queries whose hit
 * counts are known in advance. ~5% drafts and ~1% archived items have no publish date; dates are whole
 * hours over three years, so equal dates (and the id tie-break) are common.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db.server";

export const COMMON_WORDS = [
  "market", "market", "markets", "stocks", "bonds", "bond", "yields", "equity", "equities", "investors",
  "investor", "earnings", "revenue", "growth", "inflation", "rates", "central bank", "interest rates",
  "supply chain", "outlook", "guidance", "quarter", "quarterly", "annual", "report", "analysts", "analyst",
  "forecast", "strategy", "portfolio", "dividend", "dividends", "capital", "credit", "debt", "cash flow",
  "margin", "margins", "valuation", "price", "prices", "trading", "traders", "volatility", "risk", "hedge",
  "fund", "funds", "asset", "assets", "management", "company", "companies", "sector", "technology",
  "energy", "healthcare", "banking", "insurance", "real estate", "consumer", "retail", "industrial",
  "commodities", "gold", "oil", "gas", "currency", "dollar", "euro", "yen", "emerging", "global",
  "economy", "economic", "policy", "fiscal", "monetary", "recession", "recovery", "expansion", "demand",
  "supply", "production", "exports", "imports", "trade", "tariffs", "regulation", "compliance", "merger",
  "acquisition", "deal", "deals", "venture", "startup", "startups", "innovation", "digital", "payments",
  "fintech", "crypto", "blockchain", "artificial intelligence", "data", "cloud", "software", "hardware",
  "semiconductor", "chips", "manufacturing", "logistics", "shipping", "transport", "airlines", "autos",
  "electric vehicles", "battery", "renewables", "solar", "wind", "climate", "sustainability", "governance",
  "board", "chief executive", "leadership", "interview", "insight", "analysis", "exclusive", "breaking",
  "deep dive", "weekly", "daily", "briefing", "update", "preview", "review", "session", "close", "open",
  "rally", "selloff", "correction", "bull", "bear", "momentum", "signals", "technical", "fundamental",
  "long term", "short term", "opportunity", "opportunities", "challenge", "challenges", "pressure",
  "costs", "wages", "jobs", "employment", "labour", "housing", "mortgage", "savings", "pensions",
  "retirement", "wealth", "income", "tax", "taxes", "budget", "spending", "deficit", "surplus", "treasury",
  "index", "benchmark", "futures", "options", "derivatives", "liquidity", "spread", "spreads", "default",
  "upgrade", "downgrade", "rating", "ratings", "target", "shares", "buyback", "listing", "offering",
  "exchange", "regulators", "watchdog", "lawmakers", "election", "geopolitics", "conflict", "sanctions",
  "china", "europe", "america", "asia", "africa", "latin america", "london", "new york", "tokyo",
  "the", "and", "of", "in", "on", "for", "with", "as", "at", "by", "from", "after", "ahead", "amid",
  "why", "how", "what", "new", "big", "small", "strong", "weak", "higher", "lower", "record", "steady",
];

/** Invented, so each one is rare and no common word contains it. Deterministic. */
export const RARE_WORDS = Array.from({ length: 400 }, (_, i) => {
  const onsets = ["v", "z", "qu", "x", "br", "kl", "th", "dr", "fj", "gw"];
  const vowels = ["a", "e", "o", "u", "y"];
  const codas = ["rix", "lon", "mek", "dra", "vex", "nth", "sko", "lyn"];
  const a = onsets[i % onsets.length]!;
  const b = vowels[Math.floor(i / onsets.length) % vowels.length]!;
  const c = codas[Math.floor(i / (onsets.length * vowels.length)) % codas.length]!;
  return `${a}${b}${c}${a === "qu" ? "" : "o"}`;
});

const literalArray = (words: readonly string[]) =>
  `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;

/** Creates the helper functions the INSERT … SELECTs call (dropped by dropGenerators). */
async function createGenerators(db: Database) {
  // Volatile, so every row gets its own text. 1 draw in 100 is a rare word.
  await db.execute(
    sql.raw(`create or replace function bench_words(n integer) returns text language sql volatile as $$
      select string_agg(case when random() < 0.01
        then (${literalArray(RARE_WORDS)})[1 + floor(random() * ${RARE_WORDS.length})::integer]
        else (${literalArray(COMMON_WORDS)})[1 + floor(random() * ${COMMON_WORDS.length})::integer] end, ' ')
      from generate_series(1, greatest(n, 1))
    $$`),
  );
  await db.execute(
    sql.raw(`create or replace function bench_tags() returns text[] language sql volatile as $$
      select array_agg(distinct (${literalArray(COMMON_WORDS)})[1 + floor(random() * ${COMMON_WORDS.length})::integer])
      from generate_series(1, 1 + floor(random() * 6)::integer)
    $$`),
  );
}

async function dropGenerators(db: Database) {
  await db.execute(sql.raw(`drop function if exists bench_words(integer)`));
  await db.execute(sql.raw(`drop function if exists bench_tags()`));
}

/** Columns every content table shares, as an INSERT … SELECT list over `g` (generate_series). */
const COMMON_SELECT = `
  initcap(bench_words(4 + floor(random() * 6)::integer)),
  bench_words(14 + floor(random() * 16)::integer),
  bench_words(45 + floor(random() * 40)::integer),
  bench_tags(),
  s.status,
  case when s.status = 'published'
    then date_trunc('hour', timestamptz '2026-01-01 00:00+00' - random() * interval '1095 days') end`;

const STATUS = `(select case when r < 0.05 then 'draft' when r < 0.06 then 'archived' else 'published' end as status
  from (select random() + g * 0 as r) x) s`;

export interface IndexDefinition {
  name: string;
  definition: string;
}

/** The pg_trgm indexes of the content tables (`*_trgm_idx`), with the SQL that recreates each. */
export async function trigramIndexes(db: Database): Promise<IndexDefinition[]> {
  const { rows } = (await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes where indexname like '%\\_trgm\\_idx' order by 1`,
  )) as unknown as { rows: IndexDefinition[] };
  return rows;
}

export async function dropIndexes(db: Database, indexes: IndexDefinition[]) {
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
}

export async function createIndexes(db: Database, indexes: IndexDefinition[]) {
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
}

/**
 * Inserts `perType` rows into each of the five tables, then runs VACUUM ANALYZE (PGlite has no
 * autovacuum, and the planner needs statistics to choose the trigram indexes). `seed` makes the text
 * and dates repeatable (ids are random uuids). The trigram indexes are dropped during the load and
 * rebuilt after it, which is several times faster than updating them row by row. Returns the seconds
 * spent inserting, indexing and vacuuming.
 */
export async function loadContent(db: Database, { perType, seed = 0.42 }: { perType: number; seed?: number }) {
  const started = performance.now();
  const indexes = await trigramIndexes(db);
  await dropIndexes(db, indexes);
  await insertContent(db, perType, seed);
  const inserted = performance.now();
  await db.transaction(async (tx) => {
    // More memory than the default 64 MB lets a GIN build sort its entries in fewer passes.
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    await createIndexes(tx as unknown as Database, indexes);
  });
  const indexed = performance.now();
  await db.execute(sql`vacuum analyze`);
  const seconds = (from: number, to: number) => (to - from) / 1000;
  return {
    insertSeconds: seconds(started, inserted),
    indexSeconds: seconds(inserted, indexed),
    indexCount: indexes.length,
    vacuumSeconds: seconds(indexed, performance.now()),
  };
}

/** One transaction, so setseed() and the inserts share a connection. */
async function insertContent(db: Database, perType: number, seed: number) {
  await createGenerators(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${seed})`);
    const run = (text: string) => tx.execute(sql.raw(text));
    const from = `from generate_series(1, ${Math.floor(perType)}) g, lateral ${STATUS}`;
    await run(`insert into videos (title, description, content, tags, status, published_at, thumbnail_url, duration, views)
      select ${COMMON_SELECT}, 'https://img.example.com/v/' || g || '.jpg', floor(random() * 3600)::integer,
        floor(random() * 200000)::integer ${from}`);
    await run(`insert into podcasts (title, description, content, tags, status, published_at, thumbnail_url, audio_url, duration, listens)
      select ${COMMON_SELECT}, 'https://img.example.com/p/' || g || '.jpg', 'https://audio.example.com/posts/' || g,
        floor(random() * 5400)::integer, floor(random() * 50000)::integer ${from}`);
    await run(`insert into blogs (title, description, content, tags, status, published_at, featured_image_url, author_name, views)
      select ${COMMON_SELECT}, 'https://img.example.com/b/' || g || '.jpg', 'Author ' || (g % 40),
        floor(random() * 80000)::integer ${from}`);
    await run(`insert into interviews (title, description, content, tags, status, published_at, interviewee_name, thumbnail_url, views)
      select ${COMMON_SELECT}, 'Guest ' || (g % 500), 'https://img.example.com/i/' || g || '.jpg',
        floor(random() * 120000)::integer ${from}`);
    await run(`insert into special_features (title, description, content, tags, status, published_at, feature_type, featured_image_url, views)
      select ${COMMON_SELECT},
        (array['market_analysis','exclusive_report','expert_insight','breaking_news','deep_dive','other'])[1 + (g % 6)],
        'https://img.example.com/s/' || g || '.jpg', floor(random() * 90000)::integer ${from}`);
  });
  await dropGenerators(db);
}
