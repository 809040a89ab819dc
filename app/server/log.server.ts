/**
 * The server's log (PRODUCT.md "Logs"): pino, one JSON object a line when standard output is a pipe or a
 * file, readable lines for a person at a terminal. Every line written while a request is handled carries
 * its request id (set by ops/request-id through `runWithRequestId`). Errors go through `logError`, which
 * folds repeats.
 *
 * Shared support at the server's root: every layer logs, so this imports nothing but env's schemas.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import pretty from "pino-pretty";
import type { z } from "zod";

import { logFormatSchema, logLevelSchema } from "./env.server";
import { ErrorFolder, errorFoldKey, withoutQueryParams, type FoldedRepeats } from "./error-folding.server";

export type LogLevel = z.infer<typeof logLevelSchema>;
export type LogFormat = z.infer<typeof logFormatSchema>;
type Fields = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------
// The request a line belongs to

interface RequestContext {
  requestId: string;
  /** The request's route pattern, worked out only when an error needs it (ops/access-log sets it). */
  route?: () => string;
}

// On globalThis: server.ts and the app build are separate bundles, each with its own copy of this module,
// and a request id set by the first (ops/request-id) must reach lines the second writes; repeats of one
// error fold together whichever copy logs them.
const shared = ((globalThis as typeof globalThis & { __log?: SharedLogState }).__log ??= {
  requestContext: new AsyncLocalStorage<RequestContext>(),
  folder: new ErrorFolder(),
  sweeper: undefined,
});

interface SharedLogState {
  requestContext: AsyncLocalStorage<RequestContext>;
  folder: ErrorFolder;
  sweeper: NodeJS.Timeout | undefined;
}

/** Runs `handle` (and everything it starts) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string, handle: () => T): T {
  return shared.requestContext.run({ requestId }, handle);
}

export function currentRequestId(): string | undefined {
  return shared.requestContext.getStore()?.requestId;
}

/** Names the current request's route pattern, lazily: folded errors count the routes they came from. */
export function nameRequestRoute(route: () => string) {
  const context = shared.requestContext.getStore();
  if (context) context.route = route;
}

// ---------------------------------------------------------------------------------------------------
// Building a logger

/**
 * Never logged, wherever they appear in a line's fields. Access lines name no headers or bodies at all;
 * this is the net under everything else.
 */
export const REDACTED_PATHS = ["password", "newPassword", "currentPassword", "token", "cookie", "authorization", "secret"].flatMap(
  (key) => [key, `*.${key}`, `headers.${key}`, `*.headers.${key}`],
);

/**
 * An error as a line shows it: stack and cause, with a failed query's parameters taken out and its SQL
 * shortened to the statement's name and its number of parameters (the whole text made a line of 9 kB).
 */
export function serializeError(error: unknown, depth = 0): Fields {
  if (!(error instanceof Error)) return { message: withoutQueryParams(String(error)) };
  const short = failedQuerySummary(error);
  const message = short ?? withoutQueryParams(error.message);
  const fields: Fields = { type: error.name, message };
  if (error.stack) fields.stack = withoutQueryParams(short ? error.stack.replace(error.message, short) : error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") fields.code = code;
  if (error.cause !== undefined && depth < 3) fields.cause = serializeError(error.cause, depth + 1);
  return fields;
}

/**
 * Drizzle's error for a failed statement carries its SQL and parameters (`query`, `params`): the line names
 * the statement by its verb and first table ('select videos') and counts the parameters instead.
 */
function failedQuerySummary(error: Error): string | null {
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (typeof query !== "string" || !error.message.startsWith("Failed query")) return null;
  const sql = query.replace(/\s+/g, " ").trim();
  const verb = /^\w+/.exec(sql)?.[0]?.toLowerCase() ?? "statement";
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(sql)?.[1];
  const count = Array.isArray(params) ? params.length : 0;
  return `Failed query: ${verb}${table ? ` ${table}` : ""} (${count} parameter${count === 1 ? "" : "s"}, ${sql.length} characters of SQL)`;
}

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where lines go (a writable stream for pretty lines); standard output when unset. */
  destination?: DestinationStream;
  /** Colours in pretty lines: only when they go to a terminal. */
  colorize?: boolean;
}

export function createLogger({ level, format, destination, colorize = false }: LoggerOptions): Logger {
  // Synchronous writes: a line logged just before process.exit() is not lost.
  const stream =
    format === "pretty"
      ? pretty({ destination: destination ?? 1, sync: true, colorize, translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l", ignore: "pid,hostname" })
      : (destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names, not numbers, so a line is readable with grep; pino-pretty wants the numbers.
      formatters: format === "json" ? { level: (label) => ({ level: label }) } : {},
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      serializers: { err: serializeError },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    stream,
  );
}

/**
 * Under Vitest, lines go through the console (errors to console.error), so the shared test setup's rule
 * (a console.error fails the test) also covers logged errors.
 */
const consoleDestination: DestinationStream = {
  write(line: string) {
    const { level } = JSON.parse(line) as { level: Level };
    const print = level === "error" || level === "fatal" ? console.error : level === "warn" ? console.warn : console.info;
    print(line.trimEnd());
  },
};

/** The settings LOG_LEVEL and LOG_FORMAT ask for; a bad value falls back here and getEnv() reports it. */
export function loggerOptionsFrom(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LoggerOptions {
  if (env.NODE_ENV === "test") {
    return { level: logLevelSchema.catch("info").parse(env.LOG_LEVEL || "info"), format: "json", destination: consoleDestination };
  }
  const level = logLevelSchema.catch("info").parse(env.LOG_LEVEL || "info");
  // A person reads a terminal (`npm start` included, which runs in production); a collector reads a pipe or a file.
  const byDefault: LogFormat = stdoutIsTerminal ? "pretty" : "json";
  const format = env.LOG_FORMAT ? logFormatSchema.catch(byDefault).parse(env.LOG_FORMAT) : byDefault;
  return { level, format, colorize: stdoutIsTerminal };
}

let current: Logger | undefined;
let currentAccess: Logger | undefined;

/** The process's logger, made on first use (after dotenv has loaded .env). */
export function logger(): Logger {
  return (current ??= createLogger(loggerOptionsFrom(process.env, Boolean(process.stdout.isTTY))));
}

/**
 * The access lines' logger: the process's logger without the redaction net. An access line holds fixed
 * fields only (method, route, status, duration, bytes, cache; never a header or a body), and checking
 * REDACTED_PATHS on each of them cost a fifth of a cached page's answer (docs/PERFORMANCE.md).
 */
function accessLogger(): Logger {
  return (currentAccess ??= logger().child({}, { redact: { paths: [] } }));
}

/** Replaces the process's logger (tests); undefined goes back to the one the environment asks for. */
export function replaceLogger(replacement: Logger | undefined) {
  current = replacement;
  currentAccess = undefined;
}

// ---------------------------------------------------------------------------------------------------
// Writing lines

/** A line without an error: `log.info("Seeded demo content…", { items: 12 })`. */
export const log = {
  debug: (message: string, fields: Fields = {}) => logger().debug(fields, message),
  info: (message: string, fields: Fields = {}) => logger().info(fields, message),
  warn: (message: string, fields: Fields = {}) => logger().warn(fields, message),
  error: (message: string, fields: Fields = {}) => logger().error(fields, message),
};

/** A request's access line (ops/access-log): only the fields it names, so no redaction runs. */
export function logAccess(message: string, fields: Fields) {
  accessLogger().info(fields, message);
}

function reportRepeats(ended: FoldedRepeats[]) {
  for (const { message, repeats, routes, windowMs } of ended) {
    const times = repeats === 1 ? "once" : `${repeats} times`;
    // The first occurrence's message names one URL; how many routes the repeats came from says how wide it was.
    const from = routes > 1 ? `, from ${routes} routes` : "";
    logger().warn(
      { repeats, routes, windowSeconds: windowMs / 1000 },
      `${message} (the same error again ${times} within ${windowMs / 1000} s${from})`,
    );
  }
}

/**
 * An error: logged with its stack the first time, counted when the same error (errorFoldKey) comes back
 * within the window, the count logged when the window ends.
 */
export function logError(message: string, error: unknown, fields: Fields = {}) {
  logFolded("error", message, error, fields);
}

/**
 * The same folding at another level: for errors that failed no request and that the code recovers from
 * (an idle database connection cut), so that error lines stay those of failed requests.
 */
export function logFolded(level: "error" | "warn", message: string, error: unknown, fields: Fields = {}) {
  const route = shared.requestContext.getStore()?.route?.();
  const { logInFull, ended } = shared.folder.occur(errorFoldKey(error), message, route);
  reportRepeats(ended);
  if (logInFull) logger()[level]({ ...fields, err: error }, message);
  // Windows end without a new error too: look every window length, without keeping the process alive.
  shared.sweeper ??= setInterval(() => reportRepeats(shared.folder.sweep()), shared.folder.windowMs).unref();
}

/** Logs the repeats counted so far, windows still open included: a clean stop calls it last. */
export function flushFoldedErrors() {
  reportRepeats(shared.folder.sweep({ all: true }));
}

/** Replaces the error folder (tests inject a clock); undefined starts a fresh real-time one. */
export function replaceErrorFolder(replacement: ErrorFolder | undefined) {
  shared.folder = replacement ?? new ErrorFolder();
  if (shared.sweeper) clearInterval(shared.sweeper);
  shared.sweeper = undefined;
}
