/**
 * The production server as a process manager runs it: `node <build>/server.js` as a child process, on its
 * own data and a free port, so tests can send it real HTTP requests and real signals (SIGTERM, SIGKILL) and
 * watch how it exits. Used by the reliability suite (`npm run test:reliability`); nothing here is
 * specific to one test.
 *
 * - Build: `npm run build` once into BUILD_DIR (default build-reliability, so `build/` is never touched);
 *   an existing BUILD_DIR with its server.js is reused.
 * - Database: embedded PGlite in a fresh DATA_DIR (a copy of a folder seeded once with the demo content);
 *   with TEST_DATABASE_URL, a fresh database on that PostgreSQL server (the role needs CREATEDB).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

export const ADMIN = { email: "admin@example.com", password: "reliability-admin-password" };

const ROOT = process.cwd();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `condition` until it returns something other than undefined or false, and returns that; fails
 * naming `what` after `timeoutMs`. Tests wait for a condition this way, never for a fixed time.
 */
export async function until<T>(what: string, condition: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms for ${what}`);
    await sleep(10);
  }
}

/** The token every test server's /metrics answers to on its own port (PRODUCT.md "Metrics"). */
export const METRICS_TOKEN = "reliability-metrics-token-0123456789abcdef";

// ---------------------------------------------------------------------------------------------------
// Build

/** The build to run: BUILD_DIR when it already holds a compiled server, otherwise a fresh `npm run build`. */
export async function ensureBuild(): Promise<string> {
  const buildDir = path.resolve(ROOT, process.env.BUILD_DIR || "build-reliability");
  if (process.env.BUILD_DIR && fs.existsSync(path.join(buildDir, "server.js")) && fs.existsSync(path.join(buildDir, "server/index.js"))) {
    return buildDir;
  }
  // Not Vitest's variables: vite.config.ts leaves the React Router plugin out under Vitest.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
  await promisify(execFile)("npm", ["run", "build"], {
    cwd: ROOT,
    env: { ...env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return buildDir;
}

// ---------------------------------------------------------------------------------------------------
// Sites: the data a server runs on, kept across restarts

export interface Site {
  kind: "pglite" | "postgres";
  dataDir: string;
  /** Environment for every server started on this site. */
  env: Record<string, string>;
  /** Removes the data (after its servers have stopped). */
  remove: () => Promise<void>;
}

function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Fresh data for one test. `seededFrom` is a PGlite folder already seeded (see seedTemplate), copied so
 * the server starts in a second or two instead of seeding again.
 */
export async function freshSite(seededFrom?: string): Promise<Site> {
  const dataDir = tempDir("marketwire-reliability-");
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    if (seededFrom) fs.cpSync(seededFrom, dataDir, { recursive: true });
    return { kind: "pglite", dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: "" }, remove: removeDir };
  }
  const name = `marketwire_reliability_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    dataDir,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SEED_DEMO_CONTENT: "true",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    },
    remove: async () => {
      await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

/** PGlite only: a data folder with the migrations, demo content and admin, made by starting a server once. */
export async function seedTemplate(buildDir: string): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const site = await freshSite();
  const server = await startServer(buildDir, site, { readyTimeoutMs: 180_000 });
  await server.stop();
  return site.dataDir;
}

// ---------------------------------------------------------------------------------------------------
// Servers

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the exit was seen. */
  at: number;
}

export interface RunningServer {
  origin: string;
  port: number;
  /** The server process itself (node), whatever started it. */
  pid: number;
  site: Site;
  /** Resolves when the server process has exited. */
  exited: Promise<Exit>;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves once the server has printed `text` (its signal handler ran, say); rejects after `timeoutMs`. */
  printed: (text: string, timeoutMs?: number) => Promise<void>;
  /** Sends a signal to the server process; returns Date.now() at sending. */
  signal: (name: NodeJS.Signals) => number;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop: (graceMs?: number) => Promise<Exit>;
}

export interface StartOptions {
  port?: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /**
   * Starts the server under a parent that never reaps its children (a shell that execs `sleep`): once
   * killed, the server stays a zombie, as a crashed server does until its process manager reaps it.
   */
  unreaped?: boolean;
  /** The folder the server runs in (the image's WORKDIR); the repository by default. */
  cwd?: string;
}

const running = new Set<RunningServer>();
const parents = new Set<ChildProcess>();

/** A port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return !fs.existsSync(`/proc/${pid}/stat`) || !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Starts `node <buildDir>/server.js` on `site` and waits until /healthz answers 200. */
export async function startServer(buildDir: string, site: Site, options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // Every value is explicit, so a .env file (read by the server) cannot change the set-up.
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BETTER_AUTH_URL: origin,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT: "off",
    TRUST_PROXY: "false",
    SMTP_URL: "",
    SEED_DEMO_CONTENT: "",
    BETTER_AUTH_SECRET: "",
    PAGE_CACHE: "on",
    // No load balancer watches /readyz here: a stop begins at once unless a test says otherwise.
    SHUTDOWN_DELAY_MS: "0",
    METRICS_TOKEN,
    ...site.env,
    ...options.env,
  };
  const entry = path.join(buildDir, "server.js");
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString());

  let pid: number;
  let exited: Promise<Exit>;
  if (options.unreaped) {
    // The shell prints the server's pid, then becomes `sleep`, which never waits for it.
    const parent = spawn("sh", ["-c", `"$0" "$1" & echo "server-pid:$!"; exec sleep 600`, process.execPath, entry], {
      cwd: options.cwd ?? ROOT,
      env,
    });
    parents.add(parent);
    parent.stderr!.on("data", collect);
    pid = await new Promise<number>((resolve, reject) => {
      parent.stdout!.on("data", (chunk: Buffer) => {
        collect(chunk);
        const match = /server-pid:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      parent.on("exit", () => reject(new Error(`the server's parent exited: ${output}`)));
    });
    // No exit status from a process we are not the parent of: poll until it is gone or a zombie.
    exited = (async () => {
      while (isRunning(pid)) await sleep(20);
      return { code: null, signal: null, at: Date.now() };
    })();
  } else {
    const child = spawn(process.execPath, [entry], { cwd: options.cwd ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    pid = child.pid!;
    exited = new Promise<Exit>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })));
  }

  const server: RunningServer = {
    origin,
    port,
    pid,
    site,
    exited,
    output: () => output,
    printed: async (text, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (Date.now() > deadline) throw new Error(`The server did not print "${text}" within ${timeoutMs} ms:\n${output}`);
        await sleep(5);
      }
    },
    signal: (name) => {
      const at = Date.now();
      try {
        process.kill(pid, name);
      } catch {
        // already gone
      }
      return at;
    },
    stop: async (graceMs = 15_000) => {
      server.signal("SIGTERM");
      // A timer of its own, cleared once the server has exited: a pending one keeps Vitest from closing.
      let endGrace = () => {};
      const graceOver = new Promise<undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), graceMs);
        endGrace = () => clearTimeout(timer);
      });
      const exit = await Promise.race([exited, graceOver]);
      endGrace();
      if (exit) return exit;
      server.signal("SIGKILL");
      return exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (!(await isHealthy(origin))) {
    if (gone) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await server.stop(1_000);
      throw new Error(`The server did not answer /healthz in time:\n${output}`);
    }
    await sleep(50);
  }
  return server;
}

async function isHealthy(origin: string) {
  try {
    const answer = await send(origin, { path: "/healthz", timeoutMs: 2_000 });
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** Stops every server still running (SIGKILL: a test that wanted a clean stop has done it), and their parents. */
export async function stopAllServers() {
  await Promise.all([...running].map((server) => (server.signal("SIGKILL"), server.exited)));
  for (const parent of parents) parent.kill("SIGKILL");
  parents.clear();
}

// ---------------------------------------------------------------------------------------------------
// Log lines (PRODUCT.md "Logs": one JSON object a line in production)

export interface LogLine {
  level: string;
  msg: string;
  time: string;
  requestId?: string;
  [field: string]: unknown;
}

/** The JSON log lines in `output` (a server's output, or a slice of it); anything else fails the test. */
export function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`Not a JSON log line: ${line}`);
      }
    });
}

/** The lines of `output` other than access lines (those name a route and a status). */
export function eventLines(output: string): LogLine[] {
  return logLines(output).filter((line) => line.route === undefined || line.status === undefined);
}

// ---------------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when the whole answer had arrived. */
  at: number;
}

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A form to post (urlencoded). */
  form?: Record<string, string>;
  json?: unknown;
  agent?: http.Agent;
  timeoutMs?: number;
  /**
   * Sends the headers and the first half of the body at once and the rest only when this resolves: the
   * request stays in progress on the server until then.
   */
  holdBodyUntil?: Promise<unknown>;
  /** Called once the request (or its first half) has been written. */
  onSent?: () => void;
}

/** One HTTP request; rejects with the socket error (ECONNRESET…) when no answer arrives. */
export function send(origin: string, options: SendOptions): Promise<Answer> {
  const body =
    options.form !== undefined
      ? Buffer.from(new URLSearchParams(options.form).toString())
      : options.json !== undefined
        ? Buffer.from(JSON.stringify(options.json))
        : undefined;
  const headers: Record<string, string> = { ...options.headers };
  if (options.form !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  if (body) headers["Content-Length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${options.path}`,
      { method: options.method ?? (body ? "POST" : "GET"), headers, agent: options.agent ?? false, timeout: options.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            at: Date.now(),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error(`${options.path}: no answer in time`), { code: "TIMEOUT" })));
    request.on("error", reject);
    if (!body) {
      request.end(() => options.onSent?.());
    } else if (options.holdBodyUntil) {
      const half = Math.floor(body.length / 2);
      request.flushHeaders();
      request.write(body.subarray(0, half), () => options.onSent?.());
      void options.holdBodyUntil.then(() => request.end(body.subarray(half)));
    } else {
      request.end(body, () => options.onSent?.());
    }
  });
}

/** What a browser sends with a form post on this site (the server refuses a post without its Origin). */
/**
 * Resolves once `server` holds at least `count` requests it has not answered (its in-flight gauge); `count`
 * may be worked out afresh at each look (requests still unanswered by the client's count, say).
 */
export function untilInFlight(server: { origin: string }, count: number | (() => number)) {
  const wanted = typeof count === "number" ? () => count : count;
  return until("the requests to be in flight", async () => {
    const scrape = await send(server.origin, { path: "/metrics", headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = scrape.body.split("\n").find((candidate) => candidate.startsWith("marketwire_http_requests_in_flight "));
    // The scrape counts itself.
    return line !== undefined && Number(line.split(" ")[1]) - 1 >= wanted();
  });
}

/**
 * Returns once every line the server would log for requests answered so far is written: a request sent
 * now gets its access line after theirs, so its line is the barrier. For checks that something was NOT
 * logged (a second line, an error), without waiting a fixed time.
 */
export async function logsSettled(server: { origin: string; output: () => string }) {
  const answer = await send(server.origin, { path: "/healthz" });
  const requestId = answer.headers["x-request-id"];
  await until(`the access line of the barrier request ${String(requestId)}`, () =>
    logLines(server.output()).some((line) => line.requestId === requestId && line.status !== undefined),
  );
}

export function sameOrigin(server: { origin: string }) {
  return { Origin: server.origin };
}

// ---------------------------------------------------------------------------------------------------
// Reading what the site stored, as an admin

/** Signs in as the admin (Better Auth's email sign-in) and returns the session cookie. */
export async function signInAsAdmin(server: { origin: string }): Promise<string> {
  const answer = await send(server.origin, {
    path: "/api/auth/sign-in/email",
    headers: sameOrigin(server),
    json: { email: ADMIN.email, password: ADMIN.password },
  });
  const cookies = answer.headers["set-cookie"] ?? [];
  if (answer.status !== 200 || cookies.length === 0) throw new Error(`Admin sign-in failed (${answer.status}): ${answer.body}`);
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** The admin's CSV export of newsletter subscribers or contact messages. */
export async function adminExport(server: { origin: string }, cookie: string, what: "subscribers" | "messages"): Promise<string> {
  const answer = await send(server.origin, { path: `/admin/${what}.csv`, headers: { Cookie: cookie } });
  if (answer.status !== 200) throw new Error(`/admin/${what}.csv answered ${answer.status}`);
  return answer.body;
}
