import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { answerUnknownMethods, refuseUnservedMethods } from "./method-guard.server";

let port: number;
let close: () => void;
let handled: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseUnservedMethods);
  app.all("*splat", (req, res) => {
    handled.push(req.method);
    res.send("handled");
  });
  const server = app.listen(0, "127.0.0.1");
  answerUnknownMethods(server, { bodyMs: 1_000 });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** node:http, because fetch refuses to send TRACE. */
function request(method: string) {
  handled = [];
  return new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: "/contact" }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A raw request line, for methods Node's own HTTP client and parser do not know. */
function rawRequest(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("refuseUnservedMethods", () => {
  it.each(["GET", "HEAD", "POST"])("passes %s on to the app", async (method) => {
    expect((await request(method)).status).toBe(200);
    expect(handled).toEqual([method]);
  });

  it.each(["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND", "PURGE"])(
    "answers %s with 405 and an Allow header, without reaching the app",
    async (method) => {
      const answer = await request(method);
      expect(answer.status).toBe(405);
      expect(answer.allow).toBe("GET, HEAD, POST, OPTIONS");
      expect(answer.body).toBe(`Method Not Allowed: ${method} is not served here; this site answers GET, HEAD, POST, OPTIONS.\n`);
      expect(handled).toEqual([]);
    },
  );

  it("answers OPTIONS with 204 and the allowed methods", async () => {
    const answer = await request("OPTIONS");
    expect(answer).toEqual({ status: 204, allow: "GET, HEAD, POST, OPTIONS", body: "" });
    expect(handled).toEqual([]);
  });
});

describe("answerUnknownMethods", () => {
  it.each(["TRACK", "FOO"])("answers %s (refused by Node's parser) with 405 and an Allow header", async (method) => {
    const answer = await rawRequest(`${method} /contact HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("\r\nAllow: GET, HEAD, POST, OPTIONS\r\n");
    expect(handled).toEqual([]);
  });

  it("keeps Node's 400 for other malformed requests", async () => {
    const answer = await rawRequest("GET /contact HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n");
    expect(answer).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });

  it("keeps Node's 431 for headers that are too large", async () => {
    const answer = await rawRequest(`GET /contact HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toBe("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n");
  });
});

describe("a refusal with a body still on its way", () => {
  it.each(["OPTIONS", "PUT"])(
    "%s is answered at once, and the rest of the body is still read (no reset on unread bytes)",
    async (method) => {
      const half = Buffer.alloc(1024 * 1024, "a");
      const answer = await new Promise<{ status: number; answeredBeforeBodyDone: boolean }>((resolve, reject) => {
        let bodyDone = false;
        let status = 0;
        const req = http.request(
          { host: "127.0.0.1", port, method, path: "/newsletter/confirm", headers: { "Content-Length": String(half.length * 2) } },
          (res) => {
            status = res.statusCode!;
            const answeredBeforeBodyDone = !bodyDone;
            res.resume();
            // The second half goes only once the answer is in: a server that waits for the whole body never answers.
            bodyDone = true;
            req.end(half, () => resolve({ status, answeredBeforeBodyDone }));
          },
        );
        req.on("error", reject);
        req.write(half);
        setTimeout(() => {
          if (bodyDone) return;
          bodyDone = true;
          req.end(half);
        }, 2_000);
      });
      expect(answer).toEqual({ status: method === "OPTIONS" ? 204 : 405, answeredBeforeBodyDone: true });
    },
  );
});

describe("the content API's CORS preflight (PRODUCT.md 'Content API')", () => {
  it("lets any origin GET /api/v1 with If-None-Match", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/items`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://investor.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toContain("If-None-Match");
  });

  it("gives other paths no CORS headers", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/contact`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
