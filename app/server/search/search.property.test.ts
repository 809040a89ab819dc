/**
 * Property-style test of search paging (issue 6): random content across the five types, random
 * queries and type filters; walking every page must give each matching published item exactly once,
 * newest first (then by id), with a total equal to an independent count. Some items name companies, so a
 * query that is a company's ticker also finds them (PRODUCT.md "Search"). The seed is printed in the
 * test name; rerun one with SEARCH_SEED=<seed>.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { parseQuery, SEARCH_PAGE_SIZE } from "~/lib/search";

import { TABLES } from "../../../tests/support/search-fixtures";
import { getDb, schema } from "../db/db.server";
import { searchContent } from "./search.server";

const SEED = Number(process.env.SEARCH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: small, fast, good enough to make a failure reproducible from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Small on purpose, so queries hit often; includes LIKE's special characters, mixed case, letters
// beyond ASCII, one token longer than the token index stores whole (migration 0004) and one longer than
// it cuts into pieces (migration 0023).
const VOCABULARY = [
  "oil",
  "Oil",
  "OILS",
  "gold",
  "golden",
  "rate",
  "rates",
  "crate",
  "bank",
  "Banking",
  "50%",
  "5000",
  "net_income",
  "net-income",
  "c:\\data",
  "c:data",
  "fed",
  "FEDERAL",
  "yield",
  "yields",
  "Zürich",
  "zurich",
  `Long${"ratebank".repeat(9)}Oil5000`,
  // Over 256 characters: indexed by its ends and a marker, and tested for the query (migration 0023).
  `Huge${"oilrate".repeat(40)}Bank`,
];

/**
 * Companies as [ticker, exchange]: tickers that are words of the vocabulary, one on two exchanges, one
 * that is no word at all, and one with a dot (the phrase path).
 */
const COMPANIES = [
  ["OIL", "ASX"],
  ["GOLD", "ASX"],
  ["GOLD", "LSE"],
  ["RATES", "NYSE"],
  ["QQX", "ASX"],
  ["NET.I", "TSX"],
] as const;

interface Item {
  id: string;
  type: ContentType;
  title: string;
  description: string | null;
  content: string | null;
  status: "draft" | "published" | "archived";
  publishedAt: Date | null;
}

describe(`search paging property (seed ${SEED})`, () => {
  it("every page walk returns exactly the matching published items, in order, with exact totals", { timeout: 120_000 }, async () => {
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const words = (min: number, max: number) =>
      Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(VOCABULARY)).join(" ");
    // Few distinct dates, so many items share one and the id tie-break is exercised.
    const dates = Array.from({ length: 15 }, (_, i) => new Date(Date.UTC(2025, i % 12, 1 + (i % 3), 9)));

    const db = await getDb();
    const items: Item[] = [];
    const count = 150 + Math.floor(random() * 151);
    const drafts: Omit<Item, "id">[] = Array.from({ length: count }, () => {
      const r = random();
      const status = r < 0.7 ? "published" : r < 0.85 ? "draft" : "archived";
      return {
        type: pick(CONTENT_TYPES),
        title: words(1, 3),
        description: random() < 0.2 ? null : words(0, 5),
        content: random() < 0.2 ? null : words(0, 8),
        status,
        // Non-published items sometimes keep a date; that must not make them visible.
        publishedAt: status === "published" || random() < 0.3 ? pick(dates) : null,
      };
    });
    for (const type of CONTENT_TYPES) {
      const rows = drafts.filter((item) => item.type === type);
      if (!rows.length) continue;
      const table = TABLES[type];
      const inserted = await db
        .insert(table)
        .values(rows.map(({ type: _type, ...row }) => row) as never)
        .returning({ id: table.id });
      rows.forEach((row, i) => items.push({ ...row, id: inserted[i]!.id }));
    }
    // Edit a quarter of the items afterwards, so the search follows updates (search_text, the token
    // index and the lexicon's triggers), not only inserts.
    for (const item of items) {
      if (random() >= 0.25) continue;
      const title = words(1, 3);
      const content = random() < 0.2 ? null : words(0, 8);
      const table = TABLES[item.type];
      await db
        .update(table)
        .set({ title, content } as never)
        .where(eq(table.id, item.id));
      Object.assign(item, { title, content });
    }

    // Each company names about a tenth of the items, whatever their status.
    const companies = await db
      .insert(schema.companies)
      .values(
        COMPANIES.map(([ticker, exchange]) => ({
          name: `${ticker} ${exchange}`,
          slug: `${ticker}-${exchange}`.toLowerCase().replace(".", "-"),
          ticker,
          exchange,
        })),
      )
      .returning({ id: schema.companies.id, ticker: schema.companies.ticker });
    const namedBy = new Map<string, Set<string>>(items.map((item) => [item.id, new Set()]));
    const tags = companies.flatMap((company) =>
      items
        .filter(() => random() < 0.1)
        .map((item) => {
          namedBy.get(item.id)!.add(company.ticker);
          return { contentType: item.type, contentId: item.id, companyId: company.id };
        }),
    );
    if (tags.length) await db.insert(schema.contentCompanies).values(tags);

    const queries = Array.from({ length: 30 }, () => {
      const r = random();
      if (r < 0.15) {
        const [ticker] = pick(COMPANIES);
        const q = random() < 0.5 ? ticker.toLowerCase() : ticker;
        return { q: random() < 0.2 ? ` ${q} ` : q, types: random() < 0.35 ? [] : CONTENT_TYPES.filter(() => random() < 0.5) };
      }
      const word = pick(VOCABULARY);
      const start = Math.floor(random() * word.length);
      const q =
        r < 0.1
          ? "" // everything
          : r < 0.4
            ? word
            : r < 0.5
              ? word.slice(start, start + 1 + Math.floor(random() * 3)) // a piece of a word
              : r < 0.6
                ? word.slice(start, start + 1 + Math.floor(random() * 40)) // a longer piece
                : r < 0.75
                  ? `${pick(VOCABULARY)} ${pick(VOCABULARY)}` // a phrase
                  : r < 0.9
                    ? random() < 0.5
                      ? word.toUpperCase()
                      : word.toLowerCase()
                    : `  ${word}  `;
      const types = random() < 0.35 ? [] : CONTENT_TYPES.filter(() => random() < 0.5);
      return { q, types };
    });

    for (const { q, types } of queries) {
      // The query as search reads it (trimmed, cut to 200 characters: PRODUCT.md "Search").
      const needle = parseQuery(q).toLowerCase();
      const searched = types.length ? types : CONTENT_TYPES;
      const expected = items
        .filter((item) => item.status === "published" && searched.includes(item.type))
        .filter(
          (item) =>
            [item.title, item.description, item.content].some((text) => (text ?? "").toLowerCase().includes(needle)) ||
            namedBy.get(item.id)!.has(needle.toUpperCase()),
        )
        .sort((a, b) => {
          const byDate = (b.publishedAt?.getTime() ?? -Infinity) - (a.publishedAt?.getTime() ?? -Infinity);
          return byDate !== 0 ? byDate : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
        })
        .map((item) => item.id);

      const label = `q=${JSON.stringify(q)} types=${types.join(",") || "(all)"} seed=${SEED}`;
      const lastPage = Math.ceil(expected.length / SEARCH_PAGE_SIZE);
      const walked: string[] = [];
      // One page past the end too: it must be empty with the same total.
      for (let page = 1; page <= lastPage + 1; page++) {
        const result = await searchContent({ q, types, page });
        expect(result.total, `${label} page ${page}: total`).toBe(expected.length);
        expect(result.results.length, `${label} page ${page}: size`).toBe(
          page <= lastPage ? Math.min(SEARCH_PAGE_SIZE, expected.length - (page - 1) * SEARCH_PAGE_SIZE) : 0,
        );
        walked.push(...result.results.map((r) => r.id));
      }
      expect(walked, label).toEqual(expected);
    }
  });
});
