/**
 * The image (Dockerfile), without a container (docs/DEPLOY.md "What was not run"): its build stage's steps
 * run in a clean folder holding what `docker build` would send (the committed files minus .dockerignore),
 * its runtime stage is assembled from that folder by its COPY lines alone, and the result is started with
 * the image's environment and command, asked its health check, backed up with the operator's command and
 * stopped with its stop signal; on PostgreSQL (as compose.yaml runs it) and on the embedded default.
 * Runs in the PostgreSQL pass only (once per CI run: the clean install and build take minutes).
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { copyInto, dockerignored, execForm, parseCopy, parseDockerfile, parseEnv, type Stage } from "../dockerfile";
import { freePort, freshSite, send, signInAsAdmin, startServer, stopAllServers, type Site } from "../harness";

const run = promisify(execFile);
const ROOT = process.cwd();
const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
const buildStage = stages.find((stage) => stage.name === "build")!;
const runtimeStage = stages.at(-1)!;

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

/** Runs the build stage's steps in a clean folder; returns the folder (its WORKDIR). */
async function runBuildStage(): Promise<string> {
  const context = path.join(scratch, "context");
  fs.mkdirSync(context);
  // What `docker build .` sends from a clean checkout: the committed files.
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${context}"`], { cwd: ROOT });
  const ignored = dockerignored(context);
  const workdir = path.join(scratch, "build-stage");
  fs.mkdirSync(workdir);
  for (const { op, args } of buildStage.instructions) {
    if (op === "WORKDIR") continue;
    if (op === "COPY") {
      const { from, sources, destination } = parseCopy(args);
      expect(from).toBeUndefined();
      copyInto(context, sources, workdir, destination, ignored);
    } else if (op === "RUN") {
      // The image's environment: no NODE_ENV, no variables of this test run.
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_cache: process.env.npm_config_cache };
      await run("sh", ["-c", args], { cwd: workdir, env, maxBuffer: 256 * 1024 * 1024, timeout: 15 * 60_000 });
    } else {
      throw new Error(`The build stage's ${op} is not followed by the image test`);
    }
  }
  return workdir;
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
beforeAll(async () => {
  runtime = assembleRuntime(await runBuildStage());
  const notRun = runtimeStage.instructions.filter((instruction) => instruction.op === "RUN").map((instruction) => instruction.args);
  console.info(`[reliability] the runtime stage's RUN lines are not run outside a container: ${notRun.join(" | ")}`);
  imageEnv = Object.assign({}, ...runtimeStage.instructions.filter((i) => i.op === "ENV").map((i) => parseEnv(i.args))) as Record<
    string,
    string
  >;
}, 20 * 60_000);

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
  it("is Node 20 slim, runs as an unprivileged user, and stops on SIGTERM", () => {
    for (const stage of stages) expect(stage.from).toMatch(/^node:20-[a-z]+-slim$/);
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
