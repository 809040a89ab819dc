/**
 * Shared by the page benchmark (bench/pages.bench.ts) and the Lighthouse run (bench/lighthouse.ts):
 * builds the app into its own folder, starts the production server the way `npm start` does on a
 * fresh database seeded with the demo content, and stops everything it started, also on Ctrl-C.
 *
 * - Build: `npm run build` with BUILD_DIR=BENCH_BUILD_DIR (default build-bench), so it never touches
 *   the folder `npm start` and the end-to-end tests use. BENCH_SKIP_BUILD=1 reuses that folder.
 * - Server: package.json's `start` script (`node <BUILD_DIR>/server.js`), run through `sh -c` with
 *   node_modules/.bin on the PATH (what `npm start` runs, without its `prestart` build), NODE_ENV=production,
 *   in its own process group; stopped with SIGTERM, so it closes its database cleanly.
 * - Database: a fresh embedded PGlite folder under the system temp folder; with DATABASE_URL set, a
 *   fresh database created on that PostgreSQL server (the role needs CREATEDB) and dropped at the end,
 *   with SEED_DEMO_CONTENT=true. The server seeds the demo content and creates the admin on first start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD_DIR = process.env.BENCH_BUILD_DIR || "build-bench";
export const BENCH_ADMIN = { email: "admin@bench.local", password: "bench-admin-password" };

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started registers a stop function; they run once, newest first, at the end or on
// SIGINT/SIGTERM.

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(fn: Cleanup) {
  cleanups.push(fn);
}

export function forgetCleanup(fn: Cleanup) {
  const index = cleanups.indexOf(fn);
  if (index >= 0) cleanups.splice(index, 1);
}

export function runCleanups(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop()!;
      try {
        await fn();
      } catch (error) {
        console.error("cleanup failed:", error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}

let interrupted = false;

/** Runs main, then the cleanups (also on failure and on Ctrl-C); sets the exit code. */
export function runMain(main: () => Promise<void>) {
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers…`);
    void runCleanups().finally(() => process.exit(130));
  };
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  main()
    .then(
      () => runCleanups(),
      async (error: unknown) => {
        // After Ctrl-C the steps still under way fail as their server goes: not worth printing.
        if (!interrupted) console.error(error instanceof Error ? (error.stack ?? error.message) : error);
        process.exitCode = 1;
        await runCleanups();
      },
    )
    .then(() => {
      if (!interrupted) process.exit();
    });
}

// ---------------------------------------------------------------------------------------------------
// Child processes, each in its own process group so that stopping it stops everything it started.

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  /** The last 200 lines of output. */
  log: string[];
  /** Set before a deliberate stop, so that an exit without it is reported. */
  stopping: boolean;
}

function startChild(command: string, env: NodeJS.ProcessEnv, echo = false): Child {
  if (interrupted || cleaning) throw new Error("interrupted");
  const child = spawn("sh", ["-c", command], {
    cwd: ROOT,
    env: { ...env, PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${env.PATH ?? ""}` },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      log.push(line);
      if (echo) console.info(`  | ${line}`);
    }
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const result: Child = { process: child, exited: Promise.resolve(null), log, stopping: false };
  result.exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code, signal) => {
      if (!result.stopping && code !== 0) {
        console.error(
          `\n\`${command}\` exited on its own (${signal ? `signal ${signal}` : `exit code ${code}`}); its last output:\n${log.slice(-40).join("\n")}\n`,
        );
      }
      resolve(code);
    });
    child.on("error", () => resolve(null));
  });
  return result;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves when no process of the group is left. */
async function stopChild(child: Child, graceMs = 15_000) {
  child.stopping = true;
  const pid = child.process.pid;
  if (pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  if (groupAlive(pid)) signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) {
    console.error(`process group ${pid} did not stop within ${graceMs / 1000} s: SIGKILL`);
    signal("SIGKILL");
    while (groupAlive(pid)) await sleep(100);
  }
  await child.exited;
}

async function runToEnd(command: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = startChild(command, env);
  child.stopping = true; // its exit is expected: the code is checked below
  const stop = () => stopChild(child, 5_000);
  onCleanup(stop);
  const code = await child.exited;
  forgetCleanup(stop);
  if (code !== 0) throw new Error(`\`${command}\` failed (exit ${code}):\n${child.log.slice(-40).join("\n")}`);
}

// ---------------------------------------------------------------------------------------------------
// Build, database, server.

function packageScript(name: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const script = pkg.scripts[name];
  if (!script) throw new Error(`package.json has no "${name}" script`);
  return script;
}

/** `npm run build` into BUILD_DIR (unless BENCH_SKIP_BUILD=1 and the build is there). */
export async function buildApp() {
  // The compiled server entry and the React Router server build it loads.
  const built = ["server.js", "server/index.js"].every((file) => fs.existsSync(path.join(ROOT, BUILD_DIR, file)));
  if (process.env.BENCH_SKIP_BUILD === "1" && built) {
    console.info(`Build: reusing ${BUILD_DIR}/ (BENCH_SKIP_BUILD=1)`);
    return;
  }
  const started = Date.now();
  await runToEnd(packageScript("build"), { ...process.env, BUILD_DIR, NODE_ENV: "production" });
  console.info(`Build: ${BUILD_DIR}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface Database {
  kind: "pglite" | "postgres";
  label: string;
  /** Environment for the server. */
  env: Record<string, string>;
}

/** A fresh database for the server: a temporary PGlite folder, or a new database on DATABASE_URL. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-bench-"));
    onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
    return { kind: "pglite", label: "embedded PGlite", env: { DATA_DIR: dir, DATABASE_URL: "" } };
  }
  const name = `marketwire_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  const version = String((await admin("show server_version")).rows[0].server_version).split(" ")[0];
  await admin(`create database ${name}`);
  onCleanup(() => admin(`drop database if exists ${name} with (force)`).then(() => undefined));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-bench-"));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    kind: "postgres",
    label: `PostgreSQL ${version} (database ${name} on ${target.host})`,
    env: {
      DATABASE_URL: target.toString(),
      SEED_DEMO_CONTENT: "true",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
    },
  };
}

export interface Server {
  origin: string;
  port: number;
  stop: () => Promise<void>;
}

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs / 1000} s for ${what}`);
    await sleep(100);
  }
}

/** Starts the production server (package.json "start") and waits until /healthz answers 200. */
export async function startServer(options: {
  port: number;
  database: Database;
  pageCache: boolean;
  /** Settings on top of the benchmark's own. */
  env?: Record<string, string>;
}): Promise<Server> {
  const { port, database, pageCache } = options;
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(`${origin}/healthz`)) throw new Error(`Port ${port} is already in use: set another port.`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Every value is explicit, so a .env file (read by server.ts) cannot change the set-up.
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BETTER_AUTH_URL: origin,
    BUILD_DIR,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    RATE_LIMIT: "off",
    PAGE_CACHE: pageCache ? "on" : "off",
    // PRODUCT.md "Markets": company pages with their market block, on either database.
    MARKETS_PROVIDER: "demo",
    TRUST_PROXY: "false",
    SMTP_URL: "",
    SEED_DEMO_CONTENT: "",
    BETTER_AUTH_SECRET: "",
    ...database.env,
    ...options.env,
  };
  const command = packageScript("start");
  const child = startChild(command, env, process.env.BENCH_VERBOSE === "1");
  const stop = () => stopChild(child);
  onCleanup(stop);
  const started = Date.now();
  const timeoutMs = 180_000;
  while (!(await answers(`${origin}/healthz`))) {
    const exited = await Promise.race([child.exited.then(() => true), sleep(250).then(() => false)]);
    if (exited || Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(
        `The server (${command}) ${exited ? "exited" : `did not answer /healthz within ${timeoutMs / 1000} s`}:\n` +
          child.log.slice(-40).join("\n"),
      );
    }
  }
  console.info(
    `Server: ${origin} (PAGE_CACHE=${env.PAGE_CACHE}, ${database.label}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    origin,
    port,
    stop: async () => {
      await stop();
      forgetCleanup(stop);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await get(url, {}, 2_000);
    return response.status === 200;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// HTTP.

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed when the server compressed it). */
  body: Buffer;
}

/** One GET with node:http: no decompression, so the headers and sizes are what the wire carried. */
export function get(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

export interface SitePages {
  video: string;
  podcast: string;
  article: string;
}

/**
 * The newest video, podcast and article: the last page of each section's last sitemap in /sitemap.xml's
 * index (a section's sitemaps run oldest first).
 */
export async function findPages(origin: string): Promise<SitePages> {
  const locs = async (path: string) => {
    const response = await get(`${origin}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return [...response.body.toString("utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  };
  const sitemaps = await locs("/sitemap.xml");
  const newest = async (section: string, prefix: string) => {
    const sitemap = sitemaps.filter((p) => p.startsWith(`/sitemaps/${section}-`)).at(-1);
    const found = sitemap && (await locs(sitemap)).filter((p) => p.startsWith(prefix)).at(-1);
    if (!found) throw new Error(`/sitemap.xml lists no ${prefix}… page`);
    return found;
  };
  return {
    video: await newest("videos", "/video/"),
    podcast: await newest("podcasts", "/podcast/"),
    article: await newest("blog", "/blog/"),
  };
}

// ---------------------------------------------------------------------------------------------------
// Report.

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`, adding them under `heading` if missing. */
export function writeDocSection(file: string, name: string, heading: string, body: string) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = fs.readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const section = `${start}\n${body.trim()}\n${end}`;
  let next: string;
  if (from >= 0 && to > from) next = text.slice(0, from) + section + text.slice(to + end.length);
  else next = `${text.trimEnd()}\n\n${heading}\n\n${section}\n`;
  fs.writeFileSync(file, next);
  console.info(`Wrote the results into ${path.relative(ROOT, file)} (between ${start} and ${end}).`);
}

/** Markdown table with padded columns (readable in a terminal and in the file). */
export function markdownTable(header: string[], rows: string[][], alignRight: boolean[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (alignRight[i] ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** Machine facts recorded with every run. */
export function machine() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU",
    node: process.version,
    load: () =>
      os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(", "),
  };
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return value;
}
