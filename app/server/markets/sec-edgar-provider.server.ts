/**
 * PRODUCT.md "Markets", "SEC EDGAR provider": the `sec-edgar` provider, a US listing's recent filings as its
 * announcements, from the SEC's public JSON: the ticker's CIK from `company_tickers.json`, then the company's
 * submissions (`data.sec.gov/submissions/CIK##########.json`). The SEC publishes no prices, so it answers
 * announcements only. The SEC's fair-access rules: every request declares who makes it (a User-Agent with a
 * name and a contact address) and no more than 10 requests a second go out; both are kept here, per provider
 * instance (one per process).
 */
import { setTimeout as delay } from "node:timers/promises";

import { SEC_USER_AGENT_PATTERN } from "~/lib/markets";
import { z } from "~/lib/zod";

import { log } from "../log.server";
import type { Announcement, Listing, MarketProvider } from "./provider.server";

export const SEC_TICKERS_URL = "https://www.sec.gov/files/company_tickers.json";
const SUBMISSIONS_URL = "https://data.sec.gov/submissions";
const ARCHIVES_URL = "https://www.sec.gov/Archives/edgar/data";

/** The exchanges whose companies file with the SEC; any other listing gets no announcements and no request. */
const US_EXCHANGES = new Set(["NYSE", "NASDAQ", "OTC"]);

/** The SEC's limit is 10 requests a second: one request at most every 100 ms. */
const REQUEST_SPACING_MS = 100;
const TICKERS_LIFE_MS = 86_400_000;
/** The latest filings a listing shows (the demo provider's count too). */
const LATEST = 20;

/**
 * The items of Form 8-K (SEC Form 8-K General Instructions), in words, and whether a filing with the item
 * is price sensitive: events that change what the company is worth or may be (results, deals, debt, impairments,
 * a delisting, a restatement, a change of control or of the people who run it, a material cyber incident).
 * Not flagged: routine governance (by-laws, the ethics code, votes at a meeting), asset-backed securities'
 * items (6.xx), Regulation FD (7.01: mostly investor presentations), Other events (8.01: the catch-all,
 * dividends and notices as often as news) and the exhibits (9.01, present on most 8-Ks).
 */
export const FORM_8K_ITEMS: Record<string, { name: string; priceSensitive: boolean }> = {
  "1.01": { name: "Entry into a material definitive agreement", priceSensitive: true },
  "1.02": { name: "Termination of a material definitive agreement", priceSensitive: true },
  "1.03": { name: "Bankruptcy or receivership", priceSensitive: true },
  "1.04": { name: "Mine safety: reporting of shutdowns and patterns of violations", priceSensitive: false },
  "1.05": { name: "Material cybersecurity incidents", priceSensitive: true },
  "2.01": { name: "Completion of acquisition or disposition of assets", priceSensitive: true },
  "2.02": { name: "Results of operations and financial condition", priceSensitive: true },
  "2.03": { name: "Creation of a direct financial obligation or an off-balance sheet obligation", priceSensitive: true },
  "2.04": { name: "Triggering events that accelerate or increase a financial obligation", priceSensitive: true },
  "2.05": { name: "Costs associated with exit or disposal activities", priceSensitive: true },
  "2.06": { name: "Material impairments", priceSensitive: true },
  "3.01": { name: "Notice of delisting or failure to satisfy a listing rule; transfer of listing", priceSensitive: true },
  "3.02": { name: "Unregistered sales of equity securities", priceSensitive: true },
  "3.03": { name: "Material modification to rights of security holders", priceSensitive: false },
  "4.01": { name: "Changes in registrant's certifying accountant", priceSensitive: true },
  "4.02": { name: "Non-reliance on previously issued financial statements or an audit report", priceSensitive: true },
  "5.01": { name: "Changes in control of registrant", priceSensitive: true },
  "5.02": { name: "Departure or appointment of directors or officers; compensatory arrangements", priceSensitive: true },
  "5.03": { name: "Amendments to articles of incorporation or bylaws; change in fiscal year", priceSensitive: false },
  "5.04": { name: "Temporary suspension of trading under employee benefit plans", priceSensitive: false },
  "5.05": { name: "Amendments to the code of ethics, or waiver of a provision of the code of ethics", priceSensitive: false },
  "5.06": { name: "Change in shell company status", priceSensitive: true },
  "5.07": { name: "Submission of matters to a vote of security holders", priceSensitive: false },
  "5.08": { name: "Shareholder director nominations", priceSensitive: false },
  "6.01": { name: "ABS informational and computational material", priceSensitive: false },
  "6.02": { name: "Change of servicer or trustee", priceSensitive: false },
  "6.03": { name: "Change in credit enhancement or other external support", priceSensitive: false },
  "6.04": { name: "Failure to make a required distribution", priceSensitive: false },
  "6.05": { name: "Securities Act updating disclosure", priceSensitive: false },
  "6.06": { name: "Static pool", priceSensitive: false },
  "7.01": { name: "Regulation FD disclosure", priceSensitive: false },
  "8.01": { name: "Other events", priceSensitive: false },
  "9.01": { name: "Financial statements and exhibits", priceSensitive: false },
};

/**
 * The forms shown as announcements (their amendments, '/A', too), in words. Results are price sensitive
 * (10-K, 10-Q and the foreign issuers' 20-F and 40-F); an 8-K by its items. Not flagged: a 6-K (a foreign
 * issuer's current report carries no items, and is a routine notice as often as results), a registration
 * statement (the offering's terms come later, in an 8-K), holdings above 5 % (the demo's 'Becoming a
 * substantial holder' is not flagged either), the proxy statement, and any amendment of a periodic report
 * (mostly the part on directors' pay; a restatement comes with an 8-K item 4.02). Insider trades (3, 4, 5,
 * 144) and the many other forms are left out: the page shows a company's own news, not its paperwork.
 */
const FORMS: Record<string, { title: string; priceSensitive: boolean }> = {
  "8-K": { title: "Current report", priceSensitive: false },
  "10-Q": { title: "Quarterly report", priceSensitive: true },
  "10-K": { title: "Annual report", priceSensitive: true },
  "6-K": { title: "Report of a foreign private issuer", priceSensitive: false },
  "20-F": { title: "Annual report of a foreign private issuer", priceSensitive: true },
  "40-F": { title: "Annual report of a Canadian issuer", priceSensitive: true },
  "S-1": { title: "Registration statement", priceSensitive: false },
  // The SEC renamed the holdings schedules when they became structured data (December 2024).
  "SC 13D": { title: "Holding of more than 5 %, with intent to influence", priceSensitive: false },
  "SCHEDULE 13D": { title: "Holding of more than 5 %, with intent to influence", priceSensitive: false },
  "SC 13G": { title: "Holding of more than 5 %, passive", priceSensitive: false },
  "SCHEDULE 13G": { title: "Holding of more than 5 %, passive", priceSensitive: false },
  "DEF 14A": { title: "Proxy statement", priceSensitive: false },
};

/* ---------------------------------------------------------------------------------------------------- */
/* The SEC's answers                                                                                      */

const tickersSchema = z.record(
  z.string(),
  z.object({ cik_str: z.number().int().positive(), ticker: z.string().min(1), title: z.string() }),
);

/** Only the columns used; the SEC sends more. Each is one value per filing, newest filing first. */
const recentSchema = z
  .object({
    accessionNumber: z.array(z.string()),
    filingDate: z.array(z.string()),
    acceptanceDateTime: z.array(z.string()),
    form: z.array(z.string()),
    primaryDocument: z.array(z.string()),
    items: z.array(z.string()),
  })
  .refine((recent) => new Set(Object.values(recent).map((column) => column.length)).size === 1, {
    message: "the columns of filings.recent have different lengths",
  });
const submissionsSchema = z.object({ filings: z.object({ recent: recentSchema }) });
type Recent = z.infer<typeof recentSchema>;

/** One filing as the SEC lists it, checked: a row that breaks one of these is refused, not guessed at. */
const filingSchema = z.object({
  accessionNumber: z.string().regex(/^\d{10}-\d{2}-\d{6}$/, "not an accession number"),
  filingDate: z.iso.date(),
  acceptanceDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, "not a time"),
  form: z.string().min(1),
  // A file of the filing's folder, or one in a folder of its own (the structured forms' style sheets);
  // no '..' or other path that would lead outside the filing.
  primaryDocument: z.string().regex(/^[\w-][\w.-]*(\/[\w-][\w.-]*)?$/, "not a file of the filing"),
  items: z.string().regex(/^(\d{1,2}(\.\d{2})?(,\d{1,2}(\.\d{2})?)*)?$/, "not a list of items"),
});
type Filing = z.infer<typeof filingSchema>;

/* ---------------------------------------------------------------------------------------------------- */
/* When a filing was accepted                                                                             */

const newYorkClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** New York's wall clock at `time`, written as if it were UTC (milliseconds). */
function newYorkWall(time: number): number {
  const part = Object.fromEntries(newYorkClock.formatToParts(time).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The instant New York's clock reads `wall` (a wall-clock time written as if it were UTC). */
function fromNewYorkWall(wall: number): number {
  let time = wall + 5 * 3_600_000;
  for (let i = 0; i < 2; i++) time = wall - (newYorkWall(time) - time);
  return time;
}

const DAY_MS = 86_400_000;
const EDGAR_OPENS = 6 * 60;
const EDGAR_CLOSES = 22 * 60;
const FILING_DAY_ENDS = 17 * 60 + 30;
/** Forms filed up to 22:00 keep the day's filing date (Regulation S-T, Rule 13(a)(4)); others move on at 17:30. */
const LATE_SAME_DAY = /^(3|4|5|SC 13[DG]|SCHEDULE 13[DG])(\/A)?$/;
const NEXT_DAY_AFTER_1730 = /^(8-K|10-Q|10-K|6-K|20-F|40-F|S-1|DEF 14A)(\/A)?$/;

/**
 * Whether a filing accepted at `time` could carry its filing date: EDGAR accepts filings from 06:00 to 22:00
 * New York time; one accepted before 17:30 is dated that day, one after it the next business day (but for
 * the forms that keep the day until 22:00).
 */
function couldBeAccepted(time: number, filing: Pick<Filing, "filingDate" | "form">): boolean {
  const wall = newYorkWall(time);
  const minutes = Math.floor((wall % DAY_MS) / 60_000);
  if (minutes < EDGAR_OPENS || minutes > EDGAR_CLOSES) return false;
  const daysLater = (Date.parse(filing.filingDate) - (wall - (wall % DAY_MS))) / DAY_MS;
  if (daysLater < 0 || daysLater > 5) return false;
  if (minutes < FILING_DAY_ENDS) return daysLater === 0;
  if (LATE_SAME_DAY.test(filing.form)) return daysLater === 0;
  if (NEXT_DAY_AFTER_1730.test(filing.form)) return daysLater > 0;
  return true;
}

/**
 * When each filing was accepted. The SEC writes `acceptanceDateTime` with a 'Z', but for some filers it is
 * New York's clock, not UTC (read as UTC, an after-the-close results release would look mid-session). The
 * reading that EDGAR's hours and the filing date allow is taken; when both are possible, the one the same
 * filer's (the accession number's prefix) other filings show, else the one this company's filings show, else
 * UTC as written.
 */
export function acceptanceTimes(
  filings: readonly Pick<Filing, "accessionNumber" | "acceptanceDateTime" | "filingDate" | "form">[],
): Date[] {
  const readings = filings.map((filing) => {
    const asUtc = Date.parse(filing.acceptanceDateTime);
    const asNewYork = fromNewYorkWall(asUtc);
    return {
      filer: filing.accessionNumber.slice(0, 10),
      asUtc,
      asNewYork,
      utc: couldBeAccepted(asUtc, filing),
      newYork: couldBeAccepted(asNewYork, filing),
    };
  });
  const votes = new Map<string, number>();
  let overall = 0;
  for (const reading of readings) {
    const vote = reading.newYork && !reading.utc ? 1 : reading.utc && !reading.newYork ? -1 : 0;
    votes.set(reading.filer, (votes.get(reading.filer) ?? 0) + vote);
    overall += vote;
  }
  return readings.map((reading) => {
    if (reading.utc !== reading.newYork) return new Date(reading.utc ? reading.asUtc : reading.asNewYork);
    const lean = votes.get(reading.filer) || overall;
    return new Date(lean > 0 ? reading.asNewYork : reading.asUtc);
  });
}

/* ---------------------------------------------------------------------------------------------------- */
/* Filings as announcements                                                                               */

const baseForm = (form: string) => form.replace(/\/A$/, "");

/** '8-K: Results of operations and financial condition; Financial statements and exhibits'. */
function describe(filing: Filing): { title: string; priceSensitive: boolean } {
  const amendment = filing.form.endsWith("/A");
  const form = FORMS[baseForm(filing.form)]!;
  const items = filing.items ? filing.items.split(",") : [];
  if (baseForm(filing.form) === "8-K" && items.length > 0) {
    // Items the table does not know (the numbering before 2004: '5', '7') are named by number.
    const named = items.map((item) => FORM_8K_ITEMS[item] ?? { name: `Item ${item}`, priceSensitive: false });
    return {
      title: `${filing.form}: ${named.map((item) => item.name).join("; ")}`,
      priceSensitive: named.some((item) => item.priceSensitive),
    };
  }
  return { title: `${filing.form}: ${form.title}${amendment ? " (amendment)" : ""}`, priceSensitive: form.priceSensitive && !amendment };
}

function rowsOf(recent: Recent): unknown[] {
  return recent.accessionNumber.map((_, i) => ({
    accessionNumber: recent.accessionNumber[i],
    filingDate: recent.filingDate[i],
    acceptanceDateTime: recent.acceptanceDateTime[i],
    form: recent.form[i],
    primaryDocument: recent.primaryDocument[i],
    items: recent.items[i],
  }));
}

/**
 * The latest 20 filings of the shown forms, newest first. A malformed row is left out and logged; it never
 * becomes an announcement with a wrong date or a broken link.
 */
export function filingsToAnnouncements(cik: number, recent: Recent): Announcement[] {
  const filings: Filing[] = [];
  for (const row of rowsOf(recent)) {
    const parsed = filingSchema.safeParse(row);
    if (parsed.success) filings.push(parsed.data);
    else if (FORMS[baseForm(String((row as { form: unknown }).form))]) {
      log.warn("SEC EDGAR: a filing left out, malformed", { cik, row, problem: z.prettifyError(parsed.error) });
    }
  }
  const times = acceptanceTimes(filings);
  return filings
    .map((filing, i) => ({ filing, publishedAt: times[i]! }))
    .filter(({ filing }) => FORMS[baseForm(filing.form)] !== undefined)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.filing.accessionNumber.localeCompare(a.filing.accessionNumber))
    .slice(0, LATEST)
    .map(({ filing, publishedAt }) => ({
      externalId: filing.accessionNumber,
      ...describe(filing),
      publishedAt,
      url: `${ARCHIVES_URL}/${cik}/${filing.accessionNumber.replaceAll("-", "")}/${filing.primaryDocument}`,
      category: filing.form,
    }));
}

/* ---------------------------------------------------------------------------------------------------- */
/* The provider                                                                                           */

export interface SecEdgarOptions {
  /** Who makes the requests, as the SEC asks: 'Company Name admin@example.com'. */
  userAgent: string;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  /** Waits `ms` or until the signal aborts; a test passes one that moves its fake clock instead. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The SEC refuses requests without a name and a contact address in the User-Agent. */
export function checkUserAgent(userAgent: string): string {
  const trimmed = userAgent.trim();
  if (!SEC_USER_AGENT_PATTERN.test(trimmed)) {
    throw new Error(
      `The SEC EDGAR User-Agent must name the company and a contact address ('Company Name admin@example.com'), not '${userAgent}'`,
    );
  }
  return trimmed;
}

/** SEC tickers write a share class with '-' (BRK-B); ours may use '.'. */
const tickerKey = (ticker: string) => ticker.trim().toUpperCase().replaceAll(".", "-");

export function secEdgarProvider(options: SecEdgarOptions): MarketProvider {
  const userAgent = checkUserAgent(options.userAgent);
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const wait = options.wait ?? ((ms, signal) => delay(ms, undefined, { signal }));

  // Requests of this instance go out at least REQUEST_SPACING_MS apart: each takes the next free slot.
  let nextSlot = -Infinity;
  async function takeSlot(signal: AbortSignal) {
    signal.throwIfAborted();
    const at = now().getTime();
    const slot = Math.max(at, nextSlot);
    nextSlot = slot + REQUEST_SPACING_MS;
    if (slot > at) await wait(slot - at, signal);
  }

  async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
    await takeSlot(signal);
    const response = await fetch(url, {
      headers: { "User-Agent": userAgent, "Accept-Encoding": "gzip, deflate", Accept: "application/json" },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      const hint = response.status === 403 ? " (the SEC refuses requests without a declared User-Agent, or above 10 a second)" : "";
      throw new Error(`SEC EDGAR answered ${response.status} ${response.statusText} for ${url}${hint}`);
    }
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`SEC EDGAR answered ${url} with invalid JSON: ${(error as Error).message}`);
    }
  }

  async function getChecked<T>(url: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
    const parsed = schema.safeParse(await getJson(url, signal));
    if (!parsed.success) throw new Error(`SEC EDGAR answered ${url} with an unexpected shape: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  // Ticker → CIK, loaded once a day; calls during a load share it (and its first caller's signal: a load cut
  // short fails them all, and the next call loads again), and a failed load is not kept.
  let tickers: { loadedAt: number; ciks: Promise<Map<string, number>> } | null = null;
  function ciks(signal: AbortSignal): Promise<Map<string, number>> {
    const at = now().getTime();
    if (tickers && at - tickers.loadedAt < TICKERS_LIFE_MS) return tickers.ciks;
    const load = getChecked(SEC_TICKERS_URL, tickersSchema, signal).then((answer) => {
      const map = new Map<string, number>();
      for (const company of Object.values(answer))
        if (!map.has(tickerKey(company.ticker))) map.set(tickerKey(company.ticker), company.cik_str);
      return map;
    });
    const entry = { loadedAt: at, ciks: load };
    tickers = entry;
    load.catch(() => {
      if (tickers === entry) tickers = null;
    });
    return load;
  }

  return {
    name: "sec-edgar",
    async announcements(listing: Listing, signal: AbortSignal): Promise<Announcement[]> {
      if (!US_EXCHANGES.has(listing.exchange)) return [];
      const cik = (await ciks(signal)).get(tickerKey(listing.ticker));
      if (cik === undefined) return [];
      const url = `${SUBMISSIONS_URL}/CIK${String(cik).padStart(10, "0")}.json`;
      const submissions = await getChecked(url, submissionsSchema, signal);
      return filingsToAnnouncements(cik, submissions.filings.recent);
    },
  };
}
