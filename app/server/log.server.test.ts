import { Writable } from "node:stream";
import type { DestinationStream } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ErrorFolder, errorFoldKey } from "./error-folding.server";
import {
  createLogger,
  flushFoldedErrors,
  log,
  logAccess,
  logError,
  loggerOptionsFrom,
  nameRequestRoute,
  replaceErrorFolder,
  replaceLogger,
  runWithRequestId,
  serializeError,
  type LoggerOptions,
} from "./log.server";

type Line = Record<string, unknown> & { level: string; msg: string; time: string };

/** A logger writing into memory: the raw text and the parsed lines. */
function memoryLogger(options: Partial<LoggerOptions> = {}) {
  const raw: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void raw.push(line) };
  const logger = createLogger({ level: "info", format: "json", destination, ...options });
  return { logger, raw, lines: () => raw.map((line) => JSON.parse(line) as Line) };
}

/** The process logger replaced by a memory one, with an error folder on a clock the test moves. */
function capture() {
  const memory = memoryLogger();
  replaceLogger(memory.logger);
  const clock = { now: 1_000_000 };
  replaceErrorFolder(new ErrorFolder(60_000, () => clock.now));
  return { ...memory, clock };
}

afterEach(() => {
  replaceLogger(undefined);
  replaceErrorFolder(undefined);
});

/** Errors thrown from one place: the same first stack frame. */
function failure(message: string) {
  return new Error(message);
}

describe("log lines", () => {
  it("are one JSON object a line with an ISO time, the level's name and the message", () => {
    const { logger, raw, lines } = memoryLogger();
    logger.info({ items: 3 }, "Seeded demo content into the empty database.");
    expect(raw).toHaveLength(1);
    expect(raw[0]!.endsWith("\n")).toBe(true);
    expect(raw[0]!.trimEnd()).not.toContain("\n");
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", msg: "Seeded demo content into the empty database.", items: 3 });
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
  });

  it("below LOG_LEVEL are not written", () => {
    const { logger, lines } = memoryLogger({ level: "warn" });
    logger.info("hidden");
    logger.debug("hidden too");
    logger.warn("shown");
    expect(lines().map((line) => line.msg)).toEqual(["shown"]);
  });

  it("written while a request is handled carry its id, even after an await", async () => {
    const { logger, lines } = memoryLogger();
    await runWithRequestId("req-1", async () => {
      // Resumed in a later turn of the event loop, as after a database query.
      await new Promise((resolve) => setImmediate(resolve));
      logger.info("inside");
    });
    logger.info("outside");
    expect(lines().map((line) => [line.msg, line.requestId])).toEqual([
      ["inside", "req-1"],
      ["outside", undefined],
    ]);
  });

  it("never hold passwords, tokens, cookies or authorization headers", () => {
    const { logger, raw } = memoryLogger();
    logger.info(
      {
        password: "hunter2-password",
        body: { newPassword: "new-secret-password", token: "session-token-value" },
        headers: { cookie: "better-auth.session_token=abc123", authorization: "Bearer xyz789" },
      },
      "a line with secrets in its fields",
    );
    const text = raw.join("");
    for (const secret of ["hunter2-password", "new-secret-password", "session-token-value", "abc123", "xyz789"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });

  it("in pretty format are readable text without colour codes when not at a terminal", async () => {
    const raw: string[] = [];
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => (raw.push(chunk.toString()), done()) });
    createLogger({ level: "info", format: "pretty", colorize: false, destination }).info("MarketWire is running on http://localhost:3000");
    await new Promise((resolve) => setImmediate(resolve));
    const text = raw.join("");
    expect(text).toContain("INFO");
    expect(text).toContain("MarketWire is running on http://localhost:3000");
    expect(text).not.toContain("\x1b[");
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("default to info, pretty (coloured) at a terminal, production included, and JSON when not at a terminal", () => {
    expect(loggerOptionsFrom({ NODE_ENV: "development" }, true)).toMatchObject({ level: "info", format: "pretty", colorize: true });
    expect(loggerOptionsFrom({ NODE_ENV: "development" }, false)).toMatchObject({ format: "json", colorize: false });
    // `npm start` at a terminal runs with NODE_ENV=production: a person reads it.
    expect(loggerOptionsFrom({ NODE_ENV: "production" }, true)).toMatchObject({ level: "info", format: "pretty", colorize: true });
    // A process manager, a container's log or a test reading a child's piped output: JSON.
    expect(loggerOptionsFrom({ NODE_ENV: "production" }, false)).toMatchObject({ format: "json", colorize: false });
    expect(loggerOptionsFrom({}, false)).toMatchObject({ format: "json" });
  });

  it("LOG_FORMAT overrides the terminal default either way", () => {
    expect(loggerOptionsFrom({ NODE_ENV: "production", LOG_FORMAT: "json" }, true)).toMatchObject({ format: "json" });
    expect(loggerOptionsFrom({ NODE_ENV: "development", LOG_FORMAT: "json" }, true)).toMatchObject({ format: "json" });
    expect(loggerOptionsFrom({ NODE_ENV: "production", LOG_FORMAT: "pretty" }, false)).toMatchObject({ format: "pretty", colorize: false });
    // A bad value falls back to the terminal default.
    expect(loggerOptionsFrom({ NODE_ENV: "production", LOG_FORMAT: "xml" }, true)).toMatchObject({ format: "pretty" });
  });

  it("stay JSON through the console under Vitest, at a terminal or not", () => {
    expect(loggerOptionsFrom({ NODE_ENV: "test" }, true)).toMatchObject({ format: "json" });
    expect(loggerOptionsFrom({ NODE_ENV: "test", LOG_FORMAT: "pretty" }, true)).toMatchObject({ format: "json" });
  });

  it("are read, and a bad value falls back to the default (start-up then reports it)", () => {
    expect(loggerOptionsFrom({ NODE_ENV: "production", LOG_LEVEL: "debug", LOG_FORMAT: "pretty" }, false)).toMatchObject({
      level: "debug",
      format: "pretty",
      colorize: false,
    });
    expect(loggerOptionsFrom({ NODE_ENV: "production", LOG_LEVEL: "loud", LOG_FORMAT: "xml" }, false)).toMatchObject({
      level: "info",
      format: "json",
    });
  });
});

describe("errors", () => {
  it("are logged with their stack, code and cause, without a failed query's parameters", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const error = new Error('Failed query: select * from "session" where "token" = $1\nparams: the-session-token', { cause });
    const fields = serializeError(error);
    expect(fields).toMatchObject({
      type: "Error",
      message: 'Failed query: select * from "session" where "token" = $1\nparams: [redacted]',
    });
    expect(fields.stack).toContain("log.server.test.ts");
    expect(JSON.stringify(fields)).not.toContain("the-session-token");
    expect(fields.cause).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
  });

  it("repeated within a minute are logged once, then counted in one line when the minute is over", () => {
    const { lines, clock } = capture();
    const errors = [1, 2, 3, 4].map(() => failure("connect ECONNREFUSED 127.0.0.1:5432"));
    runWithRequestId("first", () => logError("Failed to load videos (/videos)", errors[0]));
    for (const [index, error] of errors.slice(1).entries()) {
      clock.now += 10_000;
      runWithRequestId(`later-${index}`, () => logError("Failed to load podcasts (/podcasts)", error));
    }
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ level: "error", msg: "Failed to load videos (/videos)", requestId: "first" });
    expect((lines()[0]!.err as { stack: string }).stack).toContain("connect ECONNREFUSED");

    clock.now += 31_000;
    flushFoldedErrors();
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toMatchObject({
      level: "warn",
      msg: "Failed to load videos (/videos) (the same error again 3 times within 60 s)",
      repeats: 3,
    });
    expect(lines()[1]!.err).toBeUndefined();

    // A new window: logged in full again.
    logError("Failed to load videos (/videos)", failure("connect ECONNREFUSED 127.0.0.1:5432"));
    expect(lines().map((line) => line.level)).toEqual(["error", "warn", "error"]);
  });

  it("the next occurrence after the window reports the repeats before it is logged anew", () => {
    const { lines, clock } = capture();
    logError("Feed failed", failure("boom"));
    logError("Feed failed", failure("boom"));
    clock.now += 60_000;
    logError("Feed failed", failure("boom"));
    expect(lines().map((line) => [line.level, line.msg])).toEqual([
      ["error", "Feed failed"],
      ["warn", "Feed failed (the same error again once within 60 s)"],
      ["error", "Feed failed"],
    ]);
  });

  it("counted but not yet reported when the server stops are reported by the stop's flush", () => {
    const { lines } = capture();
    logError("Feed failed", failure("boom"));
    logError("Feed failed", failure("boom"));
    flushFoldedErrors();
    expect(lines().map((line) => [line.level, line.msg])).toEqual([
      ["error", "Feed failed"],
      ["warn", "Feed failed (the same error again once within 60 s)"],
    ]);
  });

  it("are shared with the app build's copy of the logger: the request id and the folding cross over", async () => {
    // server.ts and the app build each bundle this module; a fresh import stands for the second copy.
    const { lines } = capture();
    vi.resetModules();
    const appCopy = await import("./log.server");
    expect(appCopy.logError).not.toBe(logError);
    runWithRequestId("from-server-ts", () => expect(appCopy.currentRequestId()).toBe("from-server-ts"));
    logError("Feed failed", failure("boom"));
    appCopy.logError("Feed failed", failure("boom"));
    expect(lines().map((line) => line.msg)).toEqual(["Feed failed"]);
  });

  it('from a failed statement carry its name and its number of parameters, not its SQL (PRODUCT.md "Logs")', () => {
    const sql = `select ${Array.from({ length: 200 }, (_, i) => `"videos"."column_${i}"`).join(", ")} from "videos" where "id" = $1 and "status" = $2`;
    // Drizzle's DrizzleQueryError: the SQL and parameters in its message and as properties.
    const error = Object.assign(new Error(`Failed query: ${sql}\nparams: secret-id,published`), {
      query: sql,
      params: ["secret-id", "published"],
    });
    const fields = serializeError(error);
    expect(fields.message).toBe(`Failed query: select videos (2 parameters, ${sql.length} characters of SQL)`);
    expect(fields.stack).toMatch(/^Error: Failed query: select videos \(2 parameters/);
    const line = JSON.stringify(fields);
    expect(line).not.toContain("column_150");
    expect(line).not.toContain("secret-id");
    expect(line.length).toBeLessThan(3_000);
    const insert = Object.assign(new Error("Failed query: insert into x"), {
      query: 'insert into "mail_outbox" ("kind") values ($1)',
      params: ["a"],
    });
    expect(serializeError(insert).message).toBe("Failed query: insert mail_outbox (1 parameter, 46 characters of SQL)");
  });

  it("folded, say from how many routes the repeats came", () => {
    const { lines, clock } = capture();
    const routes = ["/video/:id", "/video/:id", "/podcast/:id", "/"];
    for (const [index, route] of routes.entries()) {
      runWithRequestId(`req-${index}`, () => {
        nameRequestRoute(() => route);
        logError(`Failed to load (${route.replace(":id", String(index))})`, failure("connect ECONNREFUSED 127.0.0.1:5432"));
      });
    }
    clock.now += 61_000;
    flushFoldedErrors();
    expect(lines()[1]).toMatchObject({
      level: "warn",
      msg: "Failed to load (/video/0) (the same error again 3 times within 60 s, from 3 routes)",
      repeats: 3,
      routes: 3,
    });
  });

  it("that differ in message or place are each logged", () => {
    const { lines } = capture();
    logError("a", failure("boom"));
    logError("b", failure("bang"));
    logError("c", new Error("boom")); // another line: another first frame
    expect(lines().map((line) => line.msg)).toEqual(["a", "b", "c"]);
  });

  it("are folded by what failed, whatever the query's parameters were", () => {
    const make = (token: string) => failure(`Failed query: select 1\nparams: ${token}`);
    expect(errorFoldKey(make("one"))).toBe(errorFoldKey(make("two")));
  });

  it("log.* and logError write through the process logger", () => {
    const { lines } = capture();
    log.warn("careful", { what: "x" });
    expect(lines()).toMatchObject([{ level: "warn", msg: "careful", what: "x" }]);
  });

  it("access lines go through the process logger with the request's id, and other lines keep the redaction", async () => {
    const { lines, raw } = capture();
    await runWithRequestId("req-access", async () => {
      await Promise.resolve();
      logAccess("GET /video/:id 200 0.2 ms", { method: "GET", route: "/video/:id", status: 200 });
      log.info("a line with a secret", { token: "session-token-value" });
    });
    expect(lines()).toMatchObject([
      { level: "info", msg: "GET /video/:id 200 0.2 ms", requestId: "req-access", method: "GET", route: "/video/:id", status: 200 },
      { level: "info", msg: "a line with a secret", requestId: "req-access", token: "[redacted]" },
    ]);
    expect(raw.join("")).not.toContain("session-token-value");

    // A replaced logger takes the access lines too (the access logger is made from the current one).
    const second = capture();
    logAccess("HEAD / 200 0.1 ms", { method: "HEAD" });
    expect(second.lines()).toMatchObject([{ msg: "HEAD / 200 0.1 ms", method: "HEAD" }]);
  });
});
