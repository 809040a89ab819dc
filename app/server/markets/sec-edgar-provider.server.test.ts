import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { log } from "../log.server";
import type { Listing } from "./provider.server";
import { acceptanceTimes, checkUserAgent, FORM_8K_ITEMS, SEC_TICKERS_URL, secEdgarProvider } from "./sec-edgar-provider.server";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/sec-edgar");
const TICKERS = readFileSync(path.join(FIXTURES, "company_tickers.json"), "utf8");
const APPLE = readFileSync(path.join(FIXTURES, "CIK0000320193.json"), "utf8");
const APPLE_URL = "https://data.sec.gov/submissions/CIK0000320193.json";
const USER_AGENT = "MarketWire Media ops@marketwire.example";
const AAPL: Listing = { companyId: "c-aapl", ticker: "AAPL", exchange: "NASDAQ" };
/** A company with no recent filing (the SEC's shape, every column empty). */
const NO_FILINGS = JSON.stringify({
  cik: "789019",
  filings: { recent: { accessionNumber: [], filingDate: [], acceptanceDateTime: [], form: [], primaryDocument: [], items: [] }, files: [] },
});

/* The recorded answers, from a local server that stands in for www.sec.gov and data.sec.gov ---------- */

type Answer = (res: http.ServerResponse) => void;
const json =
  (body: string): Answer =>
  (res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
    res.end(gzipSync(body));
  };

/** What the server received: the SEC address asked for and the request's own headers. */
let received: { url: string; userAgent: string | undefined; acceptEncoding: string | undefined }[] = [];
let answers: Record<string, Answer> = {};
let held: http.ServerResponse[] = [];
let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url!.replace(/^\/www\//, "https://www.sec.gov/").replace(/^\/data\//, "https://data.sec.gov/");
    received.push({ url, userAgent: req.headers["user-agent"], acceptEncoding: req.headers["accept-encoding"] });
    const answer = answers[url];
    if (answer) return answer(res);
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  answers = { [SEC_TICKERS_URL]: json(TICKERS), [APPLE_URL]: json(APPLE) };
});
afterEach(() => {
  for (const res of held) res.destroy();
  held = [];
});

/**
 * A clock that moves only when the provider waits for its next request slot, and a fetch that sends the
 * SEC's addresses to the local server and notes when (on that clock) each request went out.
 */
function harness() {
  const start = Date.parse("2026-12-07T15:00:00Z");
  let time = start;
  const sent: { url: string; at: number }[] = [];
  const provider = secEdgarProvider({
    userAgent: USER_AGENT,
    now: () => new Date(time),
    // Each wait ends on its own turn of the event loop, so the request it let through is noted before the next wait ends.
    wait: (ms, signal) => {
      const until = time + ms;
      return new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          if (signal.aborted) return reject(signal.reason as Error);
          time = Math.max(time, until);
          resolve();
        }),
      );
    },
    fetch: (input, init) => {
      const url = String(input);
      sent.push({ url, at: time - start });
      return globalThis.fetch(url.replace("https://www.sec.gov/", `${base}/www/`).replace("https://data.sec.gov/", `${base}/data/`), init);
    },
  });
  return { provider, sent, setClock: (msAfterStart: number) => (time = start + msAfterStart) };
}

const signal = () => new AbortController().signal;
const iso = (date: Date) => date.toISOString();

describe("sec-edgar provider", () => {
  it("turns Apple's recent filings into its latest 20 announcements, newest first, with the 8-K items in words", async () => {
    const { provider } = harness();
    const announcements = await provider.announcements!(AAPL, signal());

    const doc = (accession: string, file: string) =>
      `https://www.sec.gov/Archives/edgar/data/320193/${accession.replaceAll("-", "")}/${file}`;
    const results = "8-K: Results of operations and financial condition; Financial statements and exhibits";
    // Apple's times are New York's clock written with a 'Z' (its 10-Qs at 06:01, before EDGAR opens in UTC):
    // the 16:30 results releases are after the close, 20:30 UTC in summer and 21:30 in winter.
    expect(announcements.map((a) => [a.externalId, a.title, a.category, a.priceSensitive, iso(a.publishedAt), a.url])).toEqual([
      [
        "0000320193-25-000079",
        "10-K: Annual report",
        "10-K",
        true,
        "2025-10-31T10:01:31.000Z",
        doc("0000320193-25-000079", "aapl-20250927.htm"),
      ],
      ["0000320193-25-000077", results, "8-K", true, "2025-10-30T20:30:39.000Z", doc("0000320193-25-000077", "aapl-20251030.htm")],
      [
        "0000320193-25-000073",
        "10-Q: Quarterly report",
        "10-Q",
        true,
        "2025-08-01T10:01:18.000Z",
        doc("0000320193-25-000073", "aapl-20250628.htm"),
      ],
      ["0000320193-25-000071", results, "8-K", true, "2025-07-31T20:30:27.000Z", doc("0000320193-25-000071", "aapl-20250731.htm")],
      [
        "0001193125-25-112356",
        "8-K: Other events; Financial statements and exhibits",
        "8-K",
        false,
        "2025-05-12T20:31:05.000Z",
        doc("0001193125-25-112356", "d945632d8k.htm"),
      ],
      // Vanguard's 19:12 filing, in UTC (23:12 in New York is after EDGAR closes).
      [
        "0000102909-25-004475",
        "SCHEDULE 13G/A: Holding of more than 5 %, passive (amendment)",
        "SCHEDULE 13G/A",
        false,
        "2025-05-06T23:12:07.000Z",
        doc("0000102909-25-004475", "xslSCHEDULE_13G_X01/primary_doc.xml"),
      ],
      [
        "0000320193-25-000057",
        "10-Q: Quarterly report",
        "10-Q",
        true,
        "2025-05-02T10:01:14.000Z",
        doc("0000320193-25-000057", "aapl-20250329.htm"),
      ],
      ["0000320193-25-000055", results, "8-K", true, "2025-05-01T20:30:31.000Z", doc("0000320193-25-000055", "aapl-20250501.htm")],
      [
        "0000320193-25-000041",
        "8-K: Submission of matters to a vote of security holders",
        "8-K",
        false,
        "2025-02-25T21:32:03.000Z",
        doc("0000320193-25-000041", "aapl-20250225.htm"),
      ],
      [
        "0000320193-25-000008",
        "10-Q: Quarterly report",
        "10-Q",
        true,
        "2025-01-31T11:01:32.000Z",
        doc("0000320193-25-000008", "aapl-20241228.htm"),
      ],
      ["0000320193-25-000007", results, "8-K", true, "2025-01-30T21:30:35.000Z", doc("0000320193-25-000007", "aapl-20250130.htm")],
      [
        "0001308179-25-000008",
        "DEF 14A: Proxy statement",
        "DEF 14A",
        false,
        "2025-01-10T21:05:21.000Z",
        doc("0001308179-25-000008", "laapl2025_def14a.htm"),
      ],
      [
        "0000320193-24-000123",
        "10-K: Annual report",
        "10-K",
        true,
        "2024-11-01T10:01:36.000Z",
        doc("0000320193-24-000123", "aapl-20240928.htm"),
      ],
      ["0000320193-24-000120", results, "8-K", true, "2024-10-31T20:30:33.000Z", doc("0000320193-24-000120", "aapl-20241031.htm")],
      [
        "0000320193-24-000105",
        "8-K: Departure or appointment of directors or officers; compensatory arrangements; Financial statements and exhibits",
        "8-K",
        true,
        "2024-08-26T20:06:16.000Z",
        doc("0000320193-24-000105", "aapl-20240823.htm"),
      ],
      [
        "0000320193-24-000081",
        "10-Q: Quarterly report",
        "10-Q",
        true,
        "2024-08-02T10:02:15.000Z",
        doc("0000320193-24-000081", "aapl-20240629.htm"),
      ],
      ["0000320193-24-000080", results, "8-K", true, "2024-08-01T20:30:44.000Z", doc("0000320193-24-000080", "aapl-20240801.htm")],
      [
        "0000320193-24-000069",
        "10-Q: Quarterly report",
        "10-Q",
        true,
        "2024-05-03T10:01:22.000Z",
        doc("0000320193-24-000069", "aapl-20240330.htm"),
      ],
      [
        "0000320193-24-000067",
        "8-K: Results of operations and financial condition; Other events; Financial statements and exhibits",
        "8-K",
        true,
        "2024-05-02T20:30:50.000Z",
        doc("0000320193-24-000067", "aapl-20240502.htm"),
      ],
      [
        "0000320193-24-000032",
        "8-K: Submission of matters to a vote of security holders",
        "8-K",
        false,
        "2024-02-28T21:31:12.000Z",
        doc("0000320193-24-000032", "aapl-20240228.htm"),
      ],
    ]);
    // Left out: insider forms (4, 144), the proxy's extra material (DEFA14A), and what is older than the 20th
    // (Vanguard's 13G/A of February 2024, the 10-Q and the 8-K before it).
    const ids = announcements.map((a) => a.externalId);
    for (const id of [
      "0000320193-25-000076",
      "0001921094-25-001012",
      "0001308179-25-000009",
      "0000102909-24-000233",
      "0000320193-24-000005",
    ]) {
      expect(ids).not.toContain(id);
    }
  });

  it("declares its User-Agent and asks for compressed answers on every request", async () => {
    const { provider, sent } = harness();
    answers["https://data.sec.gov/submissions/CIK0000789019.json"] = json(NO_FILINGS);
    await provider.announcements!(AAPL, signal());
    expect(await provider.announcements!({ ...AAPL, ticker: "MSFT" }, signal())).toEqual([]);

    expect(sent.map((request) => request.url)).toEqual([SEC_TICKERS_URL, APPLE_URL, "https://data.sec.gov/submissions/CIK0000789019.json"]);
    expect(received).toEqual(sent.map(({ url }) => ({ url, userAgent: USER_AGENT, acceptEncoding: "gzip, deflate" })));
  });

  it("sends a burst of requests at most 10 a second, 100 ms apart", async () => {
    const { provider, sent } = harness();
    const listings = Array.from({ length: 14 }, (_, i) => ({ ...AAPL, companyId: `c-${i}` }));
    const answered = await Promise.all(listings.map((listing) => provider.announcements!(listing, signal())));

    expect(answered.map((announcements) => announcements.length)).toEqual(listings.map(() => 20));
    // One tickers list for all (the calls share its load), then one submissions request per listing.
    expect(sent.map((request) => request.url)).toEqual([SEC_TICKERS_URL, ...listings.map(() => APPLE_URL)]);
    expect(sent.map((request) => request.at)).toEqual(Array.from({ length: 15 }, (_, i) => i * 100));
    const busiestSecond = Math.max(
      ...sent.map((request) => sent.filter((other) => other.at >= request.at && other.at < request.at + 1000).length),
    );
    expect(busiestSecond).toBe(10);
  });

  it("keeps the ticker list for a day", async () => {
    const { provider, sent, setClock } = harness();
    answers["https://data.sec.gov/submissions/CIK0001067983.json"] = json(NO_FILINGS);
    await provider.announcements!(AAPL, signal());
    // The list was loaded at 0 on the clock.
    setClock(86_400_000 - 1);
    expect(await provider.announcements!({ ...AAPL, ticker: "BRK.B", exchange: "NYSE" }, signal())).toEqual([]);
    setClock(86_400_000);
    await provider.announcements!(AAPL, signal());

    expect(sent.map((request) => request.url)).toEqual([
      SEC_TICKERS_URL,
      APPLE_URL,
      // BRK.B is BRK-B at the SEC.
      "https://data.sec.gov/submissions/CIK0001067983.json",
      SEC_TICKERS_URL,
      APPLE_URL,
    ]);
  });

  it("answers nothing, with no request, for a listing outside the US", async () => {
    const { provider, sent } = harness();
    expect(await provider.announcements!({ companyId: "c-bhp", ticker: "BHP", exchange: "ASX" }, signal())).toEqual([]);
    expect(await provider.announcements!({ ...AAPL, exchange: "LSE" }, signal())).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("answers nothing for a ticker the SEC does not know, after asking only for the ticker list", async () => {
    const { provider, sent } = harness();
    expect(await provider.announcements!({ ...AAPL, ticker: "ZZZZ" }, signal())).toEqual([]);
    expect(sent.map((request) => request.url)).toEqual([SEC_TICKERS_URL]);
  });

  it("throws a clear error for a refusal, a server error, invalid JSON and an unexpected shape", async () => {
    const plain =
      (status: number, body: string): Answer =>
      (res) => {
        res.writeHead(status, { "Content-Type": "text/html" });
        res.end(body);
      };

    answers[SEC_TICKERS_URL] = plain(403, "<h1>Your Request Originates from an Undeclared Automated Tool</h1>");
    await expect(harness().provider.announcements!(AAPL, signal())).rejects.toThrow(
      "SEC EDGAR answered 403 Forbidden for https://www.sec.gov/files/company_tickers.json (the SEC refuses requests without a declared User-Agent, or above 10 a second)",
    );

    answers[SEC_TICKERS_URL] = json(TICKERS);
    answers[APPLE_URL] = plain(500, "Internal Server Error");
    await expect(harness().provider.announcements!(AAPL, signal())).rejects.toThrow(
      "SEC EDGAR answered 500 Internal Server Error for https://data.sec.gov/submissions/CIK0000320193.json",
    );

    answers[APPLE_URL] = json(APPLE.slice(0, 2000));
    await expect(harness().provider.announcements!(AAPL, signal())).rejects.toThrow(
      /^SEC EDGAR answered https:\/\/data\.sec\.gov\/submissions\/CIK0000320193\.json with invalid JSON: /,
    );

    answers[APPLE_URL] = json(APPLE.replace('"form":[', '"form":["10-K",'));
    await expect(harness().provider.announcements!(AAPL, signal())).rejects.toThrow(
      "SEC EDGAR answered https://data.sec.gov/submissions/CIK0000320193.json with an unexpected shape: ✖ the columns of filings.recent have different lengths",
    );

    answers[SEC_TICKERS_URL] = json('{"0":{"cik_str":"320193","ticker":"AAPL","title":"Apple Inc."}}');
    await expect(harness().provider.announcements!(AAPL, signal())).rejects.toThrow(
      "SEC EDGAR answered https://www.sec.gov/files/company_tickers.json with an unexpected shape: ✖ Invalid input: expected number, received string\n  → at 0.cik_str",
    );
  });

  it("does not keep a failed ticker list: the next call asks again", async () => {
    const { provider, sent } = harness();
    answers[SEC_TICKERS_URL] = (res) => {
      res.writeHead(503);
      res.end();
    };
    await expect(provider.announcements!(AAPL, signal())).rejects.toThrow("SEC EDGAR answered 503");
    answers[SEC_TICKERS_URL] = json(TICKERS);
    expect(await provider.announcements!(AAPL, signal())).toHaveLength(20);
    expect(sent.map((request) => request.url)).toEqual([SEC_TICKERS_URL, SEC_TICKERS_URL, APPLE_URL]);
  });

  it("leaves out a malformed filing and logs it, rather than showing a wrong date or a broken link", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      const broken = APPLE.replace('"aapl-20250927.htm"', '"../../../x.htm"').replace('"2025-10-30T16:30:39.000Z"', '"30/10/2025 16:30"');
      answers[APPLE_URL] = json(broken);
      const announcements = await harness().provider.announcements!(AAPL, signal());

      expect(announcements.map((a) => a.externalId).slice(0, 3)).toEqual([
        "0000320193-25-000073",
        "0000320193-25-000071",
        "0001193125-25-112356",
      ]);
      expect(announcements).toHaveLength(20);
      expect(
        warn.mock.calls.map(([message, fields]) => [message, (fields as { row: { accessionNumber: string } }).row.accessionNumber]),
      ).toEqual([
        ["SEC EDGAR: a filing left out, malformed", "0000320193-25-000079"],
        ["SEC EDGAR: a filing left out, malformed", "0000320193-25-000077"],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("rejects when its signal aborts: before a request, and during one", async () => {
    const { provider, sent } = harness();
    const aborted = new AbortController();
    aborted.abort(new Error("refresh timed out"));
    await expect(provider.announcements!(AAPL, aborted.signal)).rejects.toThrow("refresh timed out");
    expect(sent).toEqual([]);

    let arrived: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    answers[SEC_TICKERS_URL] = (res) => {
      held.push(res);
      arrived();
    };
    const during = new AbortController();
    const call = provider.announcements!(AAPL, during.signal);
    await requestArrived;
    during.abort(new Error("refresh timed out"));
    await expect(call).rejects.toThrow("refresh timed out");
  });

  it("stops waiting for its request slot when its signal aborts (the real wait)", async () => {
    // The clock stands still: after the first call's two requests, the next slot is 200 ms away.
    const at = new Date("2026-12-07T15:00:00Z");
    const urls: string[] = [];
    const provider = secEdgarProvider({
      userAgent: USER_AGENT,
      now: () => at,
      fetch: (input, init) => {
        urls.push(String(input));
        return globalThis.fetch(
          String(input).replace("https://www.sec.gov/", `${base}/www/`).replace("https://data.sec.gov/", `${base}/data/`),
          init,
        );
      },
    });
    await provider.announcements!(AAPL, signal());
    // The ticker list is kept, so the call goes straight to its wait; the abort comes during it.
    const call = provider.announcements!(AAPL, AbortSignal.timeout(20));
    await expect(call).rejects.toThrow("The operation was aborted");
    expect(urls).toEqual([SEC_TICKERS_URL, APPLE_URL]);
  });

  it("refuses a User-Agent without a name and a contact address", () => {
    expect(checkUserAgent(" MarketWire Media ops@marketwire.example ")).toBe("MarketWire Media ops@marketwire.example");
    for (const bad of ["", "MarketWire", "ops@marketwire.example", "MarketWire Media ops"]) {
      expect(() => secEdgarProvider({ userAgent: bad })).toThrow("The SEC EDGAR User-Agent must name the company and a contact address");
    }
  });
});

describe("acceptance times", () => {
  const filing = (accessionNumber: string, acceptanceDateTime: string, filingDate: string, form = "8-K") => ({
    accessionNumber,
    acceptanceDateTime,
    filingDate,
    form,
  });

  it("reads the time as UTC or as New York's clock, whichever EDGAR's hours and the filing date allow", () => {
    const times = acceptanceTimes([
      // 07:30 'Z' read as UTC is 03:30 in New York, before EDGAR opens: New York's clock.
      filing("0000000001-25-000001", "2025-04-30T07:30:32.000Z", "2025-04-30"),
      // 01:10 'Z' read as New York's clock is before EDGAR opens: UTC (21:10 the day before, dated the next day).
      filing("0000000002-25-000001", "2025-05-01T01:10:00.000Z", "2025-05-01"),
      // 18:40 'Z' as New York's clock would be after 17:30 and so dated the next day; dated the same day: UTC.
      filing("0000000003-25-000001", "2025-05-01T18:40:00.000Z", "2025-05-01"),
      // Either could be; its filer has no other filing, and the company's lean UTC, two to one.
      filing("0000000004-25-000001", "2025-05-01T15:00:00.000Z", "2025-05-01"),
    ]);
    expect(times.map(iso)).toEqual([
      "2025-04-30T11:30:32.000Z",
      "2025-05-01T01:10:00.000Z",
      "2025-05-01T18:40:00.000Z",
      "2025-05-01T15:00:00.000Z",
    ]);
  });

  it("settles a time that could be either by the same filer's other filings, else by the company's", () => {
    const times = acceptanceTimes([
      filing("0000000001-25-000001", "2025-01-31T06:01:00.000Z", "2025-01-31", "10-Q"),
      filing("0000000001-25-000002", "2025-01-30T16:30:00.000Z", "2025-01-30"),
      filing("0000000002-25-000001", "2025-01-29T23:00:00.000Z", "2025-01-29", "4"),
      filing("0000000002-25-000002", "2025-01-28T16:30:00.000Z", "2025-01-28", "4"),
      filing("0000000003-25-000001", "2025-01-27T16:30:00.000Z", "2025-01-27"),
    ]);
    expect(times.map(iso)).toEqual([
      "2025-01-31T11:01:00.000Z",
      "2025-01-30T21:30:00.000Z",
      "2025-01-29T23:00:00.000Z",
      "2025-01-28T16:30:00.000Z",
      // Its filer has no other filing; the company's lean one each way (+1 and −1): UTC as written.
      "2025-01-27T16:30:00.000Z",
    ]);
  });

  it("names every item of Form 8-K", () => {
    expect(Object.keys(FORM_8K_ITEMS)).toEqual([
      ...["1.01", "1.02", "1.03", "1.04", "1.05"],
      ...["2.01", "2.02", "2.03", "2.04", "2.05", "2.06"],
      ...["3.01", "3.02", "3.03", "4.01", "4.02"],
      ...["5.01", "5.02", "5.03", "5.04", "5.05", "5.06", "5.07", "5.08"],
      ...["6.01", "6.02", "6.03", "6.04", "6.05", "6.06", "7.01", "8.01", "9.01"],
    ]);
  });
});
