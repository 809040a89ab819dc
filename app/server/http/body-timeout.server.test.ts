import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { limitBodyTime } from "./body-timeout.server";
import { answerUnknownMethods, refuseUnservedMethods } from "./method-guard.server";

const BODY_MS = 300;
const UPLOAD_MS = 3_000;
/** Timers run late on a busy machine: what matters is closing long before the body would end. */
const SLACK_MS = 1_500;

let port: number;
let close: () => void;
/** How many bytes the server had read from each connection when it closed it, by the client's local port. */
const readAtClose = new Map<number, number>();

beforeAll(async () => {
  const app = express();
  // As create-app.ts mounts them: DELETE, OPTIONS … are answered at once, without reading a body.
  app.use(limitBodyTime({ bodyMs: BODY_MS, uploadBodyMs: UPLOAD_MS }), refuseUnservedMethods);
  // A refusal that answers without reading the body, as the guards do.
  const refuse: express.RequestHandler = (req, res, next) => (req.query.refuse ? void res.status(403).send("refused") : next());
  app.post(["/refused", "/admin/media/upload"], refuse);
  // A handler that is slow after the body has arrived.
  app.post("/slow-handler", express.text({ type: "*/*" }), (req, res) => {
    setTimeout(() => res.send(`read ${String(req.body).length}`), BODY_MS * 2);
  });
  // A page that answers after a wait (a database query).
  app.get("/page", async (_req, res) => {
    await new Promise(setImmediate);
    res.send("the page");
  });
  app.all("*splat", express.text({ type: "*/*" }), (req, res) => void res.send(`read ${String(req.body).length}`));
  const server = app.listen(0, "127.0.0.1");
  // As server.ts does.
  answerUnknownMethods(server, { bodyMs: BODY_MS });
  server.on("connection", (socket: net.Socket) => {
    const clientPort = socket.remotePort!;
    socket.once("close", () => readAtClose.set(clientPort, socket.bytesRead));
  });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** Polls `read` until it gives a value, for at most `withinMs`. */
async function waitFor<T>(read: () => T | undefined, withinMs = 5_000): Promise<T | undefined> {
  const deadline = Date.now() + withinMs;
  let value = read();
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = read();
  }
  return value;
}

/**
 * A request whose body arrives one byte every `everyMs` (a slow-body attack, or a very slow link). Without
 * `withLength`, the body is sent without Content-Length after a request that closes the connection.
 */
function dribble(method: string, path: string, body: string, everyMs: number, withLength = true) {
  return new Promise<{ answer: string; answeredAfterMs?: number; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    let answer = "";
    let answeredAfterMs: number | undefined;
    let sent = 0;
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n` +
          (withLength ? `Content-Length: ${body.length}\r\n\r\n` : "Connection: close\r\n\r\n"),
      ),
    );
    const timer = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, everyMs);
    socket.on("data", (chunk) => {
      answeredAfterMs ??= Date.now() - started;
      answer += chunk.toString();
      // The whole body was read and answered: this keep-alive connection is done with.
      if (sent === body.length && /\r\n\r\nread \d+$/.test(answer)) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, answeredAfterMs, closedAfterMs: Date.now() - started });
    });
  });
}

/**
 * A raw client that writes `head`, reads the answer until `answered(answer)` holds, then writes `rest` (and
 * ends its side when `endAfterRest`): how a client still sending a body meets a server that answered early.
 */
function writeRestAfterAnswer(head: string, answered: (answer: string) => boolean, rest: Buffer, endAfterRest: boolean) {
  return new Promise<{ answer: string; error?: string; serverEnded: boolean }>((resolve) => {
    let answer = "";
    let error: string | undefined;
    let serverEnded = false;
    let restSent = false;
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (!restSent && answered(answer)) {
        restSent = true;
        if (endAfterRest) socket.end(rest);
        else socket.write(rest);
      }
    });
    socket.on("end", () => (serverEnded = true));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on("close", () => resolve({ answer, error, serverEnded }));
  });
}

describe("limitBodyTime", () => {
  it("answers a body that dribbles past the short limit with 408 and closes the connection", async () => {
    const { answer, answeredAfterMs, closedAfterMs } = await dribble("POST", "/contact", "x".repeat(100), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(answer).toMatch(/\r\n\r\nRequest Timeout: the request's body did not arrive within \d+ seconds/);
    expect(answeredAfterMs).toBeGreaterThanOrEqual(BODY_MS - 20);
    expect(closedAfterMs).toBeLessThan(BODY_MS + SLACK_MS);
  });

  it.each(["/admin/media/upload", "/admin/media", "/admin/media.data", "/ADMIN/MEDIA/UPLOAD/", "/admin/markets"])(
    "gives a POST to the upload route %s the long limit",
    async (path) => {
      const { answer, answeredAfterMs } = await dribble("POST", path, "x".repeat(16), 50);
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toMatch(/read 16$/);
      expect(answeredAfterMs).toBeGreaterThan(BODY_MS);
    },
  );

  it("cuts an upload at the long limit", async () => {
    const { answer, answeredAfterMs } = await dribble("POST", "/admin/media/upload", "x".repeat(100), 50);
    // 100 bytes take 5 s to arrive.
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answeredAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS - 20);
  });

  it("does not give the long limit to a GET of the upload path or to other admin pages", async () => {
    for (const [method, path] of [
      ["GET", "/admin/media/upload"],
      ["POST", "/admin/media/uploads"],
      ["POST", "/admin/videos/new"],
    ] as const) {
      const { answer } = await dribble(method, path, "x".repeat(100), 50);
      expect(answer, `${method} ${path}`).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it("closes the connection at the short limit when the request was answered before its body arrived", async () => {
    // The upload route's long limit ends with the answer, too.
    for (const path of ["/refused?refuse=1", "/admin/media/upload?refuse=1"]) {
      const { answer, answeredAfterMs, closedAfterMs } = await dribble("POST", path, "x".repeat(100), 50);
      expect(answer).toMatch(/^HTTP\/1\.1 403 /);
      expect(answeredAfterMs).toBeLessThan(BODY_MS);
      expect(closedAfterMs).toBeLessThan(BODY_MS + SLACK_MS);
    }
  });

  it("never resets a connection that ends with its answer while the body is still arriving (Connection: close)", async () => {
    // A client that sends `Connection: close` and a large body, refused after its first bytes: it reads the
    // whole answer, then writes the rest of the body without a reset, and the server then closes cleanly.
    const rest = Buffer.alloc(2 * 1024 * 1024, "y");
    const outcome = await writeRestAfterAnswer(
      `POST /refused?refuse=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
        `Content-Length: ${1024 + rest.length}\r\n\r\n${"x".repeat(1024)}`,
      (answer) => answer.endsWith("refused"),
      rest,
      false,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(outcome.answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(outcome.error).toBeUndefined();
    expect(outcome.serverEnded).toBe(true);
  });

  // Node's HTTP client sends the body of a DELETE, GET, HEAD, OPTIONS or TRACE without Content-Length, on a
  // connection it closes after the answer (agent: false sends `Connection: close`), as the request fuzz does
  // (tests/e2e/request-fuzz.spec.ts). Such a request has no body; the bytes after it are dropped unanswered.
  it("reads a body sent without a length after the last request to its end before closing, and answers the request", async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, "y");
    for (const [method, path, status] of [
      ["DELETE", "/admin/blogs/new?page=-1", 405],
      ["OPTIONS", "/contact", 204],
      ["GET", "/page", 200],
      ["GET", "/contact", 200],
    ] as const) {
      for (let i = 0; i < 5; i++) {
        const outcome = await new Promise<{ status?: number; answer: string; error?: string; clientPort?: number }>((resolve) => {
          let status: number | undefined;
          let answer = "";
          let error: string | undefined;
          let clientPort: number | undefined;
          const req = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (res) => {
            status = res.statusCode;
            res.on("data", (chunk: Buffer) => (answer += chunk.toString()));
          });
          req.on("socket", (socket) =>
            socket.on("connect", () => {
              clientPort = socket.localPort!;
              readAtClose.delete(clientPort);
            }),
          );
          req.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code));
          req.on("close", () => resolve({ status, answer, error, clientPort }));
          req.end(body);
        });
        const label = `${method} ${path} #${i}`;
        expect(outcome.error, label).toBeUndefined();
        expect(outcome.status, label).toBe(status);
        if (path === "/page") expect(outcome.answer, label).toBe("the page");
        // The server closed the connection only once it had read every byte sent (the client ends its side once
        // it has sent them): closed earlier, the bytes still arriving reset it, and a client still writing can
        // meet the reset before it reads the answer (`write ECONNRESET`, the answer lost).
        const read = await waitFor(() => readAtClose.get(outcome.clientPort!));
        expect(read, label).toBeGreaterThan(body.length);
      }
    }
  });

  it("drops bytes after the last request without resetting the connection, and closes it after the client's last byte", async () => {
    const rest = Buffer.alloc(2 * 1024 * 1024, "y");
    // The whole answer has arrived: the client goes on writing, then ends its side.
    const outcome = await writeRestAfterAnswer(
      `DELETE /refused HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n${"x".repeat(1024)}`,
      (answer) => /\r\n\r\nMethod Not Allowed: [^\n]*\n$/.test(answer),
      rest,
      true,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 405 /);
    // One answer: the bytes after the request are not answered as one more (a 400).
    expect(outcome.answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(outcome.error).toBeUndefined();
    expect(outcome.serverEnded).toBe(true);
  });

  it("closes a connection whose client goes on sending bytes after the last request at the short limit", async () => {
    const { answer, answeredAfterMs, closedAfterMs } = await dribble("DELETE", "/refused", "x".repeat(100), 50, false);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answeredAfterMs).toBeLessThan(BODY_MS);
    // 100 bytes take 5 s to arrive.
    expect(closedAfterMs).toBeLessThan(BODY_MS + SLACK_MS);
  });

  it("leaves a handler that is slow after the body has arrived alone", async () => {
    const { answer, answeredAfterMs } = await dribble("POST", "/slow-handler", "abc", 10);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/read 3$/);
    expect(answeredAfterMs).toBeGreaterThan(BODY_MS * 2);
  });
});
