/**
 * Lighthouse scores: `npm run lighthouse` (docs/PERFORMANCE.md, "Lighthouse").
 *
 * Builds and starts the production server exactly as the page benchmark does (bench/app-server.ts: own
 * build folder, fresh database with the demo content, page cache on as in production), then runs
 * Lighthouse 12 through its Node API in Debian's Chromium, with Lighthouse's default settings (mobile
 * form factor, simulated throttling), on the home page, a video, a podcast and an article. Each page is
 * requested once first, so Lighthouse gets it from the page cache as a visitor would. A fresh Chromium
 * (fresh profile) per run.
 *
 * Prints the four category scores and FCP, LCP, CLS and TBT per page and writes them into
 * docs/PERFORMANCE.md between `<!-- lighthouse:start -->` and `<!-- lighthouse:end -->`.
 *
 * Options (environment): CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per page, the
 * median by performance score is reported; default 1), LIGHTHOUSE_PORT (default 4310),
 * LIGHTHOUSE_REPORT_DIR (also write each page's HTML report there), BENCH_BUILD_DIR, BENCH_SKIP_BUILD=1,
 * BENCH_NO_WRITE=1, BENCH_VERBOSE=1, DATABASE_URL (as for `npm run bench`).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";

import {
  buildApp,
  envNumber,
  findPages,
  forgetCleanup,
  freshDatabase,
  get,
  machine,
  markdownTable,
  onCleanup,
  ROOT,
  runMain,
  startServer,
  writeDocSection,
} from "./app-server";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const RUNS = envNumber("LIGHTHOUSE_RUNS", 1);
const PORT = envNumber("LIGHTHOUSE_PORT", 4310);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const DOC = path.join(ROOT, "docs/PERFORMANCE.md");

interface PageResult {
  name: string;
  path: string;
  lhr: LighthouseResult;
}

function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One Lighthouse run in a fresh Chromium, which is gone (with its profile) when this returns. */
async function audit(url: string, reportFile?: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  const kill = async () => {
    await chrome.kill();
    const pid = chrome.pid;
    const deadline = Date.now() + 5_000;
    while (pid && groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  onCleanup(kill);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: reportFile ? "html" : "json",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    if (reportFile) fs.writeFileSync(reportFile, String(result.report));
    return result.lhr;
  } finally {
    forgetCleanup(kill);
    await kill();
  }
}

const score = (lhr: LighthouseResult, id: (typeof CATEGORIES)[number]) => {
  const value = lhr.categories[id]?.score;
  return value == null ? "–" : String(Math.round(value * 100));
};
const metric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue;
const seconds = (value: number | undefined) => (value == null ? "–" : `${(value / 1000).toFixed(1)} s`);
const millis = (value: number | undefined) => (value == null ? "–" : `${Math.round(value)} ms`);
const cls = (value: number | undefined) => (value == null ? "–" : value.toFixed(3));

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .trim()
      .replace(/ built on .*/, "");
  } catch {
    return CHROME_PATH;
  }
}

async function main() {
  const host = machine();
  const startedAt = new Date();
  const loadAtStart = host.load();
  console.info(`Lighthouse: ${host.cores} cores, Node ${host.node}, ${chromiumVersion()}, load average ${loadAtStart}`);
  if (REPORT_DIR) fs.mkdirSync(REPORT_DIR, { recursive: true });

  await buildApp();
  const database = await freshDatabase();
  const server = await startServer({ port: PORT, database, pageCache: true });
  const pages = await findPages(server.origin);
  const targets = [
    { name: "home", path: "/" },
    { name: "video", path: pages.video },
    { name: "podcast", path: pages.podcast },
    { name: "article", path: pages.article },
  ];

  const results: PageResult[] = [];
  for (const target of targets) {
    const url = `${server.origin}${target.path}`;
    const warm = await get(url, { "accept-encoding": "br, gzip" });
    if (warm.status !== 200) throw new Error(`${target.name} (${target.path}) answered ${warm.status}`);
    const runs: LighthouseResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const reportFile = REPORT_DIR ? path.join(REPORT_DIR, `${target.name}${RUNS > 1 ? `-${run}` : ""}.html`) : undefined;
      const lhr = await audit(url, reportFile);
      runs.push(lhr);
      console.info(
        `  ${target.name}${RUNS > 1 ? ` run ${run}` : ""}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(", ")}; ` +
          `FCP ${seconds(metric(lhr, "first-contentful-paint"))}, LCP ${seconds(metric(lhr, "largest-contentful-paint"))}, ` +
          `CLS ${cls(metric(lhr, "cumulative-layout-shift"))}, TBT ${millis(metric(lhr, "total-blocking-time"))}`,
      );
      for (const warning of lhr.runWarnings) console.info(`    warning: ${warning}`);
    }
    // Median run by performance score.
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    results.push({ ...target, lhr: runs[Math.floor((runs.length - 1) / 2)]! });
  }
  await server.stop();

  const table = markdownTable(
    ["page", "path", ...CATEGORIES, "FCP", "LCP", "CLS", "TBT"],
    results.map(({ name, path: p, lhr }) => [
      name,
      `\`${p}\``,
      ...CATEGORIES.map((c) => score(lhr, c)),
      seconds(metric(lhr, "first-contentful-paint")),
      seconds(metric(lhr, "largest-contentful-paint")),
      cls(metric(lhr, "cumulative-layout-shift")),
      millis(metric(lhr, "total-blocking-time")),
    ]),
    [false, false, true, true, true, true, true, true, true, true],
  );
  console.info(`\n${table}\n`);

  // Audits below a full score in any page's non-performance categories: what to fix for 100.
  const failing = new Map<string, Set<string>>();
  for (const { name, lhr } of results) {
    for (const id of CATEGORIES) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
        const key = `${id}: ${a.title} (\`${ref.id}\`)`;
        if (!failing.has(key)) failing.set(key, new Set());
        failing.get(key)!.add(name);
      }
    }
  }
  const failingLines = [...failing.entries()].sort().map(([key, names]) => `- ${key}: ${[...names].join(", ")}`);
  if (failingLines.length) console.info(`Audits scoring below 90 (weighted):\n${failingLines.join("\n")}\n`);

  const settings = results[0]!.lhr.configSettings;
  const doc = [
    `**Run recorded**: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, \`${RUNS > 1 ? `LIGHTHOUSE_RUNS=${RUNS} ` : ""}npm run lighthouse\`, ${((Date.now() - startedAt.getTime()) / 60_000).toFixed(1)} min.`,
    `Lighthouse ${results[0]!.lhr.lighthouseVersion}, ${chromiumVersion()} (headless), form factor ${settings.formFactor}, throttling ${settings.throttlingMethod} ` +
      `(${settings.throttling.rttMs} ms RTT, ${Math.round(settings.throttling.throughputKbps)} kbit/s, CPU ×${settings.throttling.cpuSlowdownMultiplier}); ` +
      `${host.cores} cores, Node ${host.node}; load average ${loadAtStart} at the start, ${host.load()} at the end. ` +
      `Production build, ${database.kind === "pglite" ? "embedded PGlite" : "PostgreSQL"} with the demo content, page cache on (each page requested once before its run).` +
      (RUNS > 1 ? ` ${RUNS} runs per page, the median by performance score shown.` : " One run per page."),
    "",
    table,
    "",
    failingLines.length
      ? `Audits scoring below 90 (with weight in their category), and where:\n\n${failingLines.join("\n")}`
      : "Every weighted audit scores 90 or more.",
  ].join("\n");
  if (process.env.BENCH_NO_WRITE === "1") console.info("BENCH_NO_WRITE=1: docs/PERFORMANCE.md left as it is.");
  else writeDocSection(DOC, "lighthouse", "## Lighthouse (npm run lighthouse)", doc);
}

runMain(main);
