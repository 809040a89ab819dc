import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";

import { auditHead, formatAuditAnchor } from "../audit/audit-log.server";
import { MIGRATIONS_FOLDER, type Connection, type Database } from "../db/db.server";
import { StartupError } from "../env.server";

/** How many migrations the database has applied (Drizzle's own record; 0 before the first start). */
export async function countAppliedMigrations(db: Database): Promise<number> {
  const result = await db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return Number(result.rows[0]?.applied ?? 0);
}

/** How many migrations this version of the site knows: a backup with more was made by a newer one. */
export function countKnownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * The files and folders PostgreSQL (and so PGlite) keeps at the top of a data folder. DATA_DIR also holds
 * the site's own files (uploads, the auth secret, caches), which these never match.
 */
const DATA_FOLDER_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

export const isDatabaseEntry = (name: string) => DATA_FOLDER_ENTRY.test(name);

export function embeddedDatabaseEntries(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).filter(isDatabaseEntry);
}

export function hasEmbeddedDatabase(dataDir: string) {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/**
 * libpq's tools take the password from the environment, not the command line, where `ps` would show
 * it to every user of the machine.
 */
function postgresArguments(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        return reject(
          new StartupError(`${tool} is not installed: install the PostgreSQL client tools, of the server's major version or newer.`),
        );
      }
      const firstLine = stderr.split("\n").find((line) => line.trim()) ?? error.message;
      reject(new StartupError(`${tool} failed: ${firstLine.trim()}`));
    });
  });
}

/**
 * pg_dump's custom format: one consistent snapshot (pg_dump reads in one repeatable-read transaction,
 * so writes during the dump are either wholly in it or not at all), compressed, restored by pg_restore.
 */
export function dumpPostgres(url: string, destination: string) {
  const { dbname, env } = postgresArguments(url);
  return run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${destination}`, `--dbname=${dbname}`], env);
}

/** Into an empty database in one transaction; `replace` first drops what the dump holds (--clean). */
export function restorePostgres(url: string, source: string, { replace }: { replace: boolean }) {
  const { dbname, env } = postgresArguments(url);
  const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`];
  if (replace) args.push("--clean", "--if-exists");
  return run("pg_restore", [...args, source], env);
}

/** The tables in the database, outside PostgreSQL's own schemas: a restore refuses to land on them. */
export async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return result.rows.map((row) => row.name);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Applied migrations on a PostgreSQL database, after a restore. */
export async function postgresAppliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ applied: number }>("select count(*)::int as applied from drizzle.__drizzle_migrations");
    return Number(result.rows[0]?.applied ?? 0);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The audit log's newest entry on a PostgreSQL database, as an anchor (PRODUCT.md "Audit log"); null when empty. */
export async function postgresAuditAnchor(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ id: string; hash: string }>("select id::text as id, hash from audit_log order by id desc limit 1");
    const row = result.rows[0];
    return row ? formatAuditAnchor({ id: Number(row.id), hash: row.hash }) : null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The same on a database this process has open (the embedded one). */
export async function embeddedAuditAnchor(connection: Pick<Connection, "db">): Promise<string | null> {
  const head = await auditHead(connection.db);
  return head ? formatAuditAnchor(head) : null;
}
