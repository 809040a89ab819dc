/**
 * What a probe from outside sends, against the production server (PRODUCT.md "Security"): an absolute-form
 * request target is a 400 with nothing alarming in the log, and a body that dribbles in is cut at the short
 * body limit (BODY_TIMEOUT_SECONDS, 1 s here) on every route but the upload route, which keeps the long one.
 * A refused post is answered at once, without waiting for its body.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { imageBytes } from "../support/media-fixtures";
import {
  eventLines,
  freshSite,
  logLines,
  logsSettled,
  signInAsAdmin,
  startServer,
  stopAllServers,
  type RunningServer,
  type Site,
} from "./harness";

const buildDir = inject("buildDir");
const seededDataDir = inject("seededDataDir") || undefined;

const BODY_TIMEOUT_MS = 1_000;

let site: Site;
let server: RunningServer;
beforeAll(async () => {
  site = await freshSite(seededDataDir);
  server = await startServer(buildDir, site, { env: { BODY_TIMEOUT_SECONDS: String(BODY_TIMEOUT_MS / 1000) } });
});
afterAll(async () => {
  await stopAllServers();
  await site?.remove();
});

interface Exchange {
  /** Everything the server sent. */
  answer: string;
  /** Milliseconds from the first byte sent to the first byte of the answer (undefined: none came). */
  answeredAfterMs?: number;
  /** Milliseconds from the first byte sent until the server closed the connection (undefined: it did not). */
  closedAfterMs?: number;
  /** Body bytes sent before the server answered. */
  bodySentBeforeAnswer: number;
}

/**
 * A request over a raw socket: its head at once, then its body `chunkBytes` at a time every `everyMs`,
 * the way a slow-body attack (or a very slow link) sends it. Gives up after `giveUpMs`.
 */
function dribble(head: string, body: Buffer, { chunkBytes = 1, everyMs = 100, giveUpMs = 8_000 } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const exchange: Exchange = { answer: "", bodySentBeforeAnswer: 0 };
    let sent = 0;
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(head));
    const timer = setInterval(() => {
      if (sent >= body.length || socket.destroyed) return;
      socket.write(body.subarray(sent, sent + chunkBytes));
      sent += chunkBytes;
    }, everyMs);
    const finish = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve(exchange);
    };
    const giveUp = setTimeout(finish, giveUpMs);
    socket.on("data", (chunk) => {
      if (exchange.answeredAfterMs === undefined) {
        exchange.answeredAfterMs = Date.now() - started;
        exchange.bodySentBeforeAnswer = sent;
      }
      exchange.answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      exchange.closedAfterMs = Date.now() - started;
      finish();
    });
  });
}

function formHead(path: string, origin: string, length: number, extra = "") {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin}\r\n` +
    `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${extra}\r\n`
  );
}

const slowForm = Buffer.from(`name=Ann&email=ann%40example.com&subject=Hello&message=${"a".repeat(200)}`);

describe("an absolute-form request target", () => {
  it.each(["GET http://evil.example/admin", "GET http://127.0.0.1/", "POST http://evil.example/contact"])(
    "%s is a 400 in plain text, never cached, and the log shows nothing but its access line",
    async (requestLine) => {
      const logBefore = server.output().length;
      const { answer } = await dribble(
        `${requestLine} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
        Buffer.alloc(0),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i);
      expect(answer).toMatch(/\r\ncontent-type: text\/plain; charset=utf-8\r\n/i);
      expect(answer).toContain("Bad Request: the request target must be a path on this site");
      await logsSettled(server);
      expect(eventLines(server.output().slice(logBefore))).toEqual([]);
      expect(logLines(server.output().slice(logBefore)).filter((line) => line.status === 400)).toHaveLength(1);
    },
  );
});

describe("slow bodies", () => {
  it("a form post whose body dribbles in is answered 408 and closed at the short limit, and nothing is logged", async () => {
    const logBefore = server.output().length;
    const exchange = await dribble(formHead("/contact", server.origin, slowForm.length), slowForm);
    // The action that was reading the body gives up quietly.
    await logsSettled(server);
    expect(eventLines(server.output().slice(logBefore))).toEqual([]);
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(exchange.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(exchange.answeredAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(exchange.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
  });

  it.each([
    ["a forged Origin", "/resources/newsletter", "https://evil.example", 403],
    ["the site's Origin over https (an http deployment)", "/resources/newsletter", "https://127.0.0.1", 403],
    ["a method nobody serves", "/contact", "", 405],
  ])("a post with %s is refused at once, and its dribbled body cut at the short limit", async (_, path, origin, status) => {
    const head =
      status === 405
        ? `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${slowForm.length}\r\n\r\n`
        : formHead(path, origin.replace("https://127.0.0.1", `https://127.0.0.1:${server.port}`), slowForm.length);
    const exchange = await dribble(head, slowForm);
    expect(exchange.answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(exchange.answeredAfterMs).toBeLessThan(500);
    expect(exchange.bodySentBeforeAnswer).toBeLessThan(slowForm.length);
    expect(exchange.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
  });

  it("an admin's upload may take longer than the short limit", async () => {
    const cookie = await signInAsAdmin(server);
    const boundary = "----limits";
    const image = await imageBytes("png");
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head =
      `POST /admin/media/upload HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    // The whole body takes about 2.5 times the short limit.
    const everyMs = 100;
    const chunkBytes = Math.ceil(body.length / ((2.5 * BODY_TIMEOUT_MS) / everyMs));
    const exchange = await dribble(head, body, { chunkBytes, everyMs });
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(exchange.answeredAfterMs).toBeGreaterThan(2 * BODY_TIMEOUT_MS);
  });
});
