import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { getEnv, StartupError } from "../env.server";
import { logFolded } from "../log.server";
import { acquireDataDirLock } from "./db-lock.server";
import { boundByRequestDeadline } from "./request-deadline.server";
import * as schema from "./schema";
import { testDatabaseFactory } from "./test-database-factory.server";

/**
 * One query-builder type for both drivers: PGlite's and node-postgres' Drizzle databases expose the
 * same API, so code above this module never knows which one it talks to.
 */
export type Database = NodePgDatabase<typeof schema>;

export interface Connection {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection string, for connections of its own (LISTEN). */
  url?: string;
  /**
   * Runs `work` while no other instance on the same database runs its own (PRODUCT.md "Operations"):
   * instances started together take turns at the demo seed and the first admin. The embedded database
   * has one process by its folder's lock, so there it simply runs.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** PostgreSQL only: the pool's connections now (PRODUCT.md "Metrics"). */
  poolStats?: () => PoolStats;
  /** PGlite only: what a backup needs to take a consistent snapshot (app/server/ops/README.md). */
  pglite?: {
    /** The data folder on disk; null in memory. */
    dataDir: string | null;
    /** Runs `fn` while no query runs: PGlite writes its files straight to disk, so they are then at rest. */
    whileIdle: <T>(fn: () => Promise<T>) => Promise<T>;
    /** PGlite's own tarball of the data folder, read into memory (for the in-memory database); gzipped unless "none". */
    dumpDataDir: (compression?: "gzip" | "none") => Promise<Blob>;
  };
  close: () => Promise<void>;
}

/** How the PostgreSQL pool waits (PRODUCT.md "Operations"): DATABASE_POOL_MAX and the timeouts of env.server.ts. */
export interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** An arbitrary constant naming the start-up advisory lock (the audit log's is another). */
const STARTUP_LOCK_KEY = 0x4d57_5354; // "MWST"

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/server/db/migrations");

// Kept on globalThis so the server entry, the built app and Vite's dev reloads share one connection:
// PGlite allows one instance per data folder.
const globalStore = globalThis as unknown as { __database?: Promise<Connection> };

function describeError(error: unknown) {
  if (error instanceof AggregateError && error.errors.length) return describeError(error.errors[0]);
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

/**
 * Runs `work` holding the start-up advisory lock, on a connection of its own (not the pool's: with a pool
 * of one, `work`'s queries would wait for the lock's connection forever) and without a statement timeout,
 * since the lock waits for another instance's migrations.
 */
async function withStartupLock<T>(url: string, connectTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // A lost connection ends the session and so releases the lock: nothing to do but not crash.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

async function openPostgres(url: string, settings: PoolSettings): Promise<Connection> {
  // No parallel workers: for this site's short queries (searches included) starting them costs more than
  // they save, and under load they only compete for the same cores. Set per connection, so no query
  // needs a transaction or an extra round trip for it. A database that stops answering fails a request
  // within the timeouts instead of holding it (PRODUCT.md "Operations"): the server ends a statement
  // after statementTimeoutMs, and the client gives up a second later should the server itself hang.
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + 1_000,
    options: "-c max_parallel_workers_per_gather=0",
  });
  // Without a listener an idle-client error would crash the process.
  pool.on("error", (error) => logFolded("warn", "PostgreSQL pool error", error));
  // A request's statements end by its deadline together (request-deadline.server.ts).
  boundByRequestDeadline(pool, settings.statementTimeoutMs + 1_000);
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}${u.pathname}`;
    } catch {
      return "the configured server";
    }
  })();
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(`Cannot connect to DATABASE_URL (${where}): ${describeError(error)}`);
  }
  const db = drizzlePg(pool, { schema });
  const exclusive = <T>(work: () => Promise<T>) => withStartupLock(url, settings.connectTimeoutMs, work);
  // Instances started together on an empty database would each create the same extension and tables.
  // The migrations run on a connection without the statement timeout: an index on a large table may take longer.
  await exclusive(async () => {
    const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: settings.connectTimeoutMs });
    await migrator.connect();
    try {
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await migrator.end().catch(() => {});
    }
  });
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: "postgres", url, exclusive, poolStats, close: () => pool.end() };
}

interface PgliteOptions {
  /** false: open the folder as it is (backups and restores must not change it). */
  migrate?: boolean;
  /** The caller holds the folder's lock already (restores, which hold it from check to end). */
  locked?: boolean;
  /** In memory only: start from this tarball of PGlite's (dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
}

async function openPglite(
  dataDir: string | null,
  { migrate = true, locked = false, loadDataDir }: PgliteOptions = {},
): Promise<Connection> {
  let release: () => Promise<void> = async () => {};
  if (dataDir && !locked) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.W_OK);
    } catch (error) {
      throw new StartupError(`DATA_DIR ${dataDir} is not a writable folder: ${describeError(error)}`);
    }
    release = await acquireDataDirLock(dataDir);
  }
  try {
    const client = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm }, loadDataDir });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    if (migrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: "pglite",
      exclusive: (work) => work(),
      pglite: {
        dataDir,
        whileIdle: (fn) => client._runExclusiveQuery(fn),
        dumpDataDir: (compression = "gzip") => client.dumpDataDir(compression),
      },
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Opens the configured database once per process and applies pending migrations. */
export function connectDatabase(): Promise<Connection> {
  if (!globalStore.__database) {
    const env = getEnv();
    const openForTests = testDatabaseFactory();
    globalStore.__database = openForTests
      ? openForTests()
      : env.DATABASE_URL
        ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL)
        : openPglite(env.DATA_DIR);
    globalStore.__database.catch(() => {
      globalStore.__database = undefined;
    });
  }
  return globalStore.__database;
}

export function openInMemoryDatabase() {
  return openPglite(null);
}

/**
 * An in-memory database that starts as a copy of another, from its tarball (`pglite.dumpDataDir()`): tests
 * migrate one database per run and copy it per file. Migrations it lacks are applied.
 */
export function openInMemoryDatabaseFrom(dump: Blob) {
  return openPglite(null, { loadDataDir: dump });
}

/** The embedded database in `dataDir` as it is: no migration runs (backups and restores leave it unchanged). */
export function openDataDirAsItIs(dataDir: string, options: Omit<PgliteOptions, "migrate" | "loadDataDir"> = {}) {
  return openPglite(dataDir, { ...options, migrate: false });
}

export function openPostgresDatabase(url: string, settings: PoolSettings = getEnv().DATABASE_POOL) {
  return openPostgres(url, settings);
}

export async function closeDatabase() {
  const current = globalStore.__database;
  globalStore.__database = undefined;
  if (current) await (await current).close();
}

/** The Drizzle database for the current process. */
export async function getDb(): Promise<Database> {
  return (await connectDatabase()).db;
}

export { schema };
