/**
 * Bulk-loads realistic-looking random content into the five content tables, inside the database
 * (INSERT … SELECT over generate_series), which is far faster than sending rows from Node.
 *
 * Word frequencies are shaped like real articles: each item is about one of 20 topics, so a topic
 * word ('inflation', 'mortgage') is in a few per cent of the items, while general words ('market')
 * are in about half of them and invented company names in about 0.2%; filler words make up the
 * rest. Benchmarks can then ask common, medium, rare and phrase queries with known hit counts.
 * ~5% drafts and ~1% archived items have no publish date; dates are whole hours over three years, so
 * equal dates (and the id tie-break) are common. Transcripts, when asked for, are made in Node
 * (bench/transcript-text.ts) and sent with their rows.
 */
import { sql } from "drizzle-orm";

import type { Database } from "~/server/db/db.server";

export const FILLER = [
  "the",
  "and",
  "of",
  "in",
  "on",
  "for",
  "with",
  "as",
  "at",
  "by",
  "from",
  "to",
  "a",
  "is",
  "are",
  "was",
  "this",
  "that",
  "its",
  "their",
  "after",
  "ahead",
  "amid",
  "why",
  "how",
  "what",
  "new",
  "more",
  "than",
  "over",
];

/** Each in a fifth to a half of the items ("market", which "markets" also matches, in about half). */
export const GENERAL_WORDS = [
  "market",
  "markets",
  "investors",
  "growth",
  "price",
  "prices",
  "shares",
  "company",
  "companies",
  "analysts",
  "outlook",
  "quarter",
  "report",
  "strategy",
  "risk",
  "year",
  "week",
  "global",
  "economy",
  "sector",
];

/** 20 topics × 15 terms; an item draws most of its words from its own topic. */
export const TOPICS: string[][] = [
  [
    "interest rates",
    "rate",
    "hike",
    "cut",
    "central bank",
    "policy",
    "federal reserve",
    "minutes",
    "basis points",
    "tightening",
    "easing",
    "pivot",
    "dovish",
    "hawkish",
    "guidance",
  ],
  [
    "inflation",
    "consumer prices",
    "core",
    "wages",
    "costs",
    "energy bills",
    "food prices",
    "services",
    "goods",
    "expectations",
    "deflation",
    "purchasing",
    "index",
    "basket",
    "sticky",
  ],
  [
    "oil",
    "crude",
    "brent",
    "barrels",
    "opec",
    "refining",
    "natural gas",
    "pipeline",
    "drilling",
    "shale",
    "supply",
    "output",
    "exports",
    "tankers",
    "fuel",
  ],
  [
    "technology",
    "software",
    "cloud",
    "platform",
    "subscribers",
    "users",
    "advertising",
    "devices",
    "apps",
    "data centres",
    "cybersecurity",
    "licensing",
    "engineers",
    "product",
    "launch",
  ],
  [
    "banking",
    "lenders",
    "deposits",
    "loans",
    "credit",
    "capital ratio",
    "net interest",
    "branches",
    "provisions",
    "defaults",
    "regulators",
    "stress test",
    "liquidity",
    "fintech",
    "payments",
  ],
  [
    "crypto",
    "bitcoin",
    "ether",
    "tokens",
    "blockchain",
    "exchange",
    "stablecoin",
    "wallets",
    "mining rigs",
    "custody",
    "etf flows",
    "halving",
    "volatility",
    "defi",
    "staking",
  ],
  [
    "housing",
    "mortgage",
    "home prices",
    "builders",
    "rents",
    "landlords",
    "construction",
    "permits",
    "buyers",
    "affordability",
    "refinancing",
    "property",
    "commercial real estate",
    "offices",
    "vacancy",
  ],
  [
    "electric vehicles",
    "carmakers",
    "battery",
    "charging",
    "deliveries",
    "autonomy",
    "factories",
    "lithium",
    "dealers",
    "recalls",
    "hybrids",
    "range",
    "subsidies",
    "assembly",
    "models",
  ],
  [
    "retail",
    "shoppers",
    "stores",
    "ecommerce",
    "holiday sales",
    "inventory",
    "discounts",
    "brands",
    "foot traffic",
    "loyalty",
    "apparel",
    "grocery",
    "margins",
    "returns",
    "checkout",
  ],
  [
    "healthcare",
    "pharma",
    "drug trial",
    "approval",
    "biotech",
    "patients",
    "hospitals",
    "insurers",
    "vaccines",
    "patents",
    "pipeline drugs",
    "generics",
    "pricing",
    "obesity",
    "diagnostics",
  ],
  [
    "mining",
    "copper",
    "gold",
    "iron ore",
    "nickel",
    "smelters",
    "mines",
    "ore grades",
    "royalties",
    "exploration",
    "commodities",
    "metals",
    "bullion",
    "tonnes",
    "ounces",
  ],
  [
    "trade",
    "tariffs",
    "imports",
    "exports",
    "customs",
    "supply chain",
    "shipping",
    "containers",
    "ports",
    "freight",
    "sanctions",
    "quotas",
    "trade deal",
    "reshoring",
    "duties",
  ],
  [
    "jobs",
    "payrolls",
    "unemployment",
    "hiring",
    "layoffs",
    "labour market",
    "vacancies",
    "participation",
    "earnings growth",
    "strikes",
    "unions",
    "remote work",
    "productivity",
    "claims",
    "workforce",
  ],
  [
    "earnings",
    "revenue",
    "profit",
    "beat",
    "miss",
    "forecast",
    "dividend",
    "buyback",
    "free cash flow",
    "operating margin",
    "eps",
    "consensus",
    "results",
    "guidance raised",
    "write-down",
  ],
  [
    "merger",
    "acquisition",
    "takeover",
    "bid",
    "deal value",
    "premium",
    "antitrust",
    "private equity",
    "spin-off",
    "due diligence",
    "shareholders",
    "board approval",
    "hostile",
    "synergies",
    "advisers",
  ],
  [
    "emerging markets",
    "india",
    "brazil",
    "indonesia",
    "mexico",
    "frontier",
    "capital flows",
    "local currency",
    "sovereign debt",
    "reforms",
    "elections",
    "growth story",
    "middle class",
    "infrastructure",
    "remittances",
  ],
  [
    "bonds",
    "bond",
    "yields",
    "treasuries",
    "gilts",
    "duration",
    "coupon",
    "spreads",
    "issuance",
    "auction",
    "curve",
    "inversion",
    "credit rating",
    "high yield",
    "investment grade",
  ],
  [
    "currencies",
    "dollar",
    "euro",
    "yen",
    "sterling",
    "forex",
    "exchange rate",
    "carry trade",
    "intervention",
    "reserves",
    "peg",
    "devaluation",
    "options market",
    "hedging",
    "safe haven",
  ],
  [
    "climate",
    "sustainability",
    "emissions",
    "carbon",
    "renewables",
    "solar",
    "wind farms",
    "transition",
    "green bonds",
    "esg",
    "disclosure",
    "net zero",
    "offsets",
    "grid",
    "storage",
  ],
  [
    "artificial intelligence",
    "semiconductor",
    "chips",
    "gpus",
    "foundry",
    "models",
    "training",
    "inference",
    "compute",
    "memory",
    "export controls",
    "design",
    "wafers",
    "capacity",
    "automation",
  ],
];

/** Invented company names: each is in about 0.2% of the items, and no other word contains one. */
export const RARE_WORDS = Array.from({ length: 400 }, (_, i) => {
  const onsets = ["v", "z", "qu", "x", "br", "kl", "th", "dr", "fj", "gw"];
  const vowels = ["a", "e", "o", "u", "y"];
  const codas = ["rix", "lon", "mek", "dra", "vex", "nth", "sko", "lyn"];
  const a = onsets[i % onsets.length]!;
  const b = vowels[Math.floor(i / onsets.length) % vowels.length]!;
  const c = codas[Math.floor(i / (onsets.length * vowels.length)) % codas.length]!;
  return `${a}${b}${c}${a === "qu" ? "" : "o"}`;
});

const literalArray = (words: readonly string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;

const topicArray = () => `array[${TOPICS.map((topic) => literalArray(topic).replace(/::text\[\]$/, "")).join(",")}]::text[]`;

/** Creates the helper functions the INSERT … SELECTs call (dropped by dropGenerators). */
async function createGenerators(db: Database) {
  // Volatile, so every row gets its own text. Of the words drawn: 47% filler, 8% general words,
  // 44% words of the item's topic, 1% an invented company name.
  await db.execute(
    sql.raw(`create or replace function bench_words(n integer, topic integer) returns text language sql volatile as $$
      select string_agg(case
          when r < 0.47 then (${literalArray(FILLER)})[1 + floor(random() * ${FILLER.length})::integer]
          when r < 0.55 then (${literalArray(GENERAL_WORDS)})[1 + floor(random() * ${GENERAL_WORDS.length})::integer]
          when r < 0.99 then (${topicArray()})[topic][1 + floor(random() * ${TOPICS[0]!.length})::integer]
          else (${literalArray(RARE_WORDS)})[1 + floor(random() * ${RARE_WORDS.length})::integer]
        end, ' ')
      from (select random() as r from generate_series(1, greatest(n, 1))) draws
    $$`),
  );
  await db.execute(
    sql.raw(`create or replace function bench_tags(topic integer) returns text[] language sql volatile as $$
      select array_agg(distinct (${topicArray()})[topic][1 + floor(random() * ${TOPICS[0]!.length})::integer])
      from generate_series(1, 1 + floor(random() * 6)::integer)
    $$`),
  );
}

async function dropGenerators(db: Database) {
  await db.execute(sql.raw(`drop function if exists bench_words(integer, integer)`));
  await db.execute(sql.raw(`drop function if exists bench_tags(integer)`));
}

/** How many words an item's content has: at least `min`, fewer than `max`. */
export interface ContentLength {
  min: number;
  max: number;
}

/** The default: short bodies, like a video's or a podcast's notes (45–84 words, ~450 characters). */
export const SHORT_CONTENT: ContentLength = { min: 45, max: 85 };

/**
 * Columns every content table shares, as an INSERT … SELECT list over `g` (generate_series). `topic` is
 * the row's topic: the one drawn in STATUS, or that of the row's transcript.
 */
const commonSelect = ({ min, max }: ContentLength, topic = "s.topic") => `
  initcap(bench_words(4 + floor(random() * 6)::integer, ${topic})),
  bench_words(14 + floor(random() * 16)::integer, ${topic}),
  bench_words(${Math.floor(min)} + floor(random() * ${Math.floor(max - min)})::integer, ${topic}),
  bench_tags(${topic}),
  s.status,
  case when s.status = 'published'
    then date_trunc('hour', timestamptz '2026-01-01 00:00+00' - random() * interval '1095 days') end`;

/** Per row: its status and its topic (1–20). */
const STATUS = `(select case when r < 0.05 then 'draft' when r < 0.06 then 'archived' else 'published' end as status,
    1 + floor(random() * ${TOPICS.length})::integer as topic
  from (select random() + g * 0 as r) x) s`;

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * The search indexes, with the SQL that recreates each: every pg_trgm index (`*_trgm_idx`: on the
 * content tables and on search_lexicon), the token indexes (`*_search_tokens_idx`) and the pair
 * indexes (`*_search_bigrams_idx`).
 */
export async function searchIndexes(db: Database): Promise<IndexDefinition[]> {
  const { rows } = (await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes
      where indexname like '%\\_trgm\\_idx' or indexname like '%\\_search\\_tokens\\_idx'
        or indexname like '%\\_search\\_bigrams\\_idx' order by 1`,
  )) as unknown as { rows: IndexDefinition[] };
  return rows;
}

export async function dropIndexes(db: Database, indexes: IndexDefinition[]) {
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
}

export async function createIndexes(db: Database, indexes: IndexDefinition[]) {
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
}

/** A transcript as the app stores it, with the topic its row then takes (bench/transcript-text.ts). */
export interface RowTranscript {
  topic: number;
  /** The `transcript` column: normalised WebVTT. */
  stored: string;
  /** The `transcript_text` column: transcriptWords(stored). */
  words: string;
}

/**
 * Makes the transcript of row `row` (1-based, as `g`) of table `table` (its index in TRANSCRIPT_TABLES),
 * repeatably for a given seed.
 */
export type TranscriptMaker = (seed: number, table: number, row: number) => RowTranscript;

/** The content types that have transcripts (PRODUCT.md "Transcripts"), in load order. */
export const TRANSCRIPT_TABLES = ["videos", "podcasts", "interviews"] as const;

/** Rows of each transcript table that get one: a fifth of all items, shared out as evenly as rows allow. */
export function transcriptCounts(perType: number) {
  return TRANSCRIPT_TABLES.map((_, i) => Math.floor((Math.floor(perType) + i) / TRANSCRIPT_TABLES.length));
}

/** Whether row g of `perType` is one of the `count` with a transcript: evenly spaced, so every batch has its share. */
const hasTranscript = (g: number, count: number, perType: number) =>
  Math.floor((g * count) / perType) > Math.floor(((g - 1) * count) / perType);

/**
 * Rows per INSERT when transcripts are loaded: a third of them carry ~29 KB of WebVTT and ~20 KB of words
 * (at the default length), so a statement takes ~16 MB of parameters and PGlite's memory (at most 2 GB)
 * stays flat however many rows are loaded.
 */
const TRANSCRIPT_BATCH = 1000;

/** What was loaded into `transcript` and `transcript_text`. */
export interface TranscriptTotals {
  rows: number;
  perTable: number[];
  storedBytes: number;
  wordsBytes: number;
  /** Time spent making the text in Node (part of the insert time). */
  makeSeconds: number;
}

/**
 * Inserts `perType` rows into each of the five tables, then runs VACUUM ANALYZE (PGlite has no
 * autovacuum, and the planner needs statistics to choose the search indexes). `seed` makes the text
 * and dates repeatable (ids are random uuids). The search indexes are dropped during the load and
 * rebuilt after it, which is several times faster than updating them row by row; the lexicon is filled
 * by its triggers, as in the app. With `transcripts`, a fifth of the items get one (transcriptCounts:
 * all of them videos, podcasts or interviews), made by it. Returns the seconds spent inserting,
 * indexing and vacuuming (elapsed, and CPU time of this process), and what the transcripts came to.
 */
export async function loadContent(
  db: Database,
  {
    perType,
    seed = 0.42,
    contentLength = SHORT_CONTENT,
    transcripts = null,
  }: { perType: number; seed?: number; contentLength?: ContentLength; transcripts?: TranscriptMaker | null },
) {
  // CPU time of this process too: on a busy machine it says what the work costs (PGlite runs in this process).
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const [started, startedCpu] = [performance.now(), cpu()];
  const indexes = await searchIndexes(db);
  await dropIndexes(db, indexes);
  const transcriptTotals = await insertContent(db, perType, seed, contentLength, transcripts);
  const [inserted, insertedCpu] = [performance.now(), cpu()];
  await db.transaction(async (tx) => {
    // More memory than the default 64 MB lets a GIN build sort its entries in fewer passes.
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    await createIndexes(tx as unknown as Database, indexes);
  });
  const [indexed, indexedCpu] = [performance.now(), cpu()];
  await db.execute(sql`vacuum analyze`);
  const seconds = (from: number, to: number) => (to - from) / 1000;
  return {
    insertSeconds: seconds(started, inserted),
    indexSeconds: seconds(inserted, indexed),
    indexCount: indexes.length,
    vacuumSeconds: seconds(indexed, performance.now()),
    cpuSeconds: { insert: insertedCpu - startedCpu, index: indexedCpu - insertedCpu, vacuum: cpu() - indexedCpu },
    transcripts: transcriptTotals,
  };
}

/**
 * One transaction, so setseed() and the inserts share a connection. Without transcripts, one INSERT per
 * table. With them, the three transcript tables are inserted TRANSCRIPT_BATCH rows at a time, each
 * statement taking its rows' transcripts as array parameters. The batches run in row order, and a
 * transcript's topic replaces the one drawn for its row without skipping the draw, so random() gives
 * every row the same values as without transcripts: the rows without one are the same items.
 */
async function insertContent(
  db: Database,
  perType: number,
  seed: number,
  contentLength: ContentLength,
  transcripts: TranscriptMaker | null,
): Promise<TranscriptTotals | null> {
  const rows = Math.floor(perType);
  const counts = transcriptCounts(rows);
  const totals: TranscriptTotals = { rows: 0, perTable: counts, storedBytes: 0, wordsBytes: 0, makeSeconds: 0 };
  await createGenerators(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${seed})`);
    /** `insert into ${into} select <common columns>, ${select} from <rows>`, once or in batches with transcripts. */
    const insert = async (into: string, select: string) => {
      const table = TRANSCRIPT_TABLES.indexOf(into.split(" ")[0] as (typeof TRANSCRIPT_TABLES)[number]);
      if (!transcripts || table < 0) {
        const from = `from generate_series(1, ${rows}) g, lateral ${STATUS}`;
        await tx.execute(sql.raw(`insert into ${into} select ${commonSelect(contentLength)}, ${select} ${from}`));
        return;
      }
      const columns = into.replace(/\)$/, ", transcript, transcript_text)");
      for (let first = 1; first <= rows; first += TRANSCRIPT_BATCH) {
        const last = Math.min(rows, first + TRANSCRIPT_BATCH - 1);
        const topics: (number | null)[] = [];
        const stored: (string | null)[] = [];
        const words: (string | null)[] = [];
        const making = performance.now();
        for (let g = first; g <= last; g++) {
          const transcript = hasTranscript(g, counts[table]!, rows) ? transcripts(seed, table, g) : null;
          topics.push(transcript?.topic ?? null);
          stored.push(transcript?.stored ?? null);
          words.push(transcript?.words ?? null);
          if (!transcript) continue;
          totals.rows += 1;
          totals.storedBytes += Buffer.byteLength(transcript.stored);
          totals.wordsBytes += Buffer.byteLength(transcript.words);
        }
        totals.makeSeconds += (performance.now() - making) / 1000;
        // Each array is one parameter, parsed once (a text parameter cast to an array would be parsed again for every row).
        const offset = sql.raw(String(first - 1));
        await tx.execute(
          sql`insert into ${sql.raw(columns)}
            select ${sql.raw(commonSelect(contentLength, "coalesce(t.topic, s.topic)"))}, ${sql.raw(select)}, t.transcript, t.words
            from generate_series(${sql.raw(String(first))}, ${sql.raw(String(last))}) g, lateral ${sql.raw(STATUS)},
              lateral (select (${sql.param(topics)}::integer[])[g - ${offset}] as topic,
                (${sql.param(stored)}::text[])[g - ${offset}] as transcript, (${sql.param(words)}::text[])[g - ${offset}] as words) t`,
        );
      }
    };
    await insert(
      "videos (title, description, content, tags, status, published_at, thumbnail_url, duration, views)",
      `'https://img.example.com/v/' || g || '.jpg', floor(random() * 3600)::integer, floor(random() * 200000)::integer`,
    );
    await insert(
      "podcasts (title, description, content, tags, status, published_at, thumbnail_url, audio_url, duration, listens)",
      `'https://img.example.com/p/' || g || '.jpg', 'https://audio.example.com/posts/' || g,
        floor(random() * 5400)::integer, floor(random() * 50000)::integer`,
    );
    await insert(
      "blogs (title, description, content, tags, status, published_at, featured_image_url, author_name, views)",
      `'https://img.example.com/b/' || g || '.jpg', 'Author ' || (g % 40), floor(random() * 80000)::integer`,
    );
    await insert(
      "interviews (title, description, content, tags, status, published_at, interviewee_name, thumbnail_url, views)",
      `'Guest ' || (g % 500), 'https://img.example.com/i/' || g || '.jpg', floor(random() * 120000)::integer`,
    );
    await insert(
      "special_features (title, description, content, tags, status, published_at, feature_type, featured_image_url, views)",
      `(array['market_analysis','exclusive_report','expert_insight','breaking_news','deep_dive','other'])[1 + (g % 6)],
        'https://img.example.com/s/' || g || '.jpg', floor(random() * 90000)::integer`,
    );
  });
  await dropGenerators(db);
  return transcripts ? totals : null;
}
