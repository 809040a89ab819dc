/**
 * PRODUCT.md "CSV imports": reading a prices or announcements file, without a database: every row checked,
 * a refused file named by its first bad line, quoted fields with commas, quotes and line breaks read whole.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

import {
  announcementExternalId,
  describeImport,
  listingKey,
  parseMarketCsv,
  type AnnouncementRow,
  type PriceRow,
} from "./csv-import.server";

const MWX = "00000000-0000-4000-8000-000000000001";
const MWY = "00000000-0000-4000-8000-000000000002";
const MWZ = "00000000-0000-4000-8000-000000000003";
const listings = new Map([
  [listingKey("ASX", "MWX"), MWX],
  [listingKey("NASDAQ", "MWY"), MWY],
  [listingKey("ASX", "MWZ"), MWZ],
]);
const now = new Date("2026-12-07T00:00:00Z");
const fixture = (name: string) => fs.readFileSync(`tests/fixtures/markets/${name}`, "utf8");

function parsed(text: string | Uint8Array) {
  const result = parseMarketCsv(text, { listings, now });
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.file;
}

function refusal(text: string | Uint8Array) {
  const result = parseMarketCsv(text, { listings, now });
  if (result.ok) throw new Error("the file was accepted");
  return result.error;
}

const PRICES = "exchange,ticker,date,close\n";
const ANNOUNCEMENTS = "exchange,ticker,published_at,title,url,price_sensitive\n";

describe("a prices file", () => {
  it("reads every row with its company, line and optional columns", () => {
    const file = parsed(fixture("prices.csv"));
    expect(file.kind).toBe("prices");
    expect(file.rows).toEqual<PriceRow[]>([
      {
        line: 2,
        companyId: MWX,
        exchange: "ASX",
        ticker: "MWX",
        day: "2026-12-01",
        close: 1.25,
        previousClose: null,
        volume: 1_200_000,
        currency: null,
        marketCap: null,
        source: null,
      },
      {
        line: 3,
        companyId: MWX,
        exchange: "ASX",
        ticker: "MWX",
        day: "2026-12-02",
        close: 1.3,
        previousClose: null,
        volume: 1_500_000,
        currency: null,
        marketCap: null,
        source: null,
      },
      {
        line: 4,
        companyId: MWX,
        exchange: "ASX",
        ticker: "MWX",
        day: "2026-12-03",
        close: 1.285,
        previousClose: null,
        volume: 900_000,
        currency: null,
        marketCap: 250_000_000,
        source: null,
      },
      {
        line: 5,
        companyId: MWY,
        exchange: "NASDAQ",
        ticker: "MWY",
        day: "2026-12-02",
        close: 45.1,
        previousClose: 44,
        volume: 2_000_000,
        currency: "USD",
        marketCap: null,
        source: null,
      },
    ]);
  });

  it("takes the columns in any order and case, exchanges and tickers in any case, CRLF line ends, a byte order mark and blank lines", () => {
    const file = parsed("\uFEFFClose,Date,Ticker,Exchange,Source\r\n\r\n1.5,2026-12-04,mwx,asx,Vendor EOD\r\n");
    expect(file.rows).toEqual([expect.objectContaining({ line: 3, companyId: MWX, day: "2026-12-04", close: 1.5, source: "Vendor EOD" })]);
  });

  it("reads the same from bytes", () => {
    expect(parsed(new TextEncoder().encode(fixture("prices.csv")))).toEqual(parsed(fixture("prices.csv")));
  });
});

describe("an announcements file", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and numbers the lines as an editor does", () => {
    const file = parsed(fixture("announcements.csv"));
    expect(file.kind).toBe("announcements");
    const publishedAt = new Date("2026-11-30T22:30:00Z");
    expect(file.rows).toEqual<AnnouncementRow[]>([
      {
        line: 2,
        companyId: MWX,
        exchange: "ASX",
        ticker: "MWX",
        externalId: announcementExternalId({
          exchange: "ASX",
          ticker: "MWX",
          publishedAt,
          title: "Quarterly activities report, December quarter",
        }),
        title: "Quarterly activities report, December quarter",
        publishedAt,
        url: "https://example.com/asx/mwx-q4.pdf",
        priceSensitive: true,
        category: "Quarterly report",
      },
      {
        line: 3,
        companyId: MWX,
        exchange: "ASX",
        ticker: "MWX",
        externalId: "ASX-02912345",
        title: 'Drilling results: "high grade" at Mount X\n(second hole)',
        publishedAt: new Date("2026-12-02T21:15:00Z"),
        url: "https://example.com/asx/mwx-drill.pdf",
        priceSensitive: true,
        category: null,
      },
      {
        line: 5,
        companyId: MWY,
        exchange: "NASDAQ",
        ticker: "MWY",
        externalId: expect.stringMatching(/^csv:[0-9a-f]{32}$/),
        title: "Results of operations",
        publishedAt: new Date("2026-12-02T21:05:00Z"),
        url: "https://example.com/sec/mwy-8k.htm",
        priceSensitive: false,
        category: "8-K 2.02",
      },
    ]);
  });

  it("gives an announcement without an id the same id for the same instant written in another zone", () => {
    const a = parsed(`${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,Update,https://example.com/a,no\n`);
    const b = parsed(`${ANNOUNCEMENTS}ASX,MWX,2026-11-30T22:30:00Z,Update,https://example.com/a,no\n`);
    expect((a.rows[0] as AnnouncementRow).externalId).toBe((b.rows[0] as AnnouncementRow).externalId);
  });
});

describe("a refused file names its first bad line", () => {
  it("the broken fixture: the unknown ticker on line 4, before the bad date on line 5", () => {
    expect(refusal(fixture("broken.csv"))).toBe("Line 4: no company with ticker XYZ on ASX.");
  });

  it.each([
    [
      "an unknown exchange",
      `${PRICES}ASX,MWX,2026-12-01,1.2\nXASX,MWX,2026-12-02,1.2\n`,
      "Line 3: unknown exchange 'XASX' (one of ASX, NYSE, NASDAQ, LSE, AIM, TSX, TSXV, CSE, NZX, OTC).",
    ],
    ["a ticker of another exchange", `${PRICES}NYSE,MWX,2026-12-01,1.2\n`, "Line 2: no company with ticker MWX on NYSE."],
    ["an empty ticker", `${PRICES}ASX,,2026-12-01,1.2\n`, "Line 2: the ticker is empty."],
    [
      "a day that does not exist",
      `${PRICES}ASX,MWX,2026-02-30,1.2\n`,
      "Line 2: the date must be a real day written YYYY-MM-DD, not '2026-02-30'.",
    ],
    [
      "a day written another way",
      `${PRICES}ASX,MWX,01/12/2026,1.2\n`,
      "Line 2: the date must be a real day written YYYY-MM-DD, not '01/12/2026'.",
    ],
    ["a day in the future", `${PRICES}ASX,MWX,2026-12-09,1.2\n`, "Line 2: the date 2026-12-09 is in the future."],
    ["a price of zero", `${PRICES}ASX,MWX,2026-12-01,0\n`, "Line 2: close must be a number above zero, such as 12.35, not '0'."],
    ["a negative price", `${PRICES}ASX,MWX,2026-12-01,-1.2\n`, "Line 2: close must be a number above zero, such as 12.35, not '-1.2'."],
    [
      "a price that is not a number",
      `${PRICES}ASX,MWX,2026-12-01,n/a\n`,
      "Line 2: close must be a number above zero, such as 12.35, not 'n/a'.",
    ],
    [
      "a price with a thousands separator",
      `${PRICES}ASX,MWX,2026-12-01,"1,250.00"\n`,
      "Line 2: close must be a number above zero, such as 12.35, not '1,250.00'.",
    ],
    ["an empty price", `${PRICES}ASX,MWX,2026-12-01,\n`, "Line 2: close must be a number above zero, such as 12.35, not ''."],
    [
      "a bad previous close",
      "exchange,ticker,date,close,previous_close\nASX,MWX,2026-12-01,1.2,abc\n",
      "Line 2: previous_close must be a number above zero, such as 12.35, not 'abc'.",
    ],
    [
      "a bad volume",
      "exchange,ticker,date,close,volume\nASX,MWX,2026-12-01,1.2,1.5\n",
      "Line 2: volume must be a whole number of shares, not '1.5'.",
    ],
    [
      "a bad currency",
      "exchange,ticker,date,close,currency\nASX,MWX,2026-12-01,1.2,dollars\n",
      "Line 2: currency must be a three-letter code such as AUD, not 'dollars'.",
    ],
    [
      "the same day twice",
      `${PRICES}ASX,MWX,2026-12-01,1.2\nASX,MWX,2026-12-02,1.2\nasx,mwx,2026-12-01,1.3\n`,
      "Line 4: a second close for MWX on ASX on 2026-12-01 (the first is on line 2).",
    ],
    ["a row with a field too few", `${PRICES}ASX,MWX,2026-12-01\n`, "Line 2: 3 fields where the header has 4 columns."],
    ["a row with a field too many", `${PRICES}ASX,MWX,2026-12-01,1.2,9\n`, "Line 2: 5 fields where the header has 4 columns."],
    [
      "a NUL byte",
      `${PRICES}ASX,MWX,2026-12-01,1.2\nASX,MW\0X,2026-12-02,1.2\n`,
      "Line 3: ticker contains a control character (such as NUL).",
    ],
    [
      "a quote left open",
      `${PRICES}ASX,MWX,2026-12-01,1.2\n\nASX,"MWX,2026-12-02,1.2\nASX,MWX,2026-12-03,1.2\n`,
      "Line 4: a quoted field is not closed.",
    ],
    [
      "a quote inside an unquoted field",
      `${PRICES}ASX,MW"X,2026-12-01,1.2\n`,
      "Line 2: a quote is out of place (a field with a quote inside must be quoted whole, its quotes doubled).",
    ],
  ])("prices: %s", (_what, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it.each([
    ["an empty title", `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,"  ",https://example.com/a,no\n`, "Line 2: the title is empty."],
    [
      "a title over 500 characters",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,${"a".repeat(501)},https://example.com/a,no\n`,
      "Line 2: the title is 501 characters; at most 500.",
    ],
    [
      "a URL that is not http",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,Update,javascript:alert(1),no\n`,
      "Line 2: url must be an http:// or https:// address, not 'javascript:alert(1)'.",
    ],
    [
      "a relative URL",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,Update,/docs/a.pdf,no\n`,
      "Line 2: url must be an http:// or https:// address, not '/docs/a.pdf'.",
    ],
    [
      "a time without its zone",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01 09:30,Update,https://example.com/a,no\n`,
      "Line 2: published_at must be a date and time with its zone, such as 2026-12-01T09:30:00+11:00, not '2026-12-01 09:30'.",
    ],
    [
      "a flag that is not yes or no",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,Update,https://example.com/a,maybe\n`,
      "Line 2: price_sensitive must be yes or no (or true/false, 1/0), not 'maybe'.",
    ],
    [
      "the same announcement twice",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,Update,https://example.com/a,no\nASX,MWX,2026-11-30T22:30:00Z,Update,https://example.com/b,yes\n`,
      "Line 3: the same announcement as line 2.",
    ],
    [
      "a line break in a quoted title before a bad line",
      `${ANNOUNCEMENTS}ASX,MWX,2026-12-01T09:30:00+11:00,"Two\nlines",https://example.com/a,no\nASX,MWX,2026-12-01T10:30:00+11:00,Update,ftp://example.com/a,no\n`,
      "Line 4: url must be an http:// or https:// address, not 'ftp://example.com/a'.",
    ],
  ])("announcements: %s", (_what, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it.each([
    ["an empty file", "", "The file is empty."],
    ["blank lines only", "\n \n", "The file is empty."],
    ["a header without rows", PRICES, "The file has a header but no rows."],
    [
      "no header",
      "ASX,MWX,2026-12-01,1.2\n",
      "Line 1: the first line must be a header: exchange,ticker,date,close (and optionally previous_close, volume, currency, market_cap, source) for prices, or exchange,ticker,published_at,title,url,price_sensitive (and optionally category, id) for announcements.",
    ],
    [
      "an unknown column",
      "exchange,ticker,date,close,open\nASX,MWX,2026-12-01,1.2,1.1\n",
      "Line 1: unknown column 'open' in a prices file; its columns are exchange,ticker,date,close (and optionally previous_close, volume, currency, market_cap, source).",
    ],
    ["a missing column", "exchange,ticker,date\nASX,MWX,2026-12-01\n", "Line 1: a prices file needs the column close."],
    ["a column twice", "exchange,ticker,date,close,close\nASX,MWX,2026-12-01,1.2,1.2\n", "Line 1: the column 'close' is named twice."],
    [
      "text that is not UTF-8",
      new Uint8Array([...new TextEncoder().encode(PRICES), 0xff, 0xfe, 0x0a]),
      "The file is not UTF-8 text: save it as CSV UTF-8 and import it again.",
    ],
  ])("%s", (_what, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it("a file over 10 MB", () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect(refusal(big)).toBe("The file is larger than 10 MB; a file may be at most 10 MB: split it into smaller files.");
  });

  it("more than 100,000 rows: the 100,001st is named", () => {
    // Three listings, so 100,001 rows fit in distinct past days.
    const day = (i: number) => new Date(Date.UTC(1930, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 100_001 }, (_, i) => `${["ASX,MWX", "NASDAQ,MWY", "ASX,MWZ"][i % 3]},${day(i)},1.2`);
    expect(refusal(`${PRICES}${rows.join("\n")}\n`)).toBe(
      "Line 100,002: a file may have at most 100,000 rows: split it into smaller files.",
    );
  });
});

describe("describeImport", () => {
  it("says what was written, singular and plural", () => {
    expect(describeImport({ closes: 120, quotes: 2, announcements: 5 })).toBe("Imported 120 closes, 2 quotes and 5 announcements.");
    expect(describeImport({ closes: 1, quotes: 1, announcements: 0 })).toBe("Imported 1 close, 1 quote and 0 announcements.");
  });
});
