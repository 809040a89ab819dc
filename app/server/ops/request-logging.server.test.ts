import type { AddressInfo } from "node:net";
import express from "express";
import type { DestinationStream } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ErrorFolder } from "../error-folding.server";
import { createLogger, logError, replaceErrorFolder, replaceLogger } from "../log.server";
import { accessLog, labelRoute } from "./access-log.server";
import { acceptedRequestId, assignRequestId } from "./request-id.server";

type Line = Record<string, unknown> & { level: string; msg: string };

let lines: Line[];
beforeEach(() => {
  lines = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
  replaceLogger(createLogger({ level: "info", format: "json", destination }));
  replaceErrorFolder(new ErrorFolder(60_000, () => 0));
});
afterEach(() => {
  replaceLogger(undefined);
  replaceErrorFolder(undefined);
});

/** The ops middleware in front of a few routes, as server.ts mounts it, on a free port. */
async function startApp(trustProxy: boolean | string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(
    assignRequestId,
    accessLog((pathname) => (pathname.startsWith("/items/") ? "/items/:id" : "(no route)")),
  );
  app.use(
    "/files",
    labelRoute("/files/*", (_req, res) => void res.send("file body")),
  );
  app.get("/refused", (_req, res) => void res.status(400).send("Bad Request"));
  app.get("/items/:id", (req, res) => {
    if (req.params.id === "broken") {
      logError(`Failed to load item (${req.path})`, new Error("connect ECONNREFUSED 127.0.0.1:5432"));
      res.status(500).send("Unexpected Server Error");
      return;
    }
    res.setHeader("X-Cache", "HIT");
    res.send("an item");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Returns once every line the requests answered so far would log is written: a request sent now gets its
 * access line after theirs, so its line is the barrier (an access line is written just after the answer).
 */
async function settled(origin: string) {
  const barrier = (await fetch(`${origin}/barrier`)).headers.get("x-request-id");
  await vi.waitFor(() => expect(lines.some((line) => line.requestId === barrier && line.status === 404)).toBe(true), {
    timeout: 5_000,
    interval: 5,
  });
}

describe("acceptedRequestId", () => {
  it("keeps a trusted proxy's sane id", () => {
    expect(acceptedRequestId("lb-4f1c9a", true)).toBe("lb-4f1c9a");
    expect(acceptedRequestId("x".repeat(200), true)).toBe("x".repeat(200));
  });

  it("ignores an id from anyone else, and an insane one from the proxy", () => {
    expect(acceptedRequestId("lb-4f1c9a", false)).toBeUndefined();
    for (const insane of ["", "has space", "x".repeat(201), "caf\u00e9", "line\nbreak", "tab\tbed"]) {
      expect(acceptedRequestId(insane, true)).toBeUndefined();
    }
    expect(acceptedRequestId(["a", "b"], true)).toBeUndefined();
    expect(acceptedRequestId(undefined, true)).toBeUndefined();
  });
});

describe("request ids and access lines (in-process Express)", () => {
  it("every answer, a refusal included, has an id and one access line with it", async () => {
    const app = await startApp(false);
    try {
      const answers = await Promise.all(["/items/42", "/refused", "/files/logo.svg"].map((path) => fetch(`${app.origin}${path}`)));
      await settled(app.origin);
      const ids = answers.map((answer) => answer.headers.get("x-request-id"));
      expect(new Set(ids).size).toBe(3);
      const byId = (id: string | null) => lines.filter((line) => line.requestId === id);
      expect(byId(ids[0]!)).toMatchObject([{ method: "GET", route: "/items/:id", status: 200, bytes: 7, cache: "HIT" }]);
      expect(byId(ids[1]!)).toMatchObject([{ route: "(no route)", status: 400, bytes: 11 }]);
      expect(byId(ids[2]!)).toMatchObject([{ route: "/files/*", status: 200, bytes: 9 }]);
      expect(JSON.stringify(lines)).not.toContain("/items/42");
    } finally {
      await app.close();
    }
  });

  it("a client's X-Request-Id is replaced unless it comes from a trusted proxy", async () => {
    const direct = await startApp(false);
    const proxied = await startApp("loopback");
    try {
      const headers = { "X-Request-Id": "lb-4f1c9a" };
      expect((await fetch(`${direct.origin}/items/1`, { headers })).headers.get("x-request-id")).not.toBe("lb-4f1c9a");
      expect((await fetch(`${proxied.origin}/items/1`, { headers })).headers.get("x-request-id")).toBe("lb-4f1c9a");
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it("an error repeated by three requests is logged once, with its stack and the first request's id", async () => {
    const app = await startApp(false);
    try {
      const answers = [];
      for (let n = 0; n < 3; n++) answers.push(await fetch(`${app.origin}/items/broken`));
      await settled(app.origin);
      const errors = lines.filter((line) => line.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: "Failed to load item (/items/broken)", requestId: answers[0]!.headers.get("x-request-id") });
      expect((errors[0]!.err as { stack: string }).stack).toMatch(/ECONNREFUSED[\s\S]*\n\s+at /);
      expect(lines.filter((line) => line.status === 500)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
