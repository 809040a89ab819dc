import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { limitBodyTime } from "./body-timeout.server";

const BODY_MS = 300;
const UPLOAD_MS = 3_000;
/** Timers run late on a busy machine: what matters is closing long before the body would end. */
const SLACK_MS = 1_500;

let port: number;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(limitBodyTime({ bodyMs: BODY_MS, uploadBodyMs: UPLOAD_MS }));
  // A refusal that answers without reading the body, as the guards do.
  const refuse: express.RequestHandler = (req, res, next) => (req.query.refuse ? void res.status(403).send("refused") : next());
  app.post(["/refused", "/admin/media/upload"], refuse);
  // A handler that is slow after the body has arrived.
  app.post("/slow-handler", express.text({ type: "*/*" }), (req, res) => {
    setTimeout(() => res.send(`read ${String(req.body).length}`), BODY_MS * 2);
  });
  app.all("*splat", express.text({ type: "*/*" }), (req, res) => void res.send(`read ${String(req.body).length}`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** A request whose body arrives one byte every `everyMs` (a slow-body attack, or a very slow link). */
function dribble(method: string, path: string, body: string, everyMs: number) {
  return new Promise<{ answer: string; answeredAfterMs?: number; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    let answer = "";
    let answeredAfterMs: number | undefined;
    let sent = 0;
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n`),
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

  it.each(["/admin/media/upload", "/admin/media", "/admin/media.data", "/ADMIN/MEDIA/UPLOAD/"])(
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
    const outcome = await new Promise<{ answer: string; error?: string; serverEnded: boolean }>((resolve) => {
      let answer = "";
      let error: string | undefined;
      let serverEnded = false;
      let restSent = false;
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(
          `POST /refused?refuse=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
            `Content-Length: ${1024 + rest.length}\r\n\r\n${"x".repeat(1024)}`,
        ),
      );
      socket.on("data", (chunk) => {
        answer += chunk.toString();
        if (!restSent && answer.endsWith("refused")) {
          restSent = true;
          socket.write(rest);
        }
      });
      socket.on("end", () => (serverEnded = true));
      socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
      socket.on("close", () => resolve({ answer, error, serverEnded }));
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(outcome.answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(outcome.error).toBeUndefined();
    expect(outcome.serverEnded).toBe(true);
  });

  it("leaves a handler that is slow after the body has arrived alone", async () => {
    const { answer, answeredAfterMs } = await dribble("POST", "/slow-handler", "abc", 10);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/read 3$/);
    expect(answeredAfterMs).toBeGreaterThan(BODY_MS * 2);
  });
});
