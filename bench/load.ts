/**
 * Load runs shared by the benchmarks: one autocannon run with every answer's latency (fractional ms, not
 * autocannon's integer histogram), its X-Cache header and its status counted, and the static asset that
 * serves as the baseline.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

import { BUILD_DIR, forgetCleanup, onCleanup, ROOT } from "./app-server";

export const BROWSER_HEADERS = { "accept-encoding": "br, gzip" };

export interface LoadResult {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** 2xx answers. */
  ok: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number;
  /** X-Cache header values seen, with counts ("none": no header). */
  xCache: Map<string, number>;
}

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  requests: autocannon.Request[];
  /** Requests per second over all connections (autocannon's overallRate); unset: as fast as answered. */
  rate?: number;
  headers?: Record<string, string>;
  /**
   * Every answer's latency as autocannon measured it (from sending, so a paced run's waits are not in it),
   * with the connection it came on: each connection sends `requests` in turn, one at a time.
   */
  onAnswer?: (connection: object, status: number, ms: number) => void;
}

let runs = 0;

/** The X-Cache header of an answer, "none" without one. */
export function xCacheOf(headers: Record<string, unknown> | undefined): string {
  const value = headers ? Object.entries(headers).find(([name]) => name.toLowerCase() === "x-cache")?.[1] : undefined;
  return typeof value === "string" ? value : "none";
}

/** The q-quantile of sorted values. */
export function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

/** One autocannon run against `origin`. */
export async function loadRun(origin: string, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const xCache = new Map<string, number>();
  const requests = options.requests.map((request) => {
    const own = request.onResponse as ((...args: unknown[]) => void) | undefined;
    return {
      ...request,
      onResponse: ((status: number, body: string, context: object, headers: Record<string, unknown> | undefined) => {
        const key = xCacheOf(headers);
        xCache.set(key, (xCache.get(key) ?? 0) + 1);
        own?.(status, body, context, headers);
      }) as never,
    };
  });
  const run = autocannon({
    url: origin,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers ?? BROWSER_HEADERS,
    requests,
    ...(options.rate ? { overallRate: options.rate } : {}),
    title: `run ${++runs}`,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const stop = () => run.stop();
  onCleanup(stop);
  run.on("response", (client: object, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    options.onAnswer?.(client, status, ms);
  });
  const result = await run;
  forgetCleanup(stop);
  latencies.sort((a, b) => a - b);
  return {
    connections: options.connections,
    rps: result.requests.total / result.duration,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    ok: result["2xx"],
    failures: result.non2xx + result.errors + result.timeouts,
    xCache,
  };
}

/** The built asset closest in size to `htmlBytes` (JS or CSS: text, compressed like a page). */
export function pickAsset(htmlBytes: number): { file: string; bytes: number } {
  const dir = path.join(ROOT, BUILD_DIR, "client/assets");
  const files = fs
    .readdirSync(dir)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, bytes: fs.statSync(path.join(dir, file)).size }));
  if (files.length === 0) throw new Error(`no .js or .css file in ${dir}`);
  files.sort((a, b) => Math.abs(Math.log(a.bytes / htmlBytes)) - Math.abs(Math.log(b.bytes / htmlBytes)) || a.file.localeCompare(b.file));
  return files[0]!;
}

export const ms = (value: number) =>
  Number.isNaN(value) ? "–" : `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`;
export const perSecond = (value: number) => Math.round(value).toLocaleString("en-US");
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
