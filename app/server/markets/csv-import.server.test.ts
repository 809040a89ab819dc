/**
 * PRODUCT.md "CSV imports" against the database: a file writes exactly its closes, quotes and announcements
 * with one audit entry; a refused file changes nothing; importing the same file again changes nothing.
 */
import fs from "node:fs";
import { asc, eq, gt, max, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { insertCompany } from "../../../tests/support/companies";
import { MARKETS_IMPORT_USAGE, runMarketsImportCommand } from "./csv-import-cli.server";
import { importMarketCsv } from "./csv-import.server";

const now = new Date("2026-12-07T00:00:00Z");
const actor = { id: null, name: "test", role: null };
const fixture = (name: string) => fs.readFileSync(`tests/fixtures/markets/${name}`);
const run = (input: string | Uint8Array, fileName: string | null = null) => importMarketCsv(input, { actor, fileName, now });

let mwx: string;
let mwy: string;
/** The audit log is append-only: each test reads the entries after this one. */
let auditFrom = 0;
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate companies cascade`);
  auditFrom = (await db.select({ id: max(schema.auditLog.id) }).from(schema.auditLog))[0]?.id ?? 0;
  mwx = (await insertCompany({ name: "Mount X Minerals", ticker: "MWX", exchange: "ASX" })).id;
  mwy = (await insertCompany({ name: "Wyvern Systems", ticker: "MWY", exchange: "NASDAQ" })).id;
});

async function stored() {
  const db = await getDb();
  const [closes, quotes, announcements, audit] = await Promise.all([
    db.select().from(schema.marketCloses).orderBy(asc(schema.marketCloses.companyId), asc(schema.marketCloses.day)),
    db.select().from(schema.marketQuotes).orderBy(asc(schema.marketQuotes.asOf)),
    db.select().from(schema.marketAnnouncements).orderBy(asc(schema.marketAnnouncements.publishedAt)),
    db
      .select({ action: schema.auditLog.action, detail: schema.auditLog.detail, actorName: schema.auditLog.actorName })
      .from(schema.auditLog)
      .where(gt(schema.auditLog.id, auditFrom))
      .orderBy(asc(schema.auditLog.id)),
  ]);
  return { closes, quotes, announcements, audit };
}

/** The stored rows without what changes at each write (the time fetched, a row's own id). */
async function snapshot() {
  const rows = await stored();
  return {
    closes: rows.closes,
    quotes: rows.quotes.map(({ fetchedAt: _fetchedAt, ...quote }) => quote),
    announcements: rows.announcements.map(({ id: _id, createdAt: _createdAt, ...announcement }) => announcement),
  };
}

describe("a prices file", () => {
  it("writes each close, and each listing's latest close as its end-of-day quote", async () => {
    expect(await run(fixture("prices.csv"), "prices.csv")).toEqual({
      ok: true,
      kind: "prices",
      counts: { closes: 4, quotes: 2, announcements: 0 },
    });
    const rows = await stored();
    expect(rows.closes.filter((c) => c.companyId === mwx)).toEqual([
      { companyId: mwx, day: "2026-12-01", close: 1.25 },
      { companyId: mwx, day: "2026-12-02", close: 1.3 },
      { companyId: mwx, day: "2026-12-03", close: 1.285 },
    ]);
    expect(rows.closes.filter((c) => c.companyId === mwy)).toEqual([{ companyId: mwy, day: "2026-12-02", close: 45.1 }]);
    expect(rows.quotes).toEqual([
      {
        companyId: mwy,
        last: 45.1,
        previousClose: 44,
        volume: 2_000_000,
        currency: "USD",
        marketCap: null,
        asOf: new Date("2026-12-02T21:00:00Z"),
        delayMinutes: 0,
        source: "CSV import",
        fetchedAt: expect.any(Date),
      },
      {
        // The previous close from the file's row before; the currency the exchange's.
        companyId: mwx,
        last: 1.285,
        previousClose: 1.3,
        volume: 900_000,
        currency: "AUD",
        marketCap: 250_000_000,
        asOf: new Date("2026-12-03T05:00:00Z"),
        delayMinutes: 0,
        source: "CSV import",
        fetchedAt: expect.any(Date),
      },
    ]);
    expect(rows.audit).toEqual([
      { action: "market-import", detail: "prices.csv: Imported 4 closes, 2 quotes and 0 announcements.", actorName: "test" },
    ]);
  });

  it("takes the previous close from the stored closes when the file has none before its day", async () => {
    await run(fixture("prices.csv"));
    expect(await run("exchange,ticker,date,close,source\nASX,MWX,2026-12-04,1.31,Vendor EOD\n")).toMatchObject({
      counts: { closes: 1, quotes: 1 },
    });
    const [quote] = (await stored()).quotes.filter((q) => q.companyId === mwx);
    expect(quote).toMatchObject({ last: 1.31, previousClose: 1.285, asOf: new Date("2026-12-04T05:00:00Z"), source: "Vendor EOD" });
  });

  it("with no close before its day, the quote's previous close is its own close (unchanged)", async () => {
    await run("exchange,ticker,date,close\nASX,MWX,2026-12-04,1.31\n");
    expect((await stored()).quotes).toMatchObject([{ companyId: mwx, last: 1.31, previousClose: 1.31 }]);
  });

  it("keeps a newer quote: an older file corrects its closes but does not turn the quote back", async () => {
    await run("exchange,ticker,date,close\nASX,MWX,2026-12-04,1.31\n");
    expect(await run("exchange,ticker,date,close\nASX,MWX,2026-12-02,1.29\n")).toMatchObject({ counts: { closes: 1, quotes: 0 } });
    const rows = await stored();
    expect(rows.quotes).toMatchObject([{ companyId: mwx, last: 1.31, asOf: new Date("2026-12-04T05:00:00Z") }]);
    expect(rows.closes).toEqual([
      { companyId: mwx, day: "2026-12-02", close: 1.29 },
      { companyId: mwx, day: "2026-12-04", close: 1.31 },
    ]);
  });

  it("importing it again changes nothing", async () => {
    await run(fixture("prices.csv"));
    const first = await snapshot();
    expect(await run(fixture("prices.csv"))).toMatchObject({ ok: true, counts: { closes: 4, quotes: 2, announcements: 0 } });
    expect(await snapshot()).toEqual(first);
  });
});

describe("an announcements file", () => {
  it("writes each announcement, its quoted title whole", async () => {
    expect(await run(fixture("announcements.csv"))).toEqual({
      ok: true,
      kind: "announcements",
      counts: { closes: 0, quotes: 0, announcements: 3 },
    });
    const { announcements } = await snapshot();
    expect(announcements).toEqual([
      {
        companyId: mwx,
        externalId: expect.stringMatching(/^csv:[0-9a-f]{32}$/),
        title: "Quarterly activities report, December quarter",
        publishedAt: new Date("2026-11-30T22:30:00Z"),
        url: "https://example.com/asx/mwx-q4.pdf",
        priceSensitive: true,
        category: "Quarterly report",
      },
      {
        companyId: mwy,
        externalId: expect.stringMatching(/^csv:[0-9a-f]{32}$/),
        title: "Results of operations",
        publishedAt: new Date("2026-12-02T21:05:00Z"),
        url: "https://example.com/sec/mwy-8k.htm",
        priceSensitive: false,
        category: "8-K 2.02",
      },
      {
        companyId: mwx,
        externalId: "ASX-02912345",
        title: 'Drilling results: "high grade" at Mount X\n(second hole)',
        publishedAt: new Date("2026-12-02T21:15:00Z"),
        url: "https://example.com/asx/mwx-drill.pdf",
        priceSensitive: true,
        category: null,
      },
    ]);
  });

  it("importing it again changes nothing; a corrected row replaces the stored one", async () => {
    await run(fixture("announcements.csv"));
    const first = await snapshot();
    await run(fixture("announcements.csv"));
    expect(await snapshot()).toEqual(first);

    const corrected =
      "exchange,ticker,published_at,title,url,price_sensitive,id\nASX,MWX,2026-12-03T08:15:00+11:00,Drilling results,https://example.com/v2.pdf,no,ASX-02912345\n";
    expect(await run(corrected)).toMatchObject({ counts: { announcements: 1 } });
    const after = await snapshot();
    expect(after.announcements).toHaveLength(3);
    expect(after.announcements.find((a) => a.externalId === "ASX-02912345")).toMatchObject({
      title: "Drilling results",
      url: "https://example.com/v2.pdf",
      priceSensitive: false,
    });
  });
});

describe("a refused file", () => {
  it("changes nothing and is not audited", async () => {
    await run(fixture("prices.csv"));
    await run(fixture("announcements.csv"));
    const before = await stored();
    expect(await run(fixture("broken.csv"), "broken.csv")).toEqual({ ok: false, error: "Line 4: no company with ticker XYZ on ASX." });
    const after = await stored();
    expect(after).toEqual(before);
    expect(after.audit).toHaveLength(2);
  });

  it("a company renamed away from its ticker is no longer known", async () => {
    const db = await getDb();
    await db.update(schema.companies).set({ ticker: "MWX2" }).where(eq(schema.companies.id, mwx));
    expect(await run(fixture("prices.csv"))).toEqual({ ok: false, error: "Line 2: no company with ticker MWX on ASX." });
    expect((await stored()).closes).toEqual([]);
  });
});

describe("npm run markets:import", () => {
  function output() {
    const lines = { info: [] as string[], error: [] as string[] };
    return { lines, out: { info: (line: string) => lines.info.push(line), error: (line: string) => lines.error.push(line) } };
  }

  it("imports a file, says what it wrote, and exits 0", async () => {
    const { lines, out } = output();
    expect(await runMarketsImportCommand(["tests/fixtures/markets/prices.csv"], out)).toBe(0);
    expect(lines).toEqual({ info: ["Imported 4 closes, 2 quotes and 0 announcements."], error: [] });
    expect((await stored()).audit).toEqual([
      {
        action: "market-import",
        detail: "prices.csv: Imported 4 closes, 2 quotes and 0 announcements.",
        actorName: "npm run markets:import",
      },
    ]);
  });

  it("refuses a broken file with its line, exits 1, and imports nothing", async () => {
    const { lines, out } = output();
    expect(await runMarketsImportCommand(["tests/fixtures/markets/broken.csv"], out)).toBe(1);
    expect(lines).toEqual({
      info: [],
      error: ["Import refused (broken.csv): Line 4: no company with ticker XYZ on ASX. Nothing was imported."],
    });
    expect((await stored()).closes).toEqual([]);
  });

  it("exits 1 for a file that is not there, 2 without a file", async () => {
    const missing = output();
    expect(await runMarketsImportCommand(["tests/fixtures/markets/none.csv"], missing.out)).toBe(1);
    expect(missing.lines.error).toEqual(["Import refused: tests/fixtures/markets/none.csv is not a file."]);
    const usage = output();
    expect(await runMarketsImportCommand([], usage.out)).toBe(2);
    expect(usage.lines.error).toEqual([MARKETS_IMPORT_USAGE]);
  });
});
