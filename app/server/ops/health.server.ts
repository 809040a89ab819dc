/**
 * Liveness and readiness (PRODUCT.md "Operations"), for load balancers and process managers:
 * - `/healthz`: the process lives and its event loop turns. No database call, so it never hangs and a
 *   database outage never gets a healthy process restarted.
 * - `/readyz`: the process can serve: not stopping, the database answers within READINESS_TIMEOUT_MS, and
 *   every migration this build knows has been applied. A load balancer sends requests only while it is 200.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Request, RequestHandler, Response } from "express";

import type { Database } from "../db/db.server";

const NO_STORE = { "Cache-Control": "no-store" };

export interface Readiness {
  getDb: () => Promise<Database>;
  timeoutMs: number;
  /** Migrations this build carries (see migrationCount). */
  migrations: number;
  /** True once the process has been told to stop. */
  isStopping: () => boolean;
}

/** The number of migrations in a Drizzle migrations folder, from its journal. */
export function migrationCount(migrationsFolder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

class TimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Why the process cannot serve now, or null when it can. */
export async function notReadyBecause(readiness: Readiness): Promise<string | null> {
  if (readiness.isStopping()) return "stopping";
  try {
    const applied = await within(
      readiness.getDb().then(async (db) => {
        const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
        return Number(result.rows[0]?.count ?? 0);
      }),
      readiness.timeoutMs,
    );
    return applied < readiness.migrations ? `database has ${applied} of ${readiness.migrations} migrations` : null;
  } catch (error) {
    return error instanceof TimedOut ? `database did not answer within ${readiness.timeoutMs} ms` : "database unavailable";
  }
}

const live: RequestHandler = (_req: Request, res: Response) => {
  res.set(NO_STORE).json({ ok: true });
};

/** `/healthz` and `/readyz`, answered before any other route. */
export function healthRoutes(readiness: Readiness): { live: RequestHandler; ready: RequestHandler } {
  return {
    live,
    ready: (_req, res, next) => {
      notReadyBecause(readiness).then((problem) => {
        res
          .status(problem ? 503 : 200)
          .set(NO_STORE)
          .json(problem ? { ok: false, problem } : { ok: true });
      }, next);
    },
  };
}
