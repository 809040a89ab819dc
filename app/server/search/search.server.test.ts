import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { SEARCH_PAGE_SIZE } from "~/lib/search";

import { loadContent } from "../../../bench/content-loader";
import { clearContent, insertItem, TABLES } from "../../../tests/support/search-fixtures";
import { getDb, schema } from "../db/db.server";
import {
  explainSearch,
  hasTrigram,
  isTokenQuery,
  phraseQuery,
  searchCompanyMatches,
  searchContent,
  searchContentIn,
  tickerQuery,
} from "./search.server";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));
const titles = async (q: string, types: ContentType[] = []) => (await searchContent({ q, types })).results.map((r) => r.title).sort();

beforeEach(clearContent);

describe("hasTrigram (can the trigram indexes help?)", () => {
  it.each([
    ["oil", true],
    ["ai", false],
    ["a b c", false],
    ["ab-cd", false],
    ["50%", false],
    ["500%", true],
    ["Zürich", true],
  ])("%j → %s", (query, expected) => {
    expect(hasTrigram(query)).toBe(expected);
  });
});

describe("isTokenQuery (can the token index answer it exactly?)", () => {
  it.each([
    ["ai", true],
    ["BP", true],
    ["inflation", true],
    ["Q3", true],
    ["a".repeat(33), true],
    ["a".repeat(34), false],
    ["net-income", false],
    ["bond yields", false],
    ["50%", false],
    ["café", false],
    ["\u212A", false], // the Kelvin sign, which lower-cases to an ASCII k
  ])("%j → %s", (query, expected) => {
    expect(isTokenQuery(query)).toBe(expected);
  });
});

describe("phraseQuery (can the pair index answer it?)", () => {
  it.each([
    ["Bond Yields", { words: ["bond", "yields"], separators: [" "] }],
    ["S&P 500", { words: ["s", "p", "500"], separators: ["&", " "] }],
    ["net-income", { words: ["net", "income"], separators: ["-"] }],
    ["50% 5000", { words: ["50", "5000"], separators: ["% "] }],
    ["bank  of england", { words: ["bank", "of", "england"], separators: ["  ", " "] }],
    [`${"a".repeat(32)} b`, { words: ["a".repeat(32), "b"], separators: [" "] }],
  ])("%j → %j", (query, expected) => {
    expect(phraseQuery(query)).toEqual(expected);
  });

  it.each([
    "inflation", // one word: the token path
    "(bond yields)", // punctuation at an end
    "bond yields.",
    "café crème", // letters beyond ASCII
    "bond — yields", // a separator beyond ASCII
    `${"a".repeat(33)} b`, // a word longer than the pairs keep
    `a${" ".repeat(17)}b`, // a separator longer than the pairs keep
  ])("%j → null", (query) => {
    expect(phraseQuery(query)).toBeNull();
  });
});

describe("matching", () => {
  // Each row: the character, what it is, a query with it, then the items stored, of which only the first
  // holds the character: the query and the character alone must each find that item only.
  it.each<[string, string, string, ...[ContentType, string][]]>([
    ["%", "percent sign", "50%", ["video", "Stocks up 50% this year"], ["video", "Stocks up 500 points"], ["blog", "No percent here"]],
    ["_", "underscore", "net_income", ["podcast", "The net_income field"], ["podcast", "The net-income field"]],
    ["\\", "backslash", "C:\\reports", ["blog", "Path C:\\reports\\q3"], ["blog", "Path C:reports"]],
  ])("treats %s in the query as a literal %s", async (char, _name, query, ...items) => {
    for (const [type, title] of items) await insertItem(type, { title });
    const [[, match]] = items;
    expect(await titles(query)).toEqual([match]);
    expect(await titles(char)).toEqual([match]);
  });

  it("is case-insensitive both ways", async () => {
    await insertItem("interview", { title: "Federal Reserve outlook" });
    await insertItem("special_feature", { title: "THE FED SPEAKS" });
    expect(await titles("fEDERAL reSERVE")).toEqual(["Federal Reserve outlook"]);
    expect(await titles("fed")).toEqual(["Federal Reserve outlook", "THE FED SPEAKS"]);
  });

  it("matches a substring of the title, the description or the content", async () => {
    await insertItem("video", { title: "Copper rally", description: "x", content: "y" });
    await insertItem("podcast", { title: "Weekly", description: "All about copper mines", content: "y" });
    await insertItem("blog", { title: "Notes", description: "x", content: "<p>Deep <b>copper</b> dive</p>" });
    await insertItem("interview", { title: "Other", description: null, content: null });
    expect(await titles("opper")).toEqual(["Copper rally", "Notes", "Weekly"]);
  });

  it("folds the case of letters beyond ASCII", async () => {
    await insertItem("blog", { title: "ÉCONOMIE ZÜRICH" });
    await insertItem("video", { title: "Économie française" });
    expect(await titles("économie")).toEqual(["ÉCONOMIE ZÜRICH", "Économie française"]);
    expect(await titles("zürich")).toEqual(["ÉCONOMIE ZÜRICH"]);
  });

  it("never matches across two fields (search_text joins them)", async () => {
    await insertItem("podcast", { title: "Gold", description: "price", content: "rally" });
    expect(await titles("gold price")).toEqual([]);
    expect(await titles("price rally")).toEqual([]);
    expect(await titles("gold")).toEqual(["Gold"]);
  });

  it("finds an item by its new text once it is updated (search_text is regenerated)", async () => {
    const id = await insertItem("video", { title: "Old headline", description: "old summary" });
    const db = await getDb();
    await db.update(TABLES.video).set({ title: "Fresh headline", description: null }).where(eq(TABLES.video.id, id));
    expect(await titles("old")).toEqual([]);
    expect(await titles("fresh")).toEqual(["Fresh headline"]);
  });

  it("answers queries too short for the trigram indexes", async () => {
    await insertItem("video", { title: "AI chips" });
    await insertItem("blog", { title: "Gains ahead" });
    await insertItem("podcast", { title: "Bonds" });
    expect(await titles("ai")).toEqual(["AI chips", "Gains ahead"]);
    expect(await titles("S")).toEqual(["AI chips", "Bonds", "Gains ahead"]);
  });

  it("trims the query", async () => {
    await insertItem("video", { title: "Gold" });
    await insertItem("video", { title: "Silver" });
    expect(await titles("  gold  ")).toEqual(["Gold"]);
  });

  it("an empty query lists every published item", async () => {
    for (const type of CONTENT_TYPES) await insertItem(type, { title: `All ${type}` });
    await insertItem("video", { title: "Draft", status: "draft" });
    const page = await searchContent({ q: "   " });
    expect(page.total).toBe(5);
    expect(page.results.map((r) => r.contentType).sort()).toEqual([...CONTENT_TYPES].sort());
  });
});

describe("one-word queries (token index and lexicon)", () => {
  it("finds a word inside words, across punctuation and next to letters beyond ASCII", async () => {
    await insertItem("blog", { title: "Net-income rose", content: "Café Zürich (ECB) 3Q25 results" });
    await insertItem("video", { title: "Unrelated" });
    for (const q of ["income", "NET", "z", "caf", "rich", "ZÜRICH", "ecb", "q25", "3q", "net-income", "é z"]) {
      expect(await titles(q), q).toEqual(["Net-income rose"]);
    }
    for (const q of ["tincome", "ecb3", "netincome"]) expect(await titles(q), q).toEqual([]);
  });

  it("finds every substring of a token too long for one index entry", async () => {
    // Stored as pieces of 64 starting every 32 characters (migration 0004); any substring of up to 33
    // characters lies inside one piece, and longer queries take the substring path.
    const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    const token = Array.from({ length: 200 }, (_, i) => letters[(i * 7 + Math.floor(i / 36)) % letters.length]).join("");
    await insertItem("special_feature", { title: "Long token", content: `before ${token} after` });
    for (let start = 0; start < token.length; start += 5) {
      for (const length of [1, 2, 17, 32, 33, 34, 60]) {
        const q = token.slice(start, start + length);
        expect(await titles(q), `${start}+${length}`).toEqual(["Long token"]);
      }
    }
  });

  it("stores a 10,000-character token without error (index entries stay small)", async () => {
    await insertItem("blog", { title: "Huge", content: "x".repeat(10_000) });
    expect(await titles("xxxxx")).toEqual(["Huge"]);
  });

  it("keeps every word the same pieces as before up to 256 characters, and a longer one bounded", async () => {
    const db = await getDb();
    const tokensOf = async (text: string) =>
      ((await db.execute(sql`select search_tokens(${text}) as tokens`)) as unknown as { rows: { tokens: string[] }[] }).rows[0]!.tokens;
    // Migration 0004's pieces: the token whole up to 64 characters, else 64 characters from every 32nd.
    const pieces = (token: string) =>
      token.length <= 64 ? [token] : Array.from({ length: Math.ceil(token.length / 32) }, (_, i) => token.slice(i * 32, i * 32 + 64));
    const letters = "abcdefghijklmnopqrstuvwxyzäöüß0123456789";
    for (const length of [1, 63, 64, 65, 96, 97, 128, 200, 255, 256]) {
      const token = Array.from({ length }, (_, i) => letters[(i * 11 + Math.floor(i / 40)) % letters.length]).join("");
      expect(await tokensOf(`ab ${token}, cd`), String(length)).toEqual([...new Set(["ab", "cd", ...pieces(token)])].sort());
    }
    // Over 256: its first and last 64 characters and the marker, however long.
    for (const length of [257, 200_000]) {
      const token = Array.from({ length }, (_, i) => letters[(i * 7 + Math.floor(i / 40)) % letters.length]).join("");
      expect(await tokensOf(`${token} ab`), String(length)).toEqual(["#long", "ab", token.slice(0, 64), token.slice(-64)].sort());
    }
  });

  it("finds any part of a word over 256 characters, once, and counts it exactly", async () => {
    // No 'l', 'o' or 'n': the word never contains 'lon', which its marker '#long' does.
    const letters = "abcdefghijkmpqrstuvwxyz0123456789";
    let state = 7;
    const word = Array.from({ length: 5_000 }, () => letters[(state = (state * 1103515245 + 12345) % 2 ** 31) % letters.length]).join("");
    await insertItem("interview", { title: "Big word", content: `gold ${word} silver` });
    await insertItem("blog", { title: "Short words", content: `gold ${word.slice(1_000, 1_020)} copper` });
    await insertItem("video", { title: "Unrelated", content: "nothing here" });
    for (const start of [0, 200, 1_000, 2_500, 4_990]) {
      const q = word.slice(start, start + 10);
      const expected = start === 1_000 ? ["Big word", "Short words"] : ["Big word"];
      const page = await searchContent({ q, types: [] });
      expect(page.results.map((r) => r.title).sort(), `${start}`).toEqual(expected);
      expect(page.total, `${start}`).toBe(expected.length);
    }
    // The marker the long word is indexed by is no word of the text: 'lon' finds nothing here.
    for (const q of ["lon", "long"]) expect((await searchContent({ q, types: [] })).total, q).toBe(0);
    // A word of its own and the long word in one row: found once.
    const gold = await searchContent({ q: "gold", types: [] });
    expect(gold.results.map((r) => r.title).sort()).toEqual(["Big word", "Short words"]);
    expect(gold.total).toBe(2);
    expect(await titles("silver")).toEqual(["Big word"]);
    // A phrase with the long word's end or start.
    expect(await titles(`${word.slice(-20)} silver`)).toEqual(["Big word"]);
    expect(await titles(`gold ${word.slice(0, 20)}`)).toEqual(["Big word"]);
  });

  it("follows edits: new words are found, removed words are not", async () => {
    const id = await insertItem("interview", { title: "Interview", content: "alphaword only" });
    const db = await getDb();
    await db.update(TABLES.interview).set({ content: "betaword now" }).where(eq(TABLES.interview.id, id));
    expect(await titles("betaword")).toEqual(["Interview"]);
    expect(await titles("etawor")).toEqual(["Interview"]);
    expect(await titles("alphaword")).toEqual([]);
  });

  it("follows publication: a draft's words are found once it is published", async () => {
    const id = await insertItem("podcast", { title: "Secret", content: "quorvex", status: "draft" });
    expect(await titles("quorvex")).toEqual([]);
    const db = await getDb();
    await db
      .update(TABLES.podcast)
      .set({ status: "published", publishedAt: day(1) })
      .where(eq(TABLES.podcast.id, id));
    expect(await titles("quorvex")).toEqual(["Secret"]);
    await db.update(TABLES.podcast).set({ status: "archived" }).where(eq(TABLES.podcast.id, id));
    expect(await titles("quorvex")).toEqual([]);
  });

  it("keeps the lexicon for counter updates without recomputing it", async () => {
    const id = await insertItem("video", { title: "Counted", content: "zentrix" });
    const db = await getDb();
    const lexicon = async () =>
      ((await db.execute(sql`select count(*)::integer as n from search_lexicon`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await lexicon();
    await db.execute(sql`delete from search_lexicon where token = 'zentrix'`);
    // A views update does not touch the text, so the row trigger does not fire and put the token back.
    await db
      .update(TABLES.video)
      .set({ views: sql`${TABLES.video.views} + 1` })
      .where(eq(TABLES.video.id, id));
    expect(await lexicon()).toBe(before - 1);
    // An edit of the text does.
    await db.update(TABLES.video).set({ content: "zentrix again" }).where(eq(TABLES.video.id, id));
    expect(await lexicon()).toBe(before + 1);
  });
});

describe("phrases (pair index)", () => {
  it("matches the exact separator, with the first word ending a token and the last starting one", async () => {
    await insertItem("blog", { title: "Bond yields rose" });
    await insertItem("video", { title: "Junkbond yieldsx" });
    await insertItem("podcast", { title: "Bonds yields" });
    await insertItem("interview", { title: "bond, yields" });
    await insertItem("special_feature", { title: "bond  yields" });
    expect(await titles("bond yields")).toEqual(["Bond yields rose", "Junkbond yieldsx"]);
    expect(await titles("BOND, YIELDS")).toEqual(["bond, yields"]);
    expect(await titles("d  y")).toEqual(["bond  yields"]);
    expect(await titles("s yields")).toEqual(["Bonds yields"]);
  });

  it("matches punctuation and digits between words", async () => {
    await insertItem("blog", { title: "The S&P 500 index", content: "Net-income fell 50% 5000 times" });
    await insertItem("blog", { title: "S & P 500" });
    expect(await titles("s&p 500")).toEqual(["The S&P 500 index"]);
    expect(await titles("net-income")).toEqual(["The S&P 500 index"]);
    expect(await titles("50% 5000")).toEqual(["The S&P 500 index"]);
    expect(await titles("s & p")).toEqual(["S & P 500"]);
  });

  it("rechecks phrases of three words or more, whose pairs may sit apart", async () => {
    await insertItem("video", { title: "The Bank of England said" });
    await insertItem("video", { title: "A bank of data. Out of England" });
    await insertItem("video", { title: "bank of the england" });
    expect(await titles("bank of england")).toEqual(["The Bank of England said"]);
    expect(await titles("ank of englan")).toEqual(["The Bank of England said"]);
  });

  it("finds a phrase next to a token too long for one index entry", async () => {
    const token = "q".repeat(40) + "z".repeat(40);
    await insertItem("blog", { title: "Long", content: `${token} yields ${token}` });
    expect(await titles(`${"z".repeat(32)} yields`)).toEqual(["Long"]);
    expect(await titles(`yields ${"q".repeat(32)}`)).toEqual(["Long"]);
  });

  it("falls back to the substring test when a phrase would expand to too many pairs", async () => {
    // 60 tokens end with "a" and 60 start with "b": 3,600 pairs, over the limit of 2,000.
    const ends = Array.from({ length: 60 }, (_, i) => `w${i}a`).join(" ");
    const starts = Array.from({ length: 60 }, (_, i) => `b${i}w`).join(" ");
    await insertItem("blog", { title: "Many", content: `${ends} ${starts}` });
    await insertItem("blog", { title: "Few", content: "xa b0w" });
    expect(await titles("a b")).toEqual(["Few", "Many"]);
    expect(await explainSearch(await getDb(), { q: "a b" })).not.toContain("search_bigrams");
    expect(await explainSearch(await getDb(), { q: "xa b0" })).toContain("search_bigrams");
  });
});

describe("publication status", () => {
  it("never returns drafts or archived items, with or without a query", async () => {
    for (const type of CONTENT_TYPES) {
      await insertItem(type, { title: `Oil ${type} live` });
      await insertItem(type, { title: `Oil ${type} draft`, status: "draft" });
      // A stale date on a non-published row must not make it visible.
      await insertItem(type, { title: `Oil ${type} archived`, status: "archived", publishedAt: day(1) });
    }
    for (const q of ["oil", "", "draft", "archived"]) {
      const { results, total } = await searchContent({ q });
      expect(results.every((r) => r.title.endsWith("live"))).toBe(true);
      expect(total).toBe(q === "oil" || q === "" ? 5 : 0);
    }
  });
});

describe("types filter", () => {
  beforeEach(async () => {
    for (const type of CONTENT_TYPES) await insertItem(type, { title: `Rates ${type}` });
  });

  it("searches only the selected types", async () => {
    expect(await titles("rates", ["podcast", "special_feature"])).toEqual(["Rates podcast", "Rates special_feature"]);
    expect((await searchContent({ q: "rates", types: ["blog"] })).total).toBe(1);
  });

  it("searches all five when none is selected", async () => {
    expect((await searchContent({ q: "rates", types: [] })).total).toBe(5);
  });

  it("filters an empty query too", async () => {
    const page = await searchContent({ q: "", types: ["interview"] });
    expect(page.results.map((r) => r.contentType)).toEqual(["interview"]);
  });
});

describe("order and paging", () => {
  it("orders by publish date, newest first, and by id between equal dates", async () => {
    const ids: Record<string, string> = {};
    ids.old = await insertItem("video", { title: "Bank old", publishedAt: day(1) });
    ids.newest = await insertItem("blog", { title: "Bank newest", publishedAt: day(9) });
    for (const type of CONTENT_TYPES) ids[`tie ${type}`] = await insertItem(type, { title: `Bank tie ${type}`, publishedAt: day(5) });
    const { results } = await searchContent({ q: "bank" });
    expect(results[0]!.id).toBe(ids.newest);
    expect(results.at(-1)!.id).toBe(ids.old);
    const tied = results.slice(1, -1).map((r) => r.id);
    expect(tied).toEqual([...tied].sort());
    expect(tied).toHaveLength(5);
  });

  it("gives 12 a page, an exact total, and each item once across pages", async () => {
    const created: string[] = [];
    for (let i = 0; i < 30; i++) {
      const type = CONTENT_TYPES[i % 5]!;
      created.push(await insertItem(type, { title: `Yield item ${i}`, publishedAt: day(i % 7) }));
    }
    await insertItem("video", { title: "Unrelated" });
    const pages = await Promise.all([1, 2, 3].map((page) => searchContent({ q: "yield", page })));
    expect(pages.map((p) => p.results.length)).toEqual([12, 12, 6]);
    expect(pages.every((p) => p.total === 30 && p.pageSize === SEARCH_PAGE_SIZE)).toBe(true);
    const seen = pages.flatMap((p) => p.results.map((r) => r.id));
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it("a page past the end is empty but keeps the exact total", async () => {
    for (let i = 0; i < 3; i++) await insertItem("podcast", { title: `Tariffs ${i}` });
    for (const q of ["tariffs", ""]) {
      const page = await searchContent({ q, page: 2 });
      expect(page).toMatchObject({ results: [], total: 3, page: 2 });
    }
    const far = await searchContent({ q: "tariffs", page: Number.MAX_SAFE_INTEGER });
    expect(far).toMatchObject({ results: [], total: 3 });
  });

  it("turns an impossible page number into page 1", async () => {
    await insertItem("video", { title: "Only" });
    for (const page of [0, -3, 1.5, Number.NaN]) {
      expect(await searchContent({ q: "", page })).toMatchObject({ page: 1, total: 1 });
    }
  });

  it("with no match, the total is 0", async () => {
    await insertItem("video", { title: "Something" });
    expect(await searchContent({ q: "zzzz" })).toMatchObject({ results: [], total: 0, page: 1 });
  });
});

describe("result fields (what a search result shows)", () => {
  it("maps each type onto the common shape", async () => {
    const when = new Date("2026-03-04T05:06:07.089Z");
    const videoId = await insertItem("video", {
      title: "Item video",
      description: "About it",
      tags: ["a", "b"],
      count: 1500,
      image: "https://img/v.jpg",
      publishedAt: when,
    });
    await insertItem("podcast", { title: "Item podcast", count: 42, image: "https://img/p.jpg", publishedAt: day(2) });
    await insertItem("blog", { title: "Item blog", count: 7, image: "https://img/b.jpg", publishedAt: day(3) });
    await insertItem("interview", { title: "Item interview", count: 8, publishedAt: day(4) });
    await insertItem("special_feature", { title: "Item special_feature", count: 9, image: "https://img/s.jpg", publishedAt: day(5) });
    const { results } = await searchContent({ q: "item" });
    const byType = Object.fromEntries(results.map((r) => [r.contentType, r]));
    expect(byType.video).toEqual({
      id: videoId,
      title: "Item video",
      description: "About it",
      contentType: "video",
      publishedAt: "2026-03-04T05:06:07.089Z",
      views: 1500,
      listens: null,
      thumbnailUrl: "https://img/v.jpg",
      tags: ["a", "b"],
      paidPromotion: false,
      // Found in its title, not only in a transcript (PRODUCT.md "Transcripts").
      transcriptMatch: null,
    });
    expect(byType.podcast).toMatchObject({ views: null, listens: 42, thumbnailUrl: "https://img/p.jpg", tags: [] });
    expect(byType.blog).toMatchObject({ views: 7, listens: null, thumbnailUrl: "https://img/b.jpg" });
    expect(byType.interview).toMatchObject({ views: 8, thumbnailUrl: null, description: null });
    expect(byType.special_feature).toMatchObject({ views: 9, thumbnailUrl: "https://img/s.jpg" });
  });
});

/** A company (its id), and the items that name it. */
async function insertCompany(
  values: { name: string; ticker: string; exchange?: string; sector?: "mining" | "technology" | null; logoUrl?: string | null },
  named: [ContentType, string][] = [],
): Promise<string> {
  const db = await getDb();
  const slug = values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [company] = await db
    .insert(schema.companies)
    .values({ exchange: "ASX", sector: null, ...values, slug })
    .returning({ id: schema.companies.id });
  if (named.length > 0) {
    await db
      .insert(schema.contentCompanies)
      .values(named.map(([contentType, contentId]) => ({ contentType, contentId, companyId: company!.id })));
  }
  return company!.id;
}

describe("tickerQuery (could the query be a ticker?)", () => {
  it.each([
    ["IBG", "IBG"],
    ["ibg", "IBG"],
    ["BRK.B", "BRK.B"],
    ["gh2", "GH2"],
    ["ABCDEFGHIJKL", "ABCDEFGHIJKL"],
    ["ABCDEFGHIJKLM", null],
    ["IB G", null],
    ["50%", null],
    ["", null],
  ])("%j → %j", (query, expected) => {
    expect(tickerQuery(query)).toBe(expected);
  });
});

describe('a ticker finds the items that name its company (PRODUCT.md "Search")', () => {
  beforeEach(async () => {
    await (await getDb()).execute(sql`truncate content_companies`);
    await (await getDb()).execute(sql`delete from companies`);
  });

  it("finds a named item whose text lacks the ticker, any letter case, and counts an item found both ways once", async () => {
    const silent = await insertItem("interview", { title: "Why we are not chasing ounces", publishedAt: day(3) });
    const both = await insertItem("video", { title: "IBG hits record production", publishedAt: day(2) });
    const textOnly = await insertItem("blog", { title: "Gold miners and IBG", publishedAt: day(1) });
    const unnamed = await insertItem("podcast", { title: "Nothing about it", publishedAt: day(4) });
    await insertCompany({ name: "Ironbark Gold", ticker: "IBG" }, [
      ["interview", silent],
      ["video", both],
    ]);
    for (const q of ["IBG", "ibg", "  Ibg "]) {
      const page = await searchContent({ q });
      expect(
        page.results.map((r) => r.id),
        q,
      ).toEqual([silent, both, textOnly]);
      expect(page.total, q).toBe(3);
    }
    expect((await searchContent({ q: "IBG" })).results.map((r) => r.id)).not.toContain(unnamed);
  });

  it("needs the whole ticker: part of one, or a name, finds only the text", async () => {
    const named = await insertItem("video", { title: "Quiet item" });
    await insertCompany({ name: "Helios Semiconductor", ticker: "HLIO" }, [["video", named]]);
    for (const q of ["HLI", "LIO", "HLIOX", "Helios", "HLIO ", "hlio."]) {
      expect((await searchContent({ q })).total, q).toBe(q.trim().toUpperCase() === "HLIO" ? 1 : 0);
    }
  });

  it("never finds a named draft, archived or scheduled item", async () => {
    const live = await insertItem("blog", { title: "Live" });
    const draft = await insertItem("blog", { title: "Draft", status: "draft" });
    const archived = await insertItem("video", { title: "Archived", status: "archived", publishedAt: day(1) });
    const scheduled = await insertItem("podcast", { title: "Scheduled", publishedAt: new Date(Date.now() + 86_400_000) });
    await insertCompany({ name: "Quokka Pay", ticker: "QPY" }, [
      ["blog", live],
      ["blog", draft],
      ["video", archived],
      ["podcast", scheduled],
    ]);
    expect(await searchContent({ q: "qpy" })).toMatchObject({ total: 1, results: [{ id: live }] });
  });

  it("keeps the types filter, the date order and exact totals over pages, for a ticker on two exchanges", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const type = CONTENT_TYPES[i % 5]!;
      ids.push(await insertItem(type, { title: i % 2 ? `BHP item ${i}` : `Quiet item ${i}`, publishedAt: day(i) }));
    }
    const named = ids.map((id, i) => [CONTENT_TYPES[i % 5]!, id] as [ContentType, string]);
    // The same ticker on two exchanges, both naming the first ten: each item still counts once.
    await insertCompany({ name: "BHP ASX", ticker: "BHP" }, named.slice(0, 10));
    await insertCompany({ name: "BHP London", ticker: "BHP", exchange: "LSE" }, named.slice(0, 10));
    // Found: the first ten (named) and the odd ones (text).
    const expected = ids.filter((_, i) => i < 10 || i % 2 === 1).reverse();
    const pages = await Promise.all([1, 2].map((page) => searchContent({ q: "bhp", page })));
    expect(pages.map((p) => p.total)).toEqual([expected.length, expected.length]);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(expected);
    const videos = await searchContent({ q: "BHP", types: ["video"] });
    expect(videos.results.map((r) => r.id)).toEqual(expected.filter((id) => ids.indexOf(id) % 5 === 0));
    expect(videos.total).toBe(videos.results.length);
  });

  it("works for a ticker the phrase and substring paths answer", async () => {
    const dotted = await insertItem("video", { title: "Class B shares" });
    const dashed = await insertItem("blog", { title: "Preferred units" });
    await insertCompany({ name: "Berkshire B", ticker: "BRK.B" }, [["video", dotted]]);
    await insertCompany({ name: "Royal Pref", ticker: "RY-P" }, [["blog", dashed]]);
    expect((await searchContent({ q: "brk.b" })).results.map((r) => r.id)).toEqual([dotted]);
    expect((await searchContent({ q: "ry-p" })).results.map((r) => r.id)).toEqual([dashed]);
    // Without the token and pair indexes too (the benchmark's baseline).
    expect((await searchContentIn(await getDb(), { q: "brk.b" }, { tokenIndex: false })).total).toBe(1);
  });
});

describe('the companies block (PRODUCT.md "Search")', () => {
  beforeEach(async () => {
    await (await getDb()).execute(sql`truncate content_companies`);
    await (await getDb()).execute(sql`delete from companies`);
  });

  it("puts the company whose ticker is the query first, then A–Z by name; name and ticker contain the query", async () => {
    const item = await insertItem("video", { title: "Covered" });
    await insertCompany({ name: "Ironbark Gold", ticker: "IBG", sector: "mining", logoUrl: "/media/companies/ironbark-gold.svg" }, [
      ["video", item],
    ]);
    await insertCompany({ name: "Aibgo Holdings", ticker: "AHL" }, [["video", item]]);
    await insertCompany({ name: "Gold Ibg Co", ticker: "XIBGX" }, [["video", item]]);
    expect(await searchCompanyMatches("ibg")).toEqual([
      {
        name: "Ironbark Gold",
        href: "/companies/ironbark-gold",
        tickerLabel: "ASX:IBG",
        sectorLabel: "Mining",
        logoUrl: "/media/companies/ironbark-gold.svg",
      },
      { name: "Aibgo Holdings", href: "/companies/aibgo-holdings", tickerLabel: "ASX:AHL", sectorLabel: null, logoUrl: null },
      { name: "Gold Ibg Co", href: "/companies/gold-ibg-co", tickerLabel: "ASX:XIBGX", sectorLabel: null, logoUrl: null },
    ]);
    expect((await searchCompanyMatches("BARK")).map((c) => c.name)).toEqual(["Ironbark Gold"]);
    expect((await searchCompanyMatches("xibg")).map((c) => c.name)).toEqual(["Gold Ibg Co"]);
  });

  it("treats % and _ as plain characters, ignores an empty query and shows at most 5", async () => {
    const item = await insertItem("blog", { title: "Covered" });
    for (const name of ["Alpha 100% Co", "Beta_Co", "Gamma Co", "Delta Co", "Epsilon Co", "Zeta Co", "Eta Co"]) {
      await insertCompany({ name, ticker: name.slice(0, 3).toUpperCase() }, [["blog", item]]);
    }
    expect((await searchCompanyMatches("%")).map((c) => c.name)).toEqual(["Alpha 100% Co"]);
    expect((await searchCompanyMatches("_")).map((c) => c.name)).toEqual(["Beta_Co"]);
    expect(await searchCompanyMatches("  ")).toEqual([]);
    expect((await searchCompanyMatches(" co")).map((c) => c.name)).toEqual([
      "Alpha 100% Co",
      "Beta_Co",
      "Delta Co",
      "Epsilon Co",
      "Eta Co",
    ]);
  });

  it("shows only companies with coverage visitors can see", async () => {
    const live = await insertItem("interview", { title: "Live" });
    const draft = await insertItem("interview", { title: "Draft", status: "draft" });
    const scheduled = await insertItem("blog", { title: "Later", publishedAt: new Date(Date.now() + 86_400_000) });
    await insertCompany({ name: "Covered Mining", ticker: "CVM" }, [["interview", live]]);
    await insertCompany({ name: "Draft Mining", ticker: "DRM" }, [["interview", draft]]);
    await insertCompany({ name: "Later Mining", ticker: "LTM" }, [["blog", scheduled]]);
    await insertCompany({ name: "Bare Mining", ticker: "BRM" });
    // A tag of another type with the same id is not coverage.
    await insertCompany({ name: "Wrong Type Mining", ticker: "WTM" }, [["video", live]]);
    expect((await searchCompanyMatches("mining")).map((c) => c.name)).toEqual(["Covered Mining"]);
  });
});

describe("query plan", () => {
  const TABLE_NAMES = ["videos", "podcasts", "blogs", "interviews", "special_features"];

  it("uses the token, pair and trigram indexes", { timeout: 120_000 }, async () => {
    const db = await getDb();
    await loadContent(db, { perType: 1000, seed: 0.7 }); // 5,000 rows, then VACUUM ANALYZE
    // The plans the app runs (explainSearch prepares the same statement as searchContent).
    const word = await explainSearch(db, { q: "Inflation" });
    const phrase = await explainSearch(db, { q: "bond yields" });
    const other = await explainSearch(db, { q: "(bond yields)" });
    for (const table of TABLE_NAMES) {
      // migration 0004: the published rows' tokens, exact for one word
      expect(word).toContain(`Bitmap Index Scan on ${table}_search_tokens_idx`);
      // migration 0005: pairs of adjacent tokens, exact for two words
      expect(phrase).toContain(`Bitmap Index Scan on ${table}_search_bigrams_idx`);
      // migration 0002: trigrams of the lower-cased search_text column, rechecked with LIKE
      expect(other).toContain(`Bitmap Index Scan on ${table}_search_text_trgm_idx`);
      for (const plan of [word, phrase, other]) expect(plan).not.toContain(`Seq Scan on ${table}`);
    }
    // The token and pair paths never recheck the text; a word also reads the rows holding a word over 256
    // characters (migration 0023) through the token index, and tests only those.
    expect(word).not.toContain("search_text ~~");
    expect(word.match(/Index Cond: \(search_tokens\(search_text\) && '\{#long\}'::text\[\]\)/g)).toHaveLength(TABLE_NAMES.length);
    expect(phrase).not.toContain("search_text ~~");

    // A word that is a company's ticker also reads the items naming the company, by primary key only.
    const [company] = await db
      .insert(schema.companies)
      .values({ name: "Inflation Co", slug: "inflation-co", ticker: "INFLATION", exchange: "ASX" })
      .returning({ id: schema.companies.id });
    for (const table of TABLE_NAMES) {
      await db.execute(sql`insert into content_companies (content_type, content_id, company_id)
        select ${table === "special_features" ? "special_feature" : table.replace(/s$/, "")}, id, ${company!.id} from ${sql.identifier(table)} limit 50`);
    }
    await db.execute(sql`analyze companies, content_companies`);
    const ticker = await explainSearch(db, { q: "Inflation" });
    for (const table of TABLE_NAMES) {
      expect(ticker).toContain(`Bitmap Index Scan on ${table}_search_tokens_idx`);
      expect(ticker).toContain(`Bitmap Index Scan on ${table}_pkey`);
      expect(ticker).not.toContain(`Seq Scan on ${table}`);
    }
    expect(ticker).toContain("Index Cond: (id = ANY (");
  });
});
