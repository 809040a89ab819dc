import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

import { trackRequests } from "./http-drain.server";

/**
 * Another process (so that it runs while this one is busy): waits for the file `go`, opens 8 connections
 * and sends GET /late-<n> on each, touches `sent` once all are written, and prints what each received.
 */
const QUEUED_CLIENTS = `
const fs = require("node:fs");
const net = require("node:net");
const [port, go, sent] = process.argv.slice(1);
const pause = new Int32Array(new SharedArrayBuffer(4));
const deadline = Date.now() + 10000;
while (!fs.existsSync(go) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 2);
let written = 0;
const answers = Array.from({ length: 8 }, (_, n) => new Promise((resolve) => {
  const socket = net.connect(Number(port), "127.0.0.1", () => {
    socket.write("GET /late-" + n + " HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n", () => {
      if (++written === 8) fs.writeFileSync(sent, "");
    });
  });
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  socket.on("close", () => resolve(received));
  socket.on("error", (error) => resolve("ERROR " + error.code));
}));
Promise.all(answers).then((all) => process.stdout.write(JSON.stringify(all)));
`;

/**
 * Another process: one keep-alive connection sends GET /first and, once answered, touches `idle`; when the
 * file `go` appears it sends GET /second, touches `sent`, and prints all it received (or the error).
 */
const KEEP_ALIVE_CLIENT = `
const fs = require("node:fs");
const net = require("node:net");
const [port, idle, go, sent] = process.argv.slice(1);
const pause = new Int32Array(new SharedArrayBuffer(4));
let received = "";
const socket = net.connect(Number(port), "127.0.0.1", () => socket.write("GET /first HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n"));
socket.on("data", (chunk) => {
  received += chunk;
  if (!received.endsWith("answer to /first")) return;
  fs.writeFileSync(idle, "");
  const deadline = Date.now() + 10000;
  while (!fs.existsSync(go) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 2);
  socket.write("GET /second HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n", () => fs.writeFileSync(sent, ""));
});
socket.on("close", () => process.stdout.write(received));
socket.on("error", (error) => process.stdout.write(" ERROR " + error.code));
`;

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose answers take `delayMs`, with the tracker installed as server.ts does. */
async function slowServer(delayMs: number) {
  const server = http.createServer((req, res) => {
    setTimeout(() => res.end(`answer to ${req.url}`), delayMs);
  });
  servers.push(server);
  const tracker = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, tracker, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: agent ?? false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });
}

/**
 * Raw HTTP over one connection (as a pipelining client sends it): `script` sends requests with `send`;
 * resolves with everything the server sent until it closed the connection.
 */
function rawExchange(port: number, script: (send: (path: string) => Promise<void>) => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const send = (path: string) => new Promise<void>((sent) => socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`, () => sent()));
      script(send).catch(reject);
    });
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

function splitAnswers(received: string) {
  return received.split(/(?=HTTP\/1\.1 )/);
}

/** Polls `check` until it passes: often, since the answers it waits among take a few hundred ms at most. */
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 5 });

describe("trackRequests(server).drain()", () => {
  it("lets requests in progress finish and refuses new connections", async () => {
    const { server, tracker, port } = await slowServer(300);
    const answers = Promise.all([get(port, "/a"), get(port, "/b"), get(port, "/c")]);
    await waitFor(() => expect(tracker.inFlight).toBe(3));
    let drained = false;
    const drain = tracker.drain().then(() => (drained = true));
    // Once the queue of connections is quiet, the listener closes.
    await waitFor(() => expect(server.listening).toBe(false));
    await expect(get(port, "/late")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(drained).toBe(false);
    expect((await answers).map((answer) => [answer.status, answer.body])).toEqual([
      [200, "answer to /a"],
      [200, "answer to /b"],
      [200, "answer to /c"],
    ]);
    await drain;
    expect(tracker.inFlight).toBe(0);
  });

  it("answers a request in progress on a keep-alive connection with Connection: close", async () => {
    const { tracker, port } = await slowServer(200);
    const agent = new http.Agent({ keepAlive: true });
    const answer = get(port, "/busy", agent);
    await waitFor(() => expect(tracker.inFlight).toBe(1));
    const drain = tracker.drain();
    expect(await answer).toEqual({ status: 200, connection: "close", body: "answer to /busy" });
    await drain;
    agent.destroy();
  });

  it("closes a keep-alive connection once it has been idle half a second", async () => {
    const { tracker, port } = await slowServer(0);
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(port, "/first", agent)).connection).toBe("keep-alive");
    const started = Date.now();
    await tracker.drain();
    // Well before the 5 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });

  it("resets none of 10 busy keep-alive clients: each is answered until one answer says Connection: close", async () => {
    const { tracker, port } = await slowServer(2);
    const answered = Array.from({ length: 10 }, () => 0);
    const clients = Array.from({ length: 10 }, async (_, n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const outcomes: string[] = [];
      try {
        // Each sends its next request as soon as the last is answered, as a proxy's pooled connection does.
        for (let i = 0; ; i++) {
          const answer = await get(port, `/client-${n}/${i}`, agent);
          outcomes.push(String(answer.status));
          answered[n] += 1;
          if (answer.connection === "close") return outcomes;
        }
      } catch (error) {
        outcomes.push((error as NodeJS.ErrnoException).code ?? String(error));
        return outcomes;
      } finally {
        agent.destroy();
      }
    });
    // Every client is busy on a connection it has reused.
    await waitFor(() => expect(answered.every((count) => count >= 3)).toBe(true));
    await tracker.drain();
    const all = await Promise.all(clients);
    expect(all.flat().filter((outcome) => outcome !== "200")).toEqual([]);
  });

  it("accepts and answers the connections that queued up while the process was busy, as the signal to stop came", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-drain-"));
    const go = path.join(dir, "go");
    const sent = path.join(dir, "sent");
    let drain: Promise<void> | undefined;
    const server = http.createServer((req, res) => {
      if (req.url !== "/busy") {
        setTimeout(() => res.end(`answer to ${req.url}`), 20);
        return;
      }
      // A long synchronous stretch (a large render): the signal comes, and clients connect and send their
      // requests; all of it waits for the event loop.
      process.kill(process.pid, "SIGUSR2");
      fs.writeFileSync(go, "");
      const deadline = Date.now() + 10_000;
      while (!fs.existsSync(sent) && Date.now() < deadline) {
        // busy
      }
      const settled = Date.now() + 50;
      while (Date.now() < settled) {
        // busy
      }
      res.end("done");
    });
    servers.push(server);
    const tracker = trackRequests(server);
    process.once("SIGUSR2", () => (drain = tracker.drain()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const clients = spawn(process.execPath, ["-e", QUEUED_CLIENTS, String(port), go, sent]);
    let printed = "";
    clients.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const clientsDone = new Promise((resolve) => clients.on("exit", resolve));
    expect((await get(port, "/busy")).body).toBe("done");
    await clientsDone;
    await drain;
    fs.rmSync(dir, { recursive: true, force: true });
    const received = JSON.parse(printed) as string[];
    expect(received.map((answer) => answer.split("\r\n")[0])).toEqual(received.map(() => "HTTP/1.1 200 OK"));
    received.forEach((answer, n) => {
      expect(answer).toMatch(/^Connection: close\r$/im);
      expect(answer).toContain(`answer to /late-${n}`);
    });
  });

  it("answers, not resets, a request that arrived on an idle keep-alive connection while the process was busy", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-drain-"));
    const [idle, go, sent] = ["idle", "go", "sent"].map((name) => path.join(dir, name)) as [string, string, string];
    const { tracker, port } = await slowServer(0);
    const client = spawn(process.execPath, ["-e", KEEP_ALIVE_CLIENT, String(port), idle, go, sent]);
    let printed = "";
    client.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const clientDone = new Promise((resolve) => client.on("exit", resolve));
    await waitFor(() => expect(fs.existsSync(idle)).toBe(true));

    // The stop begins on an idle keep-alive connection; then a long synchronous stretch (a large render, run
    // from a callback as renders are, so timers come next), during which the client sends its next request,
    // outlasts the half second after which an idle connection is closed.
    const drain = tracker.drain();
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        fs.writeFileSync(go, "");
        const deadline = Date.now() + 10_000;
        while (!fs.existsSync(sent) && Date.now() < deadline) {
          // busy
        }
        const busyUntil = Date.now() + 700;
        while (Date.now() < busyUntil) {
          // busy
        }
        resolve();
      }),
    );
    await drain;
    await clientDone;
    fs.rmSync(dir, { recursive: true, force: true });
    const answers = splitAnswers(printed);
    expect(answers.map((answer) => answer.split("\r\n")[0])).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
    expect(answers[1]).toMatch(/^Connection: close\r$/im);
    expect(answers[1]).toContain("answer to /second");
  });

  it("waits a moment for a request on a connection that has sent nothing yet, then closes it", async () => {
    const server = http.createServer((req, res) => res.end(`answer to ${req.url}`));
    servers.push(server);
    const tracker = trackRequests(server, 300);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    let accepted = 0;
    server.on("connection", () => (accepted += 1));
    let drainedAt = 0;
    let drain: Promise<unknown> | undefined;
    let started = 0;
    // Two connections, accepted before the stop: one sends its request once the stop has closed the listener
    // (the grace for a first request has begun), the other never does.
    const silent = new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("close", () => resolve("closed"));
      socket.on("error", () => {});
    });
    const late = rawExchange(port, async (send) => {
      await waitFor(() => expect(accepted).toBe(2));
      started = Date.now();
      drain = tracker.drain().then(() => (drainedAt = Date.now()));
      await waitFor(() => expect(server.listening).toBe(false));
      await send("/late");
    });
    const answer = await late;
    expect(answer).toContain("answer to /late");
    expect(answer).toMatch(/^Connection: close\r$/im);
    expect(await silent).toBe("closed");
    await drain;
    expect(drainedAt - started).toBeGreaterThanOrEqual(250);
    expect(drainedAt - started).toBeLessThan(2_000);
  });

  it("answers every request a client sent on a busy connection, closing the connection after the last", async () => {
    const { tracker, port } = await slowServer(200);
    let drain: Promise<void> | undefined;
    const received = await rawExchange(port, async (send) => {
      await Promise.all([send("/one"), send("/two")]);
      // Both read: the pipelined one is in flight too, waiting for its turn.
      await waitFor(() => expect(tracker.inFlight).toBe(2));
      drain = tracker.drain();
    });
    await drain;
    const answers = splitAnswers(received);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answers[0]).toContain("answer to /one");
    expect(answers[0]).not.toMatch(/^Connection: close/im);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answers[1]).toMatch(/^Connection: close\r$/im);
    expect(answers[1]).toContain("answer to /two");
  });

  it("answers a request sent on a busy connection after the drain began, with Connection: close", async () => {
    const { server, tracker, port } = await slowServer(200);
    let drain: Promise<void> | undefined;
    const received = await rawExchange(port, async (send) => {
      await send("/before");
      await waitFor(() => expect(tracker.inFlight).toBe(1));
      drain = tracker.drain();
      // Well into the stop: the listener is closed.
      await waitFor(() => expect(server.listening).toBe(false));
      await send("/during");
    });
    await drain;
    const answers = splitAnswers(received);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toContain("answer to /before");
    expect(answers[0]).not.toMatch(/^Connection: close/im);
    expect(answers[1]).toMatch(/^Connection: close\r$/im);
    expect(answers[1]).toContain("answer to /during");
  });
});
