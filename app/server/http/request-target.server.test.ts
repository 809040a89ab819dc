import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { refuseForeignRequestTargets } from "./request-target.server";

let port: number;
let close: () => void;
let handled: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseForeignRequestTargets);
  app.all("*splat", (req, res) => {
    handled.push(`${req.method} ${req.url}`);
    res.send("handled");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** A raw request line: Node's HTTP client and fetch only send paths. */
function rawRequest(requestLine: string) {
  handled = [];
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("refuseForeignRequestTargets", () => {
  it.each([
    "GET http://evil.example/admin HTTP/1.1",
    "GET https://evil.example/ HTTP/1.1",
    "GET http://localhost/ HTTP/1.1",
    "POST http://evil.example/contact HTTP/1.1",
    "HEAD http://evil.example/ HTTP/1.1",
    "GET * HTTP/1.1",
  ])("answers %s (a target that is not a path) with 400, plain text, never cached, before the app", async (line) => {
    const answer = await rawRequest(line);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(answer).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/i);
    if (!line.startsWith("HEAD")) expect(answer).toContain("\r\n\r\nBad Request: the request target must be a path on this site");
    expect(handled).toEqual([]);
  });

  it.each([
    ["GET /videos?page=2 HTTP/1.1", "GET /videos?page=2"],
    ["GET //evil.example/x HTTP/1.1", "GET //evil.example/x"],
    ["OPTIONS * HTTP/1.1", "OPTIONS *"],
  ])("passes %s on to the app", async (line, seen) => {
    const answer = await rawRequest(line);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(handled).toEqual([seen]);
  });
});
