/**
 * Page benchmark: `npm run bench` (docs/PERFORMANCE.md, "Page benchmark").
 *
 * Builds the app into its own folder, starts the production server (package.json "start") on a fresh
 * database with the demo content (embedded PGlite in a temporary folder; with DATABASE_URL a new
 * database on that PostgreSQL server), and loads it with autocannon, sending `Accept-Encoding: br, gzip`
 * like a browser:
 *
 * - a static asset of about the home page's size (the baseline: express.static + compression), `/`,
 *   `/videos`, a video, a podcast, an article, `/search?q=market`, a video's embed page and `/api/v1/items`,
 *   at each connection count;
 * - a search mix: distinct queries (bench/search-mix.ts) taken round-robin by all connections.
 *
 * First with the page cache on (the default), then, on a second server over the same data, with
 * PAGE_CACHE=off. Prints one table (req/s, p50, p99 and each page's req/s as a share of the static
 * asset's at the same connection count, on the same server) and writes it into docs/PERFORMANCE.md
 * between `<!-- bench:start -->` and `<!-- bench:end -->`.
 *
 * Between the two servers, a client company with 200 items and 90 days of figures is written into the database
 * (bench/client-report.ts), and the second server also times its report page (PRODUCT.md "Client reports"): one
 * request at a time, signed in as the admin, median and p95 against the issue's 2 s, then its CSV and PDF once.
 * That goes into docs/PERFORMANCE.md between `<!-- bench-report:start -->` and `<!-- bench-report:end -->`.
 *
 * Options (environment): BENCH_DURATION (seconds per measurement, default 8), BENCH_CONNECTIONS
 * (comma-separated, default 10,50), BENCH_SEARCH_CONNECTIONS (default 10), BENCH_PORT (default 4300),
 * BENCH_BUILD_DIR (default build-bench), BENCH_SKIP_BUILD=1 (reuse that build), BENCH_NO_WRITE=1 (do
 * not touch docs/PERFORMANCE.md), BENCH_VERBOSE=1 (echo the server's output), DATABASE_URL,
 * BENCH_ONLY=report (only the client report: one server, no load runs), BENCH_REPORT_SAMPLES (page loads
 * timed, default 20).
 */
import path from "node:path";
import autocannon from "autocannon";

import { DEMO_COMPANIES } from "~/server/seed/catalogue/companies";

import {
  buildApp,
  envNumber,
  findPages,
  freshDatabase,
  get,
  machine,
  markdownTable,
  ROOT,
  runMain,
  startServer,
  waitFor,
  writeDocSection,
  type Server,
} from "./app-server";
import {
  measureReport,
  REPORT_DAYS,
  REPORT_ITEMS,
  REPORT_TARGET_MS,
  seedReportClient,
  type ReportSeed,
  type ReportTimes,
} from "./client-report";
import { BROWSER_HEADERS, kb, loadRun, ms, perSecond, pickAsset } from "./load";
import { searchMix } from "./search-mix";

const DURATION = envNumber("BENCH_DURATION", 8);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || "10,50").split(",").map((value) => {
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_CONNECTIONS must list positive integers, not ${JSON.stringify(value)}`);
  return n;
});
const SEARCH_CONNECTIONS = envNumber("BENCH_SEARCH_CONNECTIONS", 10);
const REPORT_SAMPLES = envNumber("BENCH_REPORT_SAMPLES", 20);
const ONLY = process.env.BENCH_ONLY ?? "";
if (ONLY !== "" && ONLY !== "report") throw new Error(`BENCH_ONLY can only be "report", not ${JSON.stringify(ONLY)}`);
const PORT = envNumber("BENCH_PORT", 4300);
const WARM_UP_SECONDS = 2;
const HEADERS = BROWSER_HEADERS;
const DOC = path.join(ROOT, "docs/PERFORMANCE.md");

interface Target {
  name: string;
  path: string;
  static?: boolean;
}

interface Measurement {
  target: string;
  cache: "on" | "off";
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number;
  /** X-Cache header values seen during the run, with counts. */
  xCache: Map<string, number>;
  static?: boolean;
}

/** One run of `paths` (each connection cycling through them, or all taking the next one in turn). */
async function measure(
  origin: string,
  options: { connections: number; duration: number; paths: string[]; roundRobin?: boolean },
): Promise<Omit<Measurement, "target" | "cache" | "static">> {
  let next = 0;
  const requests: autocannon.Request[] = options.roundRobin
    ? // One shared counter: every request, from any connection, takes the next path.
      [{ setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] }) }]
    : options.paths.map((p) => ({ path: p }));
  const { connections, rps, p50, p99, failures, xCache } = await loadRun(origin, { ...options, requests });
  return { connections, rps, p50, p99, failures, xCache };
}

/** Checks a target answers 200 and returns what it sends. */
async function probe(origin: string, target: Target) {
  const response = await get(`${origin}${target.path}`, HEADERS);
  if (response.status !== 200) throw new Error(`${target.name} (${target.path}) answered ${response.status}`);
  return response;
}

async function measureServer(server: Server, cache: "on" | "off", targets: Target[], searchPaths: string[]): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const target of targets) await probe(server.origin, target);
  // JIT, database and (with the cache on) page cache warm-up: every target, round-robin.
  await measure(server.origin, { connections: 10, duration: WARM_UP_SECONDS, paths: targets.map((t) => t.path), roundRobin: true });
  for (const target of targets) {
    for (const connections of CONNECTIONS) {
      await probe(server.origin, target);
      const m = await measure(server.origin, { connections, duration: DURATION, paths: [target.path] });
      results.push({ ...m, target: target.name, cache, static: target.static });
      console.info(`  ${line(results.at(-1)!)}`);
    }
  }
  const m = await measure(server.origin, { connections: SEARCH_CONNECTIONS, duration: DURATION, paths: searchPaths, roundRobin: true });
  results.push({ ...m, target: `search mix (${searchPaths.length} queries)`, cache });
  console.info(`  ${line(results.at(-1)!)}`);
  return results;
}

// ---------------------------------------------------------------------------------------------------
// Formatting.

const rps = perSecond;

function xCacheText(counts: Map<string, number>): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return "–";
  const entries = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (entries.length === 1 && entries[0]![0] === "none") return "–";
  // The usual answer by name, the others by count: "HIT (12 STALE)".
  const [first, ...others] = entries;
  return others.length ? `${first![0]} (${others.map(([name, count]) => `${count} ${name}`).join(", ")})` : first![0];
}

function line(m: Measurement) {
  return `${m.target} cache=${m.cache} c=${m.connections}: ${rps(m.rps)} req/s, p50 ${ms(m.p50)}, p99 ${ms(m.p99)}${m.failures ? `, ${m.failures} failed` : ""}`;
}

function resultTable(results: Measurement[]): string {
  const baseline = (m: Measurement) => results.find((r) => r.static && r.cache === m.cache && r.connections === m.connections);
  const rows = results.map((m) => {
    const base = baseline(m);
    const share = m.static ? "100%" : base ? `${((100 * m.rps) / base.rps).toFixed(m.rps / base.rps < 0.1 ? 1 : 0)}%` : "–";
    return [m.target, m.cache, String(m.connections), rps(m.rps), ms(m.p50), ms(m.p99), share, xCacheText(m.xCache), String(m.failures)];
  });
  return markdownTable(["target", "page cache", "connections", "req/s", "p50", "p99", "share of static req/s", "X-Cache", "failed"], rows, [
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    false,
    true,
  ]);
}

// ---------------------------------------------------------------------------------------------------
// The client report (bench/client-report.ts).

function reportSection(
  seed: ReportSeed,
  times: ReportTimes,
  run: { startedAt: Date; command: string; loadAtStart: string; loadAtEnd: string; database: string },
) {
  const host = machine();
  const under = times.p95 < REPORT_TARGET_MS;
  const minutes = ((Date.now() - run.startedAt.getTime()) / 60_000).toFixed(1);
  const n = (value: number) => value.toLocaleString("en-US");
  const table = markdownTable(
    ["request", "samples", "median", "p95", "max", "size", `under ${REPORT_TARGET_MS / 1000} s`],
    [
      [
        "report page (HTML)",
        String(times.samples),
        ms(times.median),
        ms(times.p95),
        ms(times.max),
        `${kb(times.pageBytes.sent)} ${times.pageBytes.encoding}`,
        under ? "yes" : "**NO**",
      ],
      ["report CSV", "1", ms(times.csv.ms), "–", "–", kb(times.csv.bytes), times.csv.ms < REPORT_TARGET_MS ? "yes" : "no"],
      ["report PDF", "1", ms(times.pdf.ms), "–", "–", kb(times.pdf.bytes), times.pdf.ms < REPORT_TARGET_MS ? "yes" : "no"],
    ],
    [false, true, true, true, true, true, false],
  );
  return [
    `**Run recorded**: ${run.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, \`${run.command}\`, ${minutes} min.`,
    `${host.cores} cores (${host.cpu}), Node ${host.node}; load average ${run.loadAtStart} at the start, ${run.loadAtEnd} at the end. Database: ${run.database}.`,
    `The client: ${seed.items} published items naming it (${REPORT_ITEMS.video} videos, ${REPORT_ITEMS.podcast} podcasts, ${REPORT_ITEMS.interview} interviews, a quarter of these paid), ${REPORT_DAYS} days up to today: ${n(seed.rows.stats)} daily figures, ${n(seed.rows.audience)} audience rows, ${n(seed.rows.downloads)} IAB downloads; written in ${seed.seconds.toFixed(1)} s (\`bench/client-report.ts\`). Period: ${seed.period.from} to ${seed.period.to}.`,
    `Each request signed in as the admin, one at a time, \`Accept-Encoding: br, gzip\`, timed to the last byte; the page ${times.samples} times after two warm-ups (its loader's statements and the server render of the totals, chart, tables and register), the CSV and the PDF once each. The issue's target: the page in under ${REPORT_TARGET_MS / 1000} s for 200 items (judged on the p95).`,
    "",
    table,
  ].join("\n");
}

function writeReport(section: string) {
  console.info(`\n${section}\n`);
  if (process.env.BENCH_NO_WRITE === "1") console.info("BENCH_NO_WRITE=1: docs/PERFORMANCE.md left as it is.");
  else writeDocSection(DOC, "bench-report", "## Client report benchmark (npm run bench)", section);
}

/** BENCH_ONLY=report: one server, the client written in while it is stopped, the report timed. */
async function reportOnly() {
  const host = machine();
  const startedAt = new Date();
  const loadAtStart = host.load();
  await buildApp();
  const database = await freshDatabase();
  // The first start migrates and seeds the demo content; the client is written in while the server is stopped.
  let server = await startServer({ port: PORT, database, pageCache: true });
  await server.stop();
  const seed = await seedReportClient(database);
  server = await startServer({ port: PORT, database, pageCache: true });
  const times = await measureReport(server.origin, seed, REPORT_SAMPLES);
  await server.stop();
  writeReport(
    reportSection(seed, times, {
      startedAt,
      command: `BENCH_ONLY=report ${database.kind === "postgres" ? "DATABASE_URL=… " : ""}npm run bench`,
      loadAtStart,
      loadAtEnd: host.load(),
      database: database.kind === "pglite" ? "embedded PGlite" : database.label.replace(/ \(database .*\)$/, ""),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  if (ONLY === "report") return reportOnly();
  const host = machine();
  const startedAt = new Date();
  const loadAtStart = host.load();
  console.info(`Page benchmark: ${host.cores} cores (${host.cpu}), Node ${host.node}, load average ${loadAtStart}`);
  console.info(`${DURATION} s per measurement, connections ${CONNECTIONS.join(" and ")}, search mix at ${SEARCH_CONNECTIONS}`);

  await buildApp();
  const database = await freshDatabase();
  let server = await startServer({ port: PORT, database, pageCache: true });

  const pages = await findPages(server.origin);
  const home = await get(`${server.origin}/`, { "accept-encoding": "identity" });
  const homeBr = await get(`${server.origin}/`, HEADERS);
  const asset = pickAsset(home.body.length);
  const mix = searchMix();
  const searchPaths = mix.queries.map((q) => `/search?${new URLSearchParams({ q })}`);
  const targets: Target[] = [
    { name: "static asset", path: `/assets/${asset.file}`, static: true },
    { name: "home", path: "/" },
    { name: "videos list", path: "/videos" },
    { name: "video", path: pages.video },
    { name: "podcast", path: pages.podcast },
    { name: "article", path: pages.article },
    { name: "search", path: "/search?q=market" },
    // PRODUCT.md "Embeds": what another site's page frames, kept by the page cache like a page.
    { name: "video embed", path: pages.video.replace(/^\/video\//, "/embed/videos/") },
    // PRODUCT.md "Content API": the first page of items, JSON answered for every request.
    { name: "api items", path: "/api/v1/items" },
    // PRODUCT.md "Markets": a company page with its market block (price, chart, announcements).
    { name: "company", path: `/companies/${DEMO_COMPANIES[0]!.slug}` },
  ];
  await waitFor("the demo prices on the company page", async () =>
    (await get(`${server.origin}/companies/${DEMO_COMPANIES[0]!.slug}`, {})).body
      .toString("utf8")
      .includes('aria-labelledby="market-heading"'),
  );
  const sizes: string[][] = [];
  for (const target of targets) {
    const plain = await get(`${server.origin}${target.path}`, { "accept-encoding": "identity" });
    const sent = await probe(server.origin, target);
    sizes.push([
      target.name,
      `\`${target.path}\``,
      kb(plain.body.length),
      `${kb(sent.body.length)} ${sent.headers["content-encoding"] ?? "identity"}`,
    ]);
  }
  console.info(
    `Static asset: ${asset.file} (${kb(asset.bytes)}); home page HTML ${kb(home.body.length)} (${kb(homeBr.body.length)} ${homeBr.headers["content-encoding"] ?? "identity"})`,
  );

  console.info("\nPage cache on:");
  const results = await measureServer(server, "on", targets, searchPaths);
  await server.stop();

  // The report's client is written in while no server holds the database (PGlite is one process's).
  const seed = await seedReportClient(database);
  server = await startServer({ port: PORT, database, pageCache: false });
  console.info("\nPage cache off:");
  results.push(...(await measureServer(server, "off", targets, searchPaths)));
  console.info("\nClient report:");
  const reportTimes = await measureReport(server.origin, seed, REPORT_SAMPLES);
  await server.stop();

  // Cache on and off side by side for each target.
  const order = (m: Measurement) => (m.target.startsWith("search mix") ? targets.length : targets.findIndex((t) => t.name === m.target));
  results.sort((a, b) => order(a) - order(b) || b.cache.localeCompare(a.cache) || a.connections - b.connections);
  const table = resultTable(results);
  const loadAtEnd = host.load();
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const sizeTable = markdownTable(["target", "path", "HTML / file", "sent"], sizes, [false, false, true, false]);
  console.info(`\n${table}\n\n${sizeTable}\n`);

  const settings = [
    process.env.BENCH_DURATION ? `BENCH_DURATION=${DURATION}` : "",
    process.env.BENCH_CONNECTIONS ? `BENCH_CONNECTIONS=${CONNECTIONS.join(",")}` : "",
    process.env.BENCH_SEARCH_CONNECTIONS ? `BENCH_SEARCH_CONNECTIONS=${SEARCH_CONNECTIONS}` : "",
    database.kind === "postgres" ? "DATABASE_URL=…" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const doc = [
    `**Run recorded**: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, \`${settings ? `${settings} ` : ""}npm run bench\`, ${minutes} min.`,
    `${host.cores} cores (\`os.availableParallelism()\`, ${host.cpu}), Node ${host.node}; load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
    `Database: ${database.kind === "pglite" ? "embedded PGlite" : database.label.replace(/ \(database .*\)$/, "")} with the demo content. autocannon runs on the same machine, in the benchmark's process.`,
    `${DURATION} s per row after a ${WARM_UP_SECONDS} s warm-up over every target; \`Accept-Encoding: br, gzip\`. *share of static req/s*: the row's req/s over the static asset's at the same connection count on the same server. *X-Cache*: the answers' header during the row, the others by count (– = none: the cache is off). *failed*: non-2xx answers and connection errors.`,
    "",
    table,
    "",
    `Static asset: \`${asset.file}\` (${kb(asset.bytes)}), the built JS/CSS file closest in size to the home page's HTML (${kb(home.body.length)}). Search mix: ${mix.queries.length} distinct queries from the demo catalogue (${mix.words} words, ${mix.phrases} two-word phrases, ${mix.noMatch} that match nothing; \`bench/search-mix.ts\`), each request taking the next one, ${SEARCH_CONNECTIONS} connections.`,
    "",
    sizeTable,
  ].join("\n");
  if (process.env.BENCH_NO_WRITE === "1") console.info("BENCH_NO_WRITE=1: docs/PERFORMANCE.md left as it is.");
  else writeDocSection(DOC, "bench", "## Page benchmark (npm run bench)", doc);
  writeReport(
    reportSection(seed, reportTimes, {
      startedAt,
      command: `${settings ? `${settings} ` : ""}npm run bench`,
      loadAtStart,
      loadAtEnd,
      database: database.kind === "pglite" ? "embedded PGlite" : database.label.replace(/ \(database .*\)$/, ""),
    }),
  );
}

runMain(main);
