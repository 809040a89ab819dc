import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

import type { Connection } from "../db/db.server";
import { StartupError } from "../env.server";
import { log, logError } from "../log.server";
import { snapshotEmbedded } from "./backup-data-folder.server";
import { countAppliedMigrations, embeddedAuditAnchor } from "./backup-database.server";

/**
 * While the site runs on the embedded database, its data folder is locked (db-lock): `npm run backup`
 * cannot open it, so it asks the running server for a snapshot over this Unix socket in DATA_DIR, which
 * only the folder's owner may connect to (mode 0600). One request, "snapshot\n"; one answer, a JSON line
 * (`{ ok, size, migrations }` or `{ ok: false, error }`) and then the snapshot's bytes.
 */
export const SOCKET_NAME = "backup.sock";
const REQUEST = "snapshot\n";
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string) {
  return path.join(dataDir, SOCKET_NAME);
}

const answerSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), size: z.number().int().min(0), migrations: z.number().int().min(0), auditAnchor: z.string().nullable() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export interface SnapshotListener {
  close: () => Promise<void>;
}

/**
 * Answers snapshot requests for the running server's embedded database. Null when there is nothing to
 * answer for (PostgreSQL: `npm run backup` runs pg_dump itself) or the folder's path is too long for a socket.
 */
export async function listenForSnapshotRequests(dataDir: string, connection: Connection): Promise<SnapshotListener | null> {
  const pglite = connection.pglite;
  if (!pglite) return null;
  const address = backupSocketPath(dataDir);
  if (address.length > MAX_SOCKET_PATH) {
    log.warn(`Backups while running are off: ${address} is too long for a socket; stop the server to back up DATA_DIR.`);
    return null;
  }
  // The data folder is locked by this process, so a socket file there is a killed server's leftover.
  fs.rmSync(address, { force: true });
  let queue = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    let request = "";
    socket.on("data", (chunk) => {
      request += chunk.toString("utf8");
      if (request.length < REQUEST.length) return;
      if (request !== REQUEST) return void socket.end(JSON.stringify({ ok: false, error: "unknown request" }) + "\n");
      // One snapshot at a time: each holds the whole database in memory.
      queue = queue.then(() => answer(socket, pglite, connection));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: address }, () => resolve());
  });
  fs.chmodSync(address, 0o600);
  // Never the reason a stopping process stays alive.
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(address, { force: true });
      }),
  };
}

async function answer(socket: net.Socket, pglite: NonNullable<Connection["pglite"]>, connection: Connection) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-snapshot-"));
  try {
    const snapshot = path.join(scratch, "database");
    // Read before the snapshot: the log only grows, so the entry it names is in the snapshot.
    const auditAnchor = await embeddedAuditAnchor(connection);
    await snapshotEmbedded(pglite, snapshot);
    const migrations = await countAppliedMigrations(connection.db);
    socket.write(JSON.stringify({ ok: true, size: fs.statSync(snapshot).size, migrations, auditAnchor }) + "\n");
    await pipeline(fs.createReadStream(snapshot), socket);
  } catch (error) {
    const problem = error instanceof Error ? error.message || error.name : String(error);
    logError("Backup snapshot failed", error);
    if (!socket.destroyed) socket.end(JSON.stringify({ ok: false, error: problem }) + "\n");
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Asks the server running on `dataDir` for a snapshot and writes it to `destination`. Null when no
 * server listens (the caller then opens the folder itself).
 */
export async function requestSnapshot(
  dataDir: string,
  destination: string,
): Promise<{ migrations: number; auditAnchor: string | null } | null> {
  const address = backupSocketPath(dataDir);
  if (address.length > MAX_SOCKET_PATH || !fs.existsSync(address)) return null;
  const socket = net.connect({ path: address });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A leftover socket file of a killed server: no one listens.
    if (code === "ECONNREFUSED" || code === "ENOENT") return null;
    throw new StartupError(`Cannot ask the running server for a snapshot (${address}): ${code ?? (error as Error).message}`);
  }
  socket.write(REQUEST);
  const { header, rest } = await readHeaderLine(socket);
  const parsed = answerSchema.safeParse(safeJson(header));
  if (!parsed.success)
    throw new StartupError(`The running server gave no snapshot (${address} answered ${JSON.stringify(header.slice(0, 80))}).`);
  if (!parsed.data.ok) throw new StartupError(`The running server could not take a snapshot: ${parsed.data.error}`);
  const out = fs.createWriteStream(destination, { mode: 0o600 });
  await pipeline(Readable.from(concatStreams(rest, socket)), out);
  const written = fs.statSync(destination).size;
  if (written !== parsed.data.size)
    throw new StartupError(`The running server's snapshot was cut short (${written} of ${parsed.data.size} bytes).`);
  return { migrations: parsed.data.migrations, auditAnchor: parsed.data.auditAnchor };
}

async function* concatStreams(first: Buffer, socket: net.Socket) {
  if (first.length) yield first;
  for await (const chunk of socket) yield chunk as Buffer;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The answer's first line, and whatever bytes came after it in the same chunks. */
function readHeaderLine(socket: net.Socket): Promise<{ header: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(0x0a);
      if (end === -1) return;
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.pause();
      resolve({ header: buffered.subarray(0, end).toString("utf8"), rest: buffered.subarray(end + 1) });
    };
    const onEnd = () => resolve({ header: buffered.toString("utf8"), rest: Buffer.alloc(0) });
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", reject);
  });
}
