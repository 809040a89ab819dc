import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { answerDatabaseOutagesWith503, isDatabaseUnavailable, noteRequestError } from "./database-outage.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** As Drizzle reports a driver's error: its own, with the driver's as the cause. */
const wrapped = (cause: Error) => new Error("Failed query: select 1", { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a statement timeout (57014)", withCode("57014")],
    ["a connection failure (08006)", withCode("08006")],
    ["too many connections (53300)", withCode("53300")],
    ["an administrator's shutdown (57P01)", withCode("57P01")],
    ["a refused connection", withCode("ECONNREFUSED")],
    ["node-postgres' read timeout", new Error("Query read timeout")],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["a cut connection", new Error("Connection terminated unexpectedly")],
    ["any of these wrapped by Drizzle", wrapped(withCode("57014"))],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode("23505")],
    ["a syntax error (42601)", withCode("42601")],
    ["an error in our code", new TypeError("x is undefined")],
    ["a wrapped constraint error", wrapped(withCode("23503"))],
    ["something not an error", "database down"],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("answerDatabaseOutagesWith503", () => {
  let origin: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use(answerDatabaseOutagesWith503);
    // As React Router does: the error is reported (handleError) while the answer is made, then sent.
    app.get("/outage", async (_req, res) => {
      await new Promise((resolve) => setImmediate(resolve));
      noteRequestError(wrapped(withCode("57014")));
      res.status(500).send("Unexpected Server Error");
    });
    app.get("/bug", (_req, res) => {
      noteRequestError(new TypeError("x is undefined"));
      res.status(500).send("Unexpected Server Error");
    });
    app.get("/list", (_req, res) => {
      // A list that caught its own database failure.
      res.status(503).send("Unable to load videos right now.");
    });
    app.get("/refused", (_req, res) => {
      noteRequestError(withCode("ECONNREFUSED"));
      res.status(404).send("Not Found");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers 503 with Retry-After when the request met an unavailable database", async () => {
    const response = await fetch(`${origin}/outage`);
    expect([response.status, response.statusText, response.headers.get("retry-after")]).toEqual([503, "Service Unavailable", "5"]);
  });

  it("adds Retry-After to a 503 a handler answered itself", async () => {
    const list = await fetch(`${origin}/list`);
    expect([list.status, list.headers.get("retry-after")]).toEqual([503, "5"]);
  });

  it("leaves a 500 from a bug a 500, and any other status as it is", async () => {
    const bug = await fetch(`${origin}/bug`);
    expect([bug.status, bug.headers.get("retry-after")]).toEqual([500, null]);
    expect((await fetch(`${origin}/refused`)).status).toBe(404);
  });

  it("keeps each request's outage to itself", async () => {
    const [outage, bug] = await Promise.all([fetch(`${origin}/outage`), fetch(`${origin}/bug`)]);
    expect([outage.status, bug.status]).toEqual([503, 500]);
  });
});
