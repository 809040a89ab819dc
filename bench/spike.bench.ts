/**
 * Spike benchmark (issue 30): `npm run bench:spike` (docs/PERFORMANCE.md "Spike benchmark").
 *
 * Starts the production build on a fresh database with the demo content (embedded PGlite; with
 * DATABASE_URL a new database on that PostgreSQL server), page cache on, X-Forwarded-For trusted from
 * loopback so that every view comes from a visitor of its own. Then, in one run:
 *
 * 1. Side by side at BENCH_CONNECTIONS connections (default 50): the static asset (the baseline), a cached
 *    video page, and view POSTs to that video with a new visitor (address) per request; the view count
 *    added is compared with the acknowledged POSTs.
 * 2. A spike at rising rates (BENCH_SPIKE_RATES visits per second, default 100,200,400,800; each for
 *    BENCH_STAGE_SECONDS, default 30): readers arrive at random (not in autocannon's bursts); each loads a
 *    page (an item page of any type, the home page or the articles list), a static asset, and posts the
 *    page's view as a new visitor, over at most BENCH_CONNECTIONS connections, while an editor saves a
 *    draft article every 5 s and edits a published article every 30 s. Reports view POSTs, pages, the hit
 *    rate of the pages those edits do not touch (item pages of the other types) and of those they touch,
 *    the misses on untouched pages (each one caused by an edit: every page is cached before a stage), and
 *    counts lost: acknowledged views that the counters do not show.
 *
 * Writes the tables into docs/PERFORMANCE.md between `<!-- spike-{pglite|postgres}:start -->` and `…:end -->`.
 * Options (environment): BENCH_DURATION (seconds per side-by-side row, default 8), BENCH_CONNECTIONS,
 * BENCH_SPIKE_RATES, BENCH_STAGE_SECONDS, BENCH_PORT (default 4310), BENCH_BUILD_DIR, BENCH_SKIP_BUILD=1,
 * BENCH_NO_WRITE=1, BENCH_VERBOSE=1, DATABASE_URL.
 */
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type autocannon from "autocannon";

import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import {
  BENCH_ADMIN,
  buildApp,
  envNumber,
  freshDatabase,
  get,
  machine,
  markdownTable,
  ROOT,
  runMain,
  startServer,
  writeDocSection,
} from "./app-server";
import { BROWSER_HEADERS, loadRun, ms, perSecond, pickAsset, quantile, xCacheOf, type LoadResult } from "./load";

const DURATION = envNumber("BENCH_DURATION", 8);
const CONNECTIONS = envNumber("BENCH_CONNECTIONS", 50);
const RATES = (process.env.BENCH_SPIKE_RATES || "100,200,400,800").split(",").map((value) => {
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n <= 0) throw new Error(`BENCH_SPIKE_RATES must list positive numbers, not ${JSON.stringify(value)}`);
  return n;
});
const STAGE_SECONDS = envNumber("BENCH_STAGE_SECONDS", 30);
const PORT = envNumber("BENCH_PORT", 4310);
const DRAFT_EVERY_MS = 5_000;
const PUBLISH_EVERY_MS = 30_000;
const DOC = path.join(ROOT, "docs/PERFORMANCE.md");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let visitors = 0;
/** A client address never used before in this run (10.0.0.0/8: 16 million of them). */
function newAddress() {
  const n = ++visitors;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface ItemPage {
  type: ContentType;
  path: string;
  /** `/api/{slug}/{id}/view` (or `/listen`). */
  counter: string;
}

/** Every published item's page, from the sitemaps. */
async function itemPages(origin: string): Promise<ItemPage[]> {
  const locs = async (p: string) =>
    [...(await get(`${origin}${p}`)).body.toString("utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pages: ItemPage[] = [];
  for (const sitemap of await locs("/sitemap.xml")) {
    for (const pagePath of await locs(sitemap)) {
      for (const info of CONTENT_TYPE_LIST) {
        const prefix = publicUrlFor(info.key, "");
        const id = pagePath.startsWith(prefix) ? pagePath.slice(prefix.length) : "";
        if (/^[0-9a-f-]{36}$/.test(id)) {
          pages.push({
            type: info.key,
            path: pagePath,
            counter: `/api/${info.slug}/${id}/${info.counter === "listens" ? "listen" : "view"}`,
          });
        }
      }
    }
  }
  return pages;
}

/** The live count behind a counter, asked as a bot (answered, never counted). */
async function liveCount(origin: string, counter: string): Promise<number> {
  const response = await fetch(`${origin}${counter}`, { method: "POST", headers: { Origin: origin, "User-Agent": "curl/8.5.0" } });
  const body = (await response.json()) as { views?: number; listens?: number };
  if (!response.ok) throw new Error(`${counter} answered ${response.status}`);
  return body.views ?? body.listens ?? 0;
}

async function liveCounts(origin: string, counters: string[]) {
  const counts = new Map<string, number>();
  for (const counter of counters) counts.set(counter, await liveCount(origin, counter));
  return counts;
}

/** Views acknowledged (2xx) that the counters do not show, and counted views never acknowledged (cut off at the end). */
function countCheck(before: Map<string, number>, after: Map<string, number>, acknowledged: Map<string, number>) {
  let added = 0;
  let lost = 0;
  let unacknowledged = 0;
  for (const [counter, start] of before) {
    const gained = after.get(counter)! - start;
    const acked = acknowledged.get(counter) ?? 0;
    added += gained;
    lost += Math.max(0, acked - gained);
    unacknowledged += Math.max(0, gained - acked);
  }
  return { added, lost, unacknowledged, acknowledged: [...acknowledged.values()].reduce((a, b) => a + b, 0) };
}

/** A view POST as the page's script sends it, from a new visitor each time. */
function viewRequest(counter: (context: Record<string, unknown>) => string, onAnswer: (status: number, counter: string) => void) {
  return {
    method: "POST",
    setupRequest: (request: autocannon.Request, context: Record<string, unknown>) => {
      const path = counter(context);
      context.counter = path;
      return { ...request, path, headers: { ...request.headers, "x-forwarded-for": newAddress() } };
    },
    onResponse: (status: number, _body: string, context: Record<string, unknown>) => onAnswer(status, context.counter as string),
  } as autocannon.Request;
}

// ---------------------------------------------------------------------------------------------------
// The editor: a draft saved every 5 s, a published article edited every 30 s.

interface Editor {
  stop: () => Promise<{ drafts: number; publishes: number; failed: string[] }>;
  /** The published article's page: one of the pages its edits touch. */
  storyPath: string;
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function postForm(origin: string, cookie: string, formPath: string, fields: Record<string, string>) {
  return fetch(`${origin}${formPath}`, {
    method: "POST",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Creates an article and answers its id (found in the admin list by its title, which is unique here). */
async function createArticle(origin: string, cookie: string, fields: Record<string, string>) {
  const response = await postForm(origin, cookie, "/admin/blogs/new", fields);
  if (response.status !== 302) throw new Error(`Creating an article answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const list = await fetch(`${origin}/admin/blogs?${new URLSearchParams({ q: fields.title! })}`, { headers: { Cookie: cookie } });
  const id = /\/admin\/blogs\/([0-9a-f-]{36})/.exec(await list.text())?.[1];
  if (!id) throw new Error(`The article "${fields.title}" is not in the admin list`);
  return id;
}

const ARTICLE_BODY = "<p>An article the spike benchmark edits while readers arrive.</p>";

async function startEditor(origin: string): Promise<Editor> {
  const cookie = await signIn(origin);
  const draftId = await createArticle(origin, cookie, { title: "Spike draft 0", content: ARTICLE_BODY, status: "draft" });
  const storyId = await createArticle(origin, cookie, { title: "Spike story 0", content: ARTICLE_BODY, status: "published" });
  let drafts = 0;
  let publishes = 0;
  const failed: string[] = [];
  let saving = Promise.resolve();
  const save = (kind: "draft" | "publish") => {
    saving = saving.then(async () => {
      const n = kind === "draft" ? ++drafts : ++publishes;
      const [id, title, status] = kind === "draft" ? [draftId, `Spike draft ${n}`, "draft"] : [storyId, `Spike story ${n}`, "published"];
      const response = await postForm(origin, cookie, `/admin/blogs/${id}`, { title, content: ARTICLE_BODY, status });
      if (response.status >= 400) failed.push(`${kind} ${n}: ${response.status}`);
    });
  };
  const draftTimer = setInterval(() => save("draft"), DRAFT_EVERY_MS);
  // The first publish halfway through the first period, so a stage of one period always holds one.
  let publishTimer = setTimeout(() => {
    save("publish");
    publishTimer = setInterval(() => save("publish"), PUBLISH_EVERY_MS);
  }, PUBLISH_EVERY_MS / 2);
  return {
    storyPath: publicUrlFor("blog", storyId),
    stop: async () => {
      clearInterval(draftTimer);
      clearTimeout(publishTimer);
      clearInterval(publishTimer);
      await saving;
      return { drafts, publishes, failed };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Readers arriving at random (a Poisson process), not in autocannon's paced bursts: its `overallRate`
// sends each second's quota at the start of the second, so its latencies are a burst's queue.

/** One request over `agent`, timed from its start to its last byte. */
function timedRequest(agent: http.Agent, origin: string, method: string, path: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; ms: number }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Starts `visit` at `rate` a second on average, at random intervals, for `seconds`; resolves when all have ended. */
async function arriving(rate: number, seconds: number, visit: () => Promise<void>) {
  const end = performance.now() + seconds * 1000;
  const running = new Set<Promise<void>>();
  let at = performance.now();
  while (true) {
    at += (-Math.log(1 - Math.random()) * 1000) / rate;
    if (at >= end) break;
    const wait = at - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const one: Promise<void> = visit()
      .catch(() => {})
      .finally(() => running.delete(one));
    running.add(one);
  }
  await Promise.all(running);
}

// ---------------------------------------------------------------------------------------------------
// The measurements.

interface SideBySide {
  name: string;
  result: LoadResult;
}

async function sideBySide(origin: string, asset: string, page: ItemPage) {
  const rows: SideBySide[] = [];
  const headers = { ...BROWSER_HEADERS, "user-agent": CHROME, origin };
  const run = async (name: string, requests: autocannon.Request[]) => {
    const result = await loadRun(origin, { connections: CONNECTIONS, duration: DURATION, requests, headers });
    rows.push({ name, result });
    const cache = [...result.xCache].map(([value, count]) => `${count} ${value}`).join(", ");
    console.info(
      `  ${name}: ${perSecond(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${result.failures} failed; X-Cache ${cache}`,
    );
  };
  // Warm-up: JIT, the page in the cache, the database.
  await loadRun(origin, { connections: 10, duration: 2, requests: [{ path: asset }, { path: page.path }], headers });
  await run("static asset", [{ path: asset }]);
  await run(`cached ${page.type} page`, [{ path: page.path }]);
  const before = await liveCounts(origin, [page.counter]);
  let acknowledged = 0;
  await run("view POST, new visitor each", [
    viewRequest(
      () => page.counter,
      (status) => (acknowledged += status >= 200 && status < 300 ? 1 : 0),
    ),
  ]);
  const after = await liveCounts(origin, [page.counter]);
  return { rows, counts: countCheck(before, after, new Map([[page.counter, acknowledged]])) };
}

interface Stage {
  rate: number;
  seconds: number;
  visits: number;
  page: { latencies: number[]; untouched: Map<string, number>; touched: Map<string, number> };
  view: { latencies: number[]; failures: number };
  edits: { drafts: number; publishes: number; failed: string[] };
  counts: ReturnType<typeof countCheck>;
}

async function spikeStage(origin: string, asset: string, pages: ItemPage[], touched: Set<string>, rate: number): Promise<Stage> {
  const counters = pages.map((p) => p.counter);
  const before = await liveCounts(origin, counters);
  // Every page in the cache first: any miss on an untouched page during the stage is an edit's doing.
  for (const page of [...pages.map((p) => p.path), ...touched]) await get(`${origin}${page}`, BROWSER_HEADERS);
  const readerPaths = [...pages.map((p) => p.path), ...touched];
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const stage: Stage = {
    rate,
    seconds: STAGE_SECONDS,
    visits: 0,
    page: { latencies: [], untouched: new Map(), touched: new Map() },
    view: { latencies: [], failures: 0 },
    edits: { drafts: 0, publishes: 0, failed: [] },
    counts: { added: 0, lost: 0, unacknowledged: 0, acknowledged: 0 },
  };
  const acknowledged = new Map<string, number>();
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = { ...BROWSER_HEADERS, "user-agent": CHROME, origin };
  // A reader's visit, as a browser makes it: the page, then an asset, then the view.
  const visit = async () => {
    const pagePath = readerPaths[next++ % readerPaths.length]!;
    const page = await timedRequest(agent, origin, "GET", pagePath, headers);
    stage.page.latencies.push(page.ms);
    const group = touched.has(pagePath) ? stage.page.touched : stage.page.untouched;
    const key = xCacheOf(page.headers);
    group.set(key, (group.get(key) ?? 0) + 1);
    await timedRequest(agent, origin, "GET", asset, headers);
    const counter = byPath.get(pagePath)?.counter ?? pages[0]!.counter;
    const view = await timedRequest(agent, origin, "POST", counter, { ...headers, "x-forwarded-for": newAddress() }).catch(() => null);
    stage.visits += 1;
    if (view && view.status >= 200 && view.status < 300) {
      stage.view.latencies.push(view.ms);
      acknowledged.set(counter, (acknowledged.get(counter) ?? 0) + 1);
    } else {
      stage.view.failures += 1;
    }
  };
  const editor = await startEditor(origin);
  const startedAt = performance.now();
  await arriving(rate, STAGE_SECONDS, visit);
  agent.destroy();
  stage.seconds = (performance.now() - startedAt) / 1000;
  stage.edits = await editor.stop();
  stage.counts = countCheck(before, await liveCounts(origin, counters), acknowledged);
  return stage;
}

// ---------------------------------------------------------------------------------------------------
// Report.

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : "–");

function hitRate(counts: Map<string, number>) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const served = (counts.get("HIT") ?? 0) + (counts.get("STALE") ?? 0);
  return { total, served, misses: counts.get("MISS") ?? 0, text: percent(served, total) };
}

async function main() {
  const host = machine();
  const startedAt = new Date();
  const loadAtStart = host.load();
  console.info(`Spike benchmark: ${host.cores} cores (${host.cpu}), Node ${host.node}, load average ${loadAtStart}`);
  await buildApp();
  const database = await freshDatabase();
  // Views come from many visitors: X-Forwarded-For is taken from the benchmark on loopback.
  const server = await startServer({ port: PORT, database, pageCache: true, env: { TRUST_PROXY: "loopback" } });
  const pages = await itemPages(server.origin);
  const home = await get(`${server.origin}/`, { "accept-encoding": "identity" });
  const asset = `/assets/${pickAsset(home.body.length).file}`;
  // The newest video, as the page benchmark times.
  const video = pages.filter((p) => p.type === "video").at(-1);
  if (!video) throw new Error("The sitemap lists no video");

  console.info(`\nSide by side at ${CONNECTIONS} connections:`);
  const side = await sideBySide(server.origin, asset, video);

  // The editor edits articles: every article page shows the latest articles, so those pages, the home page
  // and the articles list are what its edits touch; the other types' item pages are not.
  const touched = new Set(["/", CONTENT_TYPE_LIST.find((info) => info.key === "blog")!.listPath]);
  const untouchedPages = pages.filter((p) => p.type !== "blog");
  for (const p of pages.filter((page) => page.type === "blog")) touched.add(p.path);
  const stages: Stage[] = [];
  for (const rate of RATES) {
    console.info(`\nSpike: ${rate} visits/s for ${STAGE_SECONDS} s, an editor saving meanwhile`);
    const stage = await spikeStage(server.origin, asset, untouchedPages, touched, rate);
    stages.push(stage);
    const view = stage.view.latencies.sort((a, b) => a - b);
    console.info(
      `  ${perSecond(stage.visits / stage.seconds)} visits/s, view p99 ${ms(quantile(view, 0.99))}, untouched pages ${hitRate(stage.page.untouched).text} from the cache, ` +
        `${stage.counts.lost} views lost, edits ${stage.edits.drafts} drafts + ${stage.edits.publishes} publishes${stage.edits.failed.length ? ` (failed: ${stage.edits.failed.join(", ")})` : ""}`,
    );
  }
  await server.stop();

  const staticRow = side.rows[0]!.result;
  const sideTable = markdownTable(
    ["target", "req/s", "p50", "p99", "share of static req/s", "failed"],
    side.rows.map(({ name, result }) => [
      name,
      perSecond(result.rps),
      ms(result.p50),
      ms(result.p99),
      percent(result.rps, staticRow.rps),
      String(result.failures),
    ]),
    [false, true, true, true, true, true],
  );
  const spikeTable = markdownTable(
    [
      "visits/s asked",
      "visits/s",
      "view p50",
      "view p99",
      "page p99",
      "untouched pages from cache",
      "misses there",
      "touched pages from cache",
      "edits",
      "views acknowledged",
      "lost",
    ],
    stages.map((stage) => {
      const view = [...stage.view.latencies].sort((a, b) => a - b);
      const page = [...stage.page.latencies].sort((a, b) => a - b);
      const untouched = hitRate(stage.page.untouched);
      return [
        String(stage.rate),
        perSecond(stage.visits / stage.seconds),
        ms(quantile(view, 0.5)),
        ms(quantile(view, 0.99)),
        ms(quantile(page, 0.99)),
        untouched.text,
        String(untouched.misses),
        hitRate(stage.page.touched).text,
        `${stage.edits.drafts} + ${stage.edits.publishes}${stage.edits.failed.length ? ` (${stage.edits.failed.length} failed)` : ""}`,
        perSecond(stage.counts.acknowledged),
        String(stage.counts.lost),
      ];
    }),
    [true, true, true, true, true, true, true, true, false, true, true],
  );
  const loadAtEnd = host.load();
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const doc = [
    `**Run recorded** (${database.kind === "pglite" ? "embedded PGlite" : database.label.replace(/ \(database .*\)$/, "")}): ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${minutes} min; ` +
      `${host.cores} cores (${host.cpu}), Node ${host.node}; load average ${loadAtStart} at the start, ${loadAtEnd} at the end. autocannon runs on the same machine.`,
    "",
    `Side by side, ${CONNECTIONS} connections, ${DURATION} s a row (static asset \`${asset}\`):`,
    "",
    sideTable,
    "",
    `Views: ${side.counts.acknowledged} acknowledged, ${side.counts.added} added to the counter, ${side.counts.lost} lost (${side.counts.unacknowledged} counted but cut off before their answer).`,
    "",
    `Spike: readers arrive at random (a Poisson process) at the rate asked; each loads a page, a static asset and posts a view as a new visitor, over at most ${CONNECTIONS} kept-alive connections; ${STAGE_SECONDS} s a stage; an editor saves a draft article every ${DRAFT_EVERY_MS / 1000} s and edits a published one every ${PUBLISH_EVERY_MS / 1000} s (*edits*: drafts + publishes). *untouched pages*: item pages of the other types; *touched*: home, articles list, article pages. *misses there*: misses on untouched pages, every one an edit's doing (all pages are cached before a stage).`,
    "",
    spikeTable,
  ].join("\n");
  console.info(`\n${doc}\n`);
  if (process.env.BENCH_NO_WRITE === "1") console.info("BENCH_NO_WRITE=1: docs/PERFORMANCE.md left as it is.");
  else
    writeDocSection(
      DOC,
      `spike-${database.kind}`,
      `## Spike benchmark (npm run bench:spike, ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"})`,
      doc,
    );
}

runMain(main);
