/**
 * Site search (PRODUCT.md "Search"): one SQL statement over the five content tables
 * (a phrase first reads the lexicon, a query that could be a ticker first looks it up).
 *
 * One UNION ALL of the published rows is ordered by date (then id, so equal dates keep a stable order)
 * and cut into 12-item pages, so no page skips or repeats an item; the same statement counts every
 * match, so the total is exact even on a page past the end.
 *
 * Matching is a case-insensitive substring test on title, description and content (and a transcript's words). Each content table
 * stores those three fields lower-cased in one generated column, `search_text` (app/server/db/schema.ts).
 * The test is `search_text LIKE lower('%q%')`: the same as `title ILIKE p OR description ILIKE p OR
 * content ILIKE p` (in a multi-byte encoding ILIKE is `lower(a) LIKE lower(p)`, and the newlines between
 * the fields cannot be part of a match: queries never contain control characters), without case-folding
 * any row at query time. Three indexes answer it, depending on the query:
 *
 * - **One word** (ASCII letters and digits only, `isTokenQuery`): such a query can only occur inside one
 *   run of letters and digits, so the rows that contain it are the rows with a token that contains it
 *   (`search_tokens()`, migration 0004). `search_lexicon` lists every token; the tokens containing the
 *   query are looked up there (a trigram index on a small table), and `*_search_tokens_idx` gives the
 *   published rows holding any of them, exactly: no row is read to be rechecked. This also covers one-
 *   and two-letter queries ('ai', tickers such as 'BP'), which have no trigram. The rare rows holding a
 *   word over 256 characters, indexed by its ends and a marker (migration 0023), are tested directly
 *   (`longWordRows`).
 * - **A phrase** (such words joined by ASCII spaces or punctuation, `phraseQuery`): its first word must
 *   end a token, its last word start one, and what lies between must match exactly. `search_bigrams()`
 *   (migration 0005) stores each pair of adjacent tokens with their separator; the lexicon gives the
 *   tokens that end and start right, and `*_search_bigrams_idx` the rows holding one of the pairs built
 *   from them. For two words that is exact; longer phrases are rechecked with LIKE.
 * - **Anything else** (punctuation at either end, non-ASCII letters): the pg_trgm index on search_text
 *   (`*_search_text_trgm_idx`) gives candidate rows, and each is rechecked with LIKE. A query without 3
 *   letters or digits in a row has no trigram to look up and reads every row.
 *
 * A query that is exactly a company's ticker (`IBG`, `ibg`) also finds the published items that name the
 * company (PRODUCT.md "Search"). A query that could be a ticker first looks it up (one index probe on
 * `companies`); only when a company has it does the statement get one more branch per table, reaching the
 * named items by primary key and keeping those the text test did not already find, so no item counts
 * twice. Any other query runs the statement as before. The companies block above the results
 * (`searchCompanyMatches`) is a separate, small query.
 *
 * Figures: docs/PERFORMANCE.md.
 */
import { sql, type SQL } from "drizzle-orm";

import { sectorLabel } from "~/lib/companies";
import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { companyPath, tickerLabel } from "~/lib/disclosure";
import {
  parseQuery,
  SEARCH_COMPANY_LIMIT,
  SEARCH_PAGE_SIZE,
  typesToSearch,
  type SearchCompany,
  type SearchPage,
  type SearchResult,
} from "~/lib/search";

import { contentColumn } from "../content/content-tables.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb, type Database } from "../db/db.server";
import { containsPattern } from "../like-pattern.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";
import { transcriptMatches } from "./transcript-matches.server";

/** How each content type maps onto the common result row. */
// Table and column names come from the registry and the schema, never from input.
const BRANCHES = Object.fromEntries(
  CONTENT_TYPE_LIST.map((info) => {
    const counter = sql`${sql.identifier(info.counter)}`;
    return [
      info.key,
      {
        table: sql`${sql.identifier(info.tableName)}`,
        views: info.counter === "views" ? counter : sql`null::integer`,
        listens: info.counter === "listens" ? counter : sql`null::integer`,
        thumbnail: sql`${sql.identifier(contentColumn(info.key, info.imageField).name)}`,
      },
    ];
  }),
) as Record<ContentType, { table: SQL; views: SQL; listens: SQL; thumbnail: SQL }>;

/** `select … where` for the published rows of one table that meet `match` (none: every published row). */
function matchingRows(type: ContentType, match: SQL | null, columns: SQL): SQL {
  const table = BRANCHES[type].table;
  if (!match) return sql`select ${columns} from ${table} where ${PUBLIC_NOW_SQL}`;
  return sql`select ${columns} from ${table} where ${PUBLIC_NOW_SQL} and ${match}`;
}

/**
 * The substring test. search_text is already lower-case, so a case-sensitive LIKE against the
 * lower-cased pattern is the case-insensitive test (see the top of this file); ILIKE would case-fold
 * every candidate again. `escape '\'` is spelled out rather than relying on the default escape
 * character; lower() leaves `\`, `%` and `_` as they are.
 */
function substringMatch(query: string): SQL {
  return sql`search_text like lower(${patternParameter(query)}) escape '\\'`;
}

/**
 * Queries the token index answers exactly: ASCII letters and digits only, which can never straddle two
 * tokens, and at most 33 of them, which always fit inside one stored piece of a long token (migration
 * 0004). The check is on the query as typed: a non-ASCII capital that lower-cases to an ASCII letter
 * (the Kelvin sign) takes the substring path, which handles it like any other character.
 */
export function isTokenQuery(query: string): boolean {
  return /^[A-Za-z0-9]{1,33}$/.test(query);
}

/** The tokens that contain the query, from the lexicon: one array, computed once per statement. */
function lexiconMatches(query: string): SQL {
  return sql`lexicon_matches as materialized (
    select coalesce(array_agg(token), '{}') as tokens from search_lexicon where token like ${`%${query.toLowerCase()}%`}
  ),`;
}

/** The token test: the row holds one of the tokens that contain the query (uses *_search_tokens_idx). */
const TOKEN_MATCH = sql`search_tokens(search_text) && (select tokens from lexicon_matches)`;

/**
 * A word over 256 characters gives the token index only its first and last 64 characters and the marker
 * '#long' (migration 0023), so that saving one costs a bounded amount. The published rows of one table that
 * hold the marker are read through the same index, tested for the query, and kept when the token test did
 * not already find them: a one-word query stays exact, and only these rare rows are read to be tested.
 */
function longWordRows(type: ContentType, query: string): SQL {
  // strpos is the substring test for a word of ASCII letters and digits; unlike LIKE, no trigram index
  // offers to answer it, so the rows are found by the marker alone.
  return sql`select ${type}::text as content_type, id, published_at from ${BRANCHES[type].table}
    where ${PUBLIC_NOW_SQL} and search_tokens(search_text) && array['#long']::text[]
      and strpos(search_text, ${query.toLowerCase()}) > 0 and not (${TOKEN_MATCH})`;
}

/** A phrase cut at its separators: `words` has one more entry than `separators`. Lower-case. */
export interface Phrase {
  words: string[];
  separators: string[];
}

/**
 * The phrase the pair index can answer (migration 0005), or null: two or more runs of ASCII letters and
 * digits joined by runs of ASCII spaces or punctuation, every word at most 32 characters (the pairs keep
 * 32 of each token) and every separator at most 16 (longer ones are not stored). Nothing may come
 * before the first word or after the last: a query such as "(bond" takes the substring path.
 */
export function phraseQuery(query: string): Phrase | null {
  if (!/^[A-Za-z0-9]+(?:[\x20-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]+[A-Za-z0-9]+)+$/.test(query)) return null;
  const lower = query.toLowerCase();
  const words = lower.split(/[^a-z0-9]+/);
  const separators = lower.match(/[^a-z0-9]+/g) ?? [];
  if (words.some((word) => word.length > 32) || separators.some((separator) => separator.length > 16)) return null;
  return { words, separators };
}

/**
 * Most pairs one phrase may expand to. Past it (a phrase such as "a b", whose first word ends
 * thousands of tokens) the pairs would cost more to look up than the trigram path.
 */
const MAX_PHRASE_PAIRS = 2000;

/**
 * The pairs of tokens the phrase can occur in, built from the lexicon: each adjacent pair of its words
 * gives the set of stored pairs that hold it, and the row must hold one of every set. For two words,
 * that is the whole test (exact). For three or more, it only says the pairs occur somewhere in the row,
 * so LIKE rechecks the candidates. Returns null when the sets would be too large to be worth it.
 */
async function phrasePairs(on: Executor, { words, separators }: Phrase): Promise<string[][] | null> {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const limit = MAX_PHRASE_PAIRS + 1;
  const { rows } = (await on.execute(sql`select
    array(select distinct right(token, 32) from search_lexicon where token like ${`%${first}`} limit ${limit}) as firsts,
    array(select distinct left(token, 32) from search_lexicon where token like ${`${last}%`} limit ${limit}) as lasts`)) as unknown as {
    rows: { firsts: string[]; lasts: string[] }[];
  };
  const { firsts, lasts } = rows[0]!;
  if (words.length === 2) {
    if (firsts.length * lasts.length > MAX_PHRASE_PAIRS) return null;
    return [firsts.flatMap((a) => lasts.map((b) => `${a}${separators[0]}${b}`))];
  }
  if (firsts.length > MAX_PHRASE_PAIRS || lasts.length > MAX_PHRASE_PAIRS) return null;
  const n = words.length;
  return separators.map((separator, i) =>
    i === 0
      ? firsts.map((a) => `${a}${separator}${words[1]}`)
      : i === n - 2
        ? lasts.map((b) => `${words[n - 2]}${separator}${b}`)
        : [`${words[i]}${separator}${words[i + 1]}`],
  );
}

/** The pair test: for each set, the row holds one of its pairs (uses *_search_bigrams_idx). */
function pairsMatch(sets: string[][], query: string): SQL {
  // A set with no pair: some word ends or starts no token, so nothing can match.
  if (sets.some((pairs) => !pairs.length)) return sql`false`;
  const tests = sets.map(
    (pairs) =>
      sql`search_bigrams(search_text) && array[${sql.join(
        pairs.map((pair) => sql`${pair}`),
        sql`, `,
      )}]::text[]`,
  );
  if (sets.length > 1) tests.push(substringMatch(query));
  return sql.join(tests, sql` and `);
}

/** pg_trgm indexes words of 3+ letters or digits; a query without one cannot use the indexes. */
export function hasTrigram(query: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(query);
}

/**
 * The pattern as the statement uses it. With a trigram, it is wrapped in a one-row subquery: the
 * planner then cannot read the value, so it skips testing the pattern against the column statistics
 * (100 sampled texts per searched column: ~5 ms of planning when there were three per table, more than
 * a rare word takes to run), and with its default selectivity guess it plans the trigram indexes.
 * Without a trigram the planner must see the value, to know the indexes cannot help and read the
 * tables instead.
 */
function patternParameter(query: string): SQL {
  const pattern = containsPattern(query);
  return hasTrigram(query) ? sql`(select ${pattern}::text)` : sql`${pattern}`;
}

/** One type's rows in the shape every branch of the UNION ALL shares. */
function resultColumns(type: ContentType): SQL {
  const b = BRANCHES[type];
  return sql`${type}::text as content_type, id, title, description, published_at, ${b.views} as views,
    ${b.listens} as listens, ${b.thumbnail} as thumbnail_url, tags, paid_promotion`;
}

const FINAL_COLUMNS = sql`total.total, page.content_type, page.id, page.title, page.description,
  to_char(page.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_at,
  page.views, page.listens, page.thumbnail_url, page.tags, page.paid_promotion`;

export interface SearchOptions {
  /**
   * Whether words and phrases go through the token and pair indexes (the default). The benchmark turns
   * it off to time the plain substring test, which is what every query runs when those are missing.
   */
  tokenIndex?: boolean;
}

type Executor = Pick<Database, "execute">;

/**
 * PRODUCT.md "Search": the ticker a query names, or null. A ticker is up to 12 letters, digits, `.` and
 * `-`, stored in capitals (PRODUCT.md "Companies"); any other query cannot be one.
 */
export function tickerQuery(query: string): string | null {
  return /^[A-Za-z0-9.-]{1,12}$/.test(query) ? query.toUpperCase() : null;
}

/** The ids of the companies whose ticker the query is (a ticker may be listed on several exchanges). */
async function tickerCompanies(on: Executor, query: string): Promise<string[]> {
  const ticker = tickerQuery(query);
  if (!ticker) return [];
  const { rows } = (await on.execute(sql`select id from companies where ticker = ${ticker}`)) as unknown as { rows: { id: string }[] };
  return rows.map((row) => row.id);
}

/**
 * The published rows of one table that name one of `companyIds` and that the text test does not find
 * (those are in the text branches already). The named ids are collected first into an array, so the
 * table is read by primary key only (as a join, the planner may walk the whole primary key instead), and
 * the few rows found are tested with the plain substring test, which every path of the text test equals
 * and which costs far less per row than computing its tokens. `is not true`: a null test is no match.
 */
function taggedRows(type: ContentType, companyIds: string[], query: string): SQL {
  const ids = sql.join(
    companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`select ${type}::text as content_type, id, published_at from ${BRANCHES[type].table}
    where id = any(array(select content_id from content_companies where content_type = ${type} and company_id in (${ids})))
      and ${PUBLIC_NOW_SQL} and (${substringMatch(query)}) is not true`;
}

/** The statement behind searchContent. A query that could be a ticker first looks it up; a phrase reads the lexicon. */
async function prepareSearch(
  on: Executor,
  { q, types, page }: { q: string; types: readonly ContentType[]; page: number },
  { tokenIndex = true }: SearchOptions,
): Promise<SQL> {
  const query = parseQuery(q);
  const selected = typesToSearch(types);
  const offset = (Math.max(1, Math.floor(page)) - 1) * SEARCH_PAGE_SIZE;
  if (!query) return browseStatement(selected, offset);
  const companyIds = await tickerCompanies(on, query);
  const tagged = companyIds.length ? selected.map((type) => taggedRows(type, companyIds, query)) : [];
  if (tokenIndex && isTokenQuery(query)) {
    const longWords = selected.map((type) => longWordRows(type, query));
    return matchStatement(TOKEN_MATCH, selected, offset, [...tagged, ...longWords], lexiconMatches(query));
  }
  const phrase = tokenIndex ? phraseQuery(query) : null;
  const pairs = phrase && (await phrasePairs(on, phrase));
  const match = pairs ? pairsMatch(pairs, query) : substringMatch(query);
  return matchStatement(match, selected, offset, tagged);
}

/**
 * With a query, every candidate row is tested once. The matching rows (type, id and date only) are
 * collected once — through the token or trigram indexes, so a rare word touches only its few rows —
 * and both the exact count and the page come from that one set; the page's 12 rows
 * then fetch their other columns by primary key. Testing the pattern twice (once to count, once to page)
 * would double the cost of common words, and walking a table newest-first until 12 rows match is a trap
 * for rare words (the planner prices ILIKE far below its real cost and may pick that walk).
 */
function matchStatement(match: SQL, types: ContentType[], offset: number, otherRows: SQL[], prelude = sql``): SQL {
  const matches = types.map((type) => matchingRows(type, match, sql`${type}::text as content_type, id, published_at`));
  matches.push(...otherRows);
  const details = types.map(
    (type) =>
      sql`select ${resultColumns(type)} from ${BRANCHES[type].table}
        where id in (select id from page_keys where content_type = ${type})`,
  );
  return sql`
    with ${prelude} matches as materialized (
      ${sql.join(matches, sql` union all `)}
    ), total as (
      select count(*)::integer as total from matches
    ), page_keys as (
      select content_type, id from matches order by ${NEWEST_PUBLISHED_SQL} limit ${SEARCH_PAGE_SIZE} offset ${offset}
    ), page as (
      ${sql.join(details, sql` union all `)}
    )
    select ${FINAL_COLUMNS}
    from total left join page on true
    order by page.published_at desc nulls last, page.id`;
}

/**
 * No query: every published item. The counts come from the (status, published_at) indexes, and each
 * table gives at most its own first offset+12 rows, read newest-first from that index (the page can only
 * come from those; PostgreSQL 15 does not push the outer LIMIT into a UNION ALL by itself).
 */
function browseStatement(types: ContentType[], offset: number): SQL {
  const branches = types.map(
    (type) => sql`(${matchingRows(type, null, resultColumns(type))} order by ${NEWEST_PUBLISHED_SQL} limit ${offset + SEARCH_PAGE_SIZE})`,
  );
  const counts = types.map((type) => sql`(${matchingRows(type, null, sql`count(*)`)})`);
  return sql`
    with page as (
      select * from (${sql.join(branches, sql` union all `)}) branches
      order by ${NEWEST_PUBLISHED_SQL} limit ${SEARCH_PAGE_SIZE} offset ${offset}
    ), total as (
      select (${sql.join(counts, sql` + `)})::integer as total
    )
    select ${FINAL_COLUMNS}
    from total left join page on true
    order by page.published_at desc nulls last, page.id`;
}

interface Row {
  total: number | string;
  content_type: ContentType | null;
  id: string | null;
  title: string;
  description: string | null;
  published_at: string | null;
  views: number | null;
  listens: number | null;
  thumbnail_url: string | null;
  tags: string[] | null;
  paid_promotion: boolean | null;
}

/*
 * Every search is one statement (a phrase reads the lexicon first, a possible ticker looks it up): no
 * transaction and no session setting around it, so a search costs one round trip (two for those). Parallel workers are off for the whole
 * PostgreSQL pool (db.server.ts): starting them took longer than a selective search itself.
 *
 * Sequential scans are not turned off. With one search_text trigram index the planner picks that
 * index by itself (docs/PERFORMANCE.md), and on a small table a sequential scan is the right plan
 * anyway. The token and pair indexes need no help: search_tokens() and search_bigrams() are declared
 * expensive (COST 1000), so the planner never computes them row by row when their index can answer.
 */

/** The plan of a search, as the app runs it (tests and the benchmark check the indexes are used). */
export async function explainSearch(db: Database, { q, types = [], page = 1 }: SearchParams, options: SearchOptions = {}): Promise<string> {
  const statement = await prepareSearch(db, { q, types, page }, options);
  const { rows } = (await db.execute(sql`explain ${statement}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

export interface SearchParams {
  q: string;
  types?: readonly ContentType[];
  page?: number;
}

/**
 * One page of published content matching `q` (trimmed; empty matches everything) in the given types
 * (none means all five), newest first, with the exact total. A page past the end has no results and
 * the same total.
 */
export async function searchContent(params: SearchParams): Promise<SearchPage> {
  return searchContentIn(await getDb(), params);
}

/** searchContent on a given database (the benchmark opens its own). */
export async function searchContentIn(
  db: Database,
  { q, types = [], page = 1 }: SearchParams,
  options: SearchOptions = {},
): Promise<SearchPage> {
  const safePage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const statement = await prepareSearch(db, { q, types, page: safePage }, options);
  const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
  const results: SearchResult[] = rows
    .filter((row) => row.id != null)
    .map((row) => ({
      id: row.id!,
      title: row.title,
      description: row.description,
      contentType: row.content_type!,
      publishedAt: row.published_at,
      views: row.views,
      listens: row.listens,
      thumbnailUrl: row.thumbnail_url,
      tags: row.tags ?? [],
      paidPromotion: row.paid_promotion === true,
    }));
  // PRODUCT.md "Transcripts": a result found only in its transcript says so, with the words and their time.
  const query = parseQuery(q);
  const inTranscripts = query ? await transcriptMatches(db, query, results) : new Map();
  for (const result of results) result.transcriptMatch = inTranscripts.get(result.id) ?? null;
  return { results, total: Number(rows[0]?.total ?? 0), page: safePage, pageSize: SEARCH_PAGE_SIZE };
}

/**
 * PRODUCT.md "Search": the companies shown above the results, at most SEARCH_COMPANY_LIMIT: those whose
 * name or ticker contains the query (ignoring case, `%` and `_` plain) and that have coverage visitors
 * can see (as `/companies` lists them), the one whose ticker is the query first, then A–Z by name.
 */
export async function searchCompanyMatches(q: string): Promise<SearchCompany[]> {
  const query = parseQuery(q);
  if (!query) return [];
  const pattern = containsPattern(query);
  // Table names come from the registry, never from input.
  const visible = sql.join(
    CONTENT_TYPE_LIST.map(
      ({ key, tableName }) =>
        sql`(tag.content_type = ${key} and exists (select 1 from ${sql.identifier(tableName)} where id = tag.content_id and ${PUBLIC_NOW_SQL}))`,
    ),
    sql` or `,
  );
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    select name, slug, ticker, exchange, sector, logo_url from companies
    where (name ilike ${pattern} or ticker ilike ${pattern})
      and exists (select 1 from content_companies tag where tag.company_id = companies.id and (${visible}))
    order by ticker = ${query.toUpperCase()} desc, name, id
    limit ${SEARCH_COMPANY_LIMIT}`)) as unknown as {
    rows: { name: string; slug: string; ticker: string; exchange: string; sector: string | null; logo_url: string | null }[];
  };
  return rows.map((row) => ({
    name: row.name,
    href: companyPath(row.slug),
    tickerLabel: tickerLabel(row),
    sectorLabel: sectorLabel(row.sector),
    logoUrl: row.logo_url,
  }));
}
