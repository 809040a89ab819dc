/**
 * compose.yaml's load balancer (deploy/Caddyfile, docs/DEPLOY.md) run for real, without containers: Caddy
 * ending TLS in front of two production instances on one PostgreSQL. Only what containers would change is
 * changed: the address Caddy listens on, the instances' addresses, and the test's certificate instead of
 * Caddy's own authority. It hands out request ids the instances keep, hides /metrics, lets sign-in through,
 * and a rolling restart (SIGTERM to one instance while readers keep reading) fails no request.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";

import { ADMIN, freePort, freshSite, logLines, logsSettled, sleep, startServer, stopAllServers, until, type Site } from "../harness";

const buildDir = inject("buildDir");
const TLS_DIR = path.resolve("tests/support/tls");
const CA = fs.readFileSync(path.join(TLS_DIR, "localhost-cert.pem"));
const METRICS_TOKEN = "load-balancer-metrics-token-0123456789";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-caddy-"));
const sites: Site[] = [];
let caddy: ChildProcess | undefined;
afterAll(async () => {
  caddy?.kill("SIGTERM");
  await stopAllServers();
  for (const site of sites) await site.remove();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** deploy/Caddyfile with the listening address, the upstreams and the certificate of this test. */
function testCaddyfile(httpsPort: number, httpPort: number, upstreams: number[]): string {
  const shipped = fs.readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
  const globals = /^\{\n[\s\S]*?\n\}\n/m;
  expect(shipped).toMatch(globals);
  expect(shipped).toContain("\nlocalhost {\n");
  expect(shipped).toContain("reverse_proxy app-1:3000 app-2:3000 {");
  return shipped
    .replace(globals, `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n`)
    .replace(
      "\nlocalhost {\n",
      `\nlocalhost:${httpsPort} {\n\ttls ${path.join(TLS_DIR, "localhost-cert.pem")} ${path.join(TLS_DIR, "localhost-key.pem")}\n`,
    )
    .replace("reverse_proxy app-1:3000 app-2:3000 {", `reverse_proxy ${upstreams.map((port) => `127.0.0.1:${port}`).join(" ")} {`);
}

async function startCaddy(config: string) {
  const file = path.join(scratch, "Caddyfile");
  fs.writeFileSync(file, config);
  const env = { PATH: process.env.PATH, HOME: scratch, XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch };
  let output = "";
  caddy = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], { env, stdio: ["ignore", "pipe", "pipe"] });
  caddy.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  caddy.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function viaBalancer(
  origin: string,
  requestPath: string,
  options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
) {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = { Origin: origin, ...options.headers };
  if (body)
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) });
  return new Promise<Answer>((resolve, reject) => {
    const request = https.request(
      `${origin}${requestPath}`,
      { method: body ? "POST" : "GET", headers, ca: CA, agent: false, timeout: 15_000 },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer in time")));
    request.on("error", reject);
    request.end(body);
  });
}

describe("the load balancer of compose.yaml", () => {
  it("ends TLS, hands out request ids, hides /metrics, lets sign-in through, and a rolling restart fails no request", async () => {
    const site = await freshSite();
    sites.push(site);
    const [httpsPort, httpPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const origin = `https://localhost:${httpsPort}`;
    const env = { BETTER_AUTH_URL: origin, PUBLIC_URL: origin, TRUST_PROXY: "loopback", METRICS_TOKEN, SHUTDOWN_DELAY_MS: "3000" };
    const a = await startServer(buildDir, site, { port: portA, env, readyTimeoutMs: 180_000 });
    const b = await startServer(buildDir, site, { port: portB, env, readyTimeoutMs: 180_000 });
    const caddyOutput = await startCaddy(testCaddyfile(httpsPort, httpPort, [portA, portB]));

    let home: Answer | undefined;
    for (let attempt = 0; attempt < 100 && home?.status !== 200; attempt++) {
      home = await viaBalancer(origin, "/").catch(() => undefined);
      if (home?.status !== 200) await sleep(100);
    }
    expect(home?.status, caddyOutput()).toBe(200);

    // Caddy's request id reaches the instance that answered and comes back to the reader.
    const id = home!.headers["x-request-id"] as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const linesOfId = () =>
      [a, b].flatMap((server) => logLines(server.output())).filter((line) => line.requestId === id && line.status === 200);
    await until("the access line of Caddy's request id", () => linesOfId().length > 0);
    // Written by now: any second line (the other instance's, or a repeat).
    for (const server of [a, b]) await logsSettled(server);
    const accessLines = linesOfId();
    expect(accessLines).toHaveLength(1);

    // The scraper asks each instance; the public side has no /metrics, token or not.
    const metrics = await viaBalancer(origin, "/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(404);
    expect(metrics.body).not.toContain("marketwire_http_requests_total");

    // Sign-in over the balancer's https: the instances believe its X-Forwarded-Proto.
    const signIn = await viaBalancer(origin, "/auth", { form: { intent: "signin", email: ADMIN.email, password: ADMIN.password } });
    expect([signIn.status, signIn.headers.location]).toEqual([302, "/admin"]);
    expect(String(signIn.headers["set-cookie"])).toMatch(/__Secure-better-auth\.session_token=.*; Secure/);

    // A rolling restart: readers keep reading while instance A stops on SIGTERM.
    let reading = true;
    const failures: string[] = [];
    let answered = 0;
    const reader = async () => {
      while (reading) {
        const answer = await viaBalancer(origin, "/videos").catch((error: Error) => ({ status: 0, body: error.message }) as Answer);
        if (answer.status === 200) answered++;
        else failures.push(`${answer.status} ${answer.body.slice(0, 80)}`);
      }
    };
    const readers = [reader(), reader(), reader()];
    await until("the readers' first answers", () => answered >= 10);
    const stopped = await a.stop(20_000);
    // B keeps answering them once A has gone.
    const answeredByThen = answered;
    await until("answers after A stopped", () => answered >= answeredByThen + 10);
    reading = false;
    await Promise.all(readers);
    console.info(`[reliability] rolling restart behind Caddy: ${answered} answers, ${failures.length} failures`);
    expect(stopped.code).toBe(0);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    // B answered for A once it had gone.
    expect(logLines(b.output()).filter((line) => line.route === "/videos").length).toBeGreaterThan(0);
  });
});
