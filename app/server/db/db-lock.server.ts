import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { StartupError } from "../env.server";

/** How long a refused process waits for the holder to say its pid. */
const ASK_HOLDER_TIMEOUT_MS = 2_000;
/** How long to wait for a holder that is ending (at most 40 × 50 ms) before giving up. */
const HOLDER_ENDING_ATTEMPTS = 40;
const HOLDER_ENDING_PAUSE_MS = 50;

export interface LockAddress {
  address: string;
  /** A socket file stays behind when its process is killed; the other kinds vanish with it. */
  isFile: boolean;
}

/**
 * The lock of one data folder, named after the folder itself (device and inode), so every path to it
 * (relative, symlinked) finds the same lock. On Linux an abstract socket and on Windows a named pipe: the
 * kernel drops both the moment their process ends, however it ends. Elsewhere a socket file in the temp folder.
 * Abstract sockets belong to a network namespace: two containers must not share one data volume.
 */
export function lockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): LockAddress {
  const { dev, ino } = fs.statSync(dataDir, { bigint: true });
  const name = `marketwire-data-${dev}-${ino}`;
  if (platform === "linux") return { address: `\0${name}`, isFile: false };
  if (platform === "win32") return { address: `\\\\?\\pipe\\${name}`, isFile: false };
  return { address: path.join(os.tmpdir(), `${name}.sock`), isFile: true };
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    server.once("error", resolve);
    server.listen({ path: address }, () => {
      server.off("error", resolve);
      resolve(null);
    });
  });
}

type Holder =
  /** It answered with its pid, or it accepted the connection but is too busy to answer. */
  | { state: "alive"; pid?: number }
  /** No one listens any more. */
  | { state: "gone" }
  /** It closed the connection without answering: a process that is ending. */
  | { state: "ending" };

/** Asks whoever listens on the lock for its pid. */
function askHolder(address: string): Promise<Holder> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: address });
    let answer = "";
    let connected = false;
    const settle = (holder: Holder) => {
      socket.destroy();
      resolve(holder);
    };
    socket.setTimeout(ASK_HOLDER_TIMEOUT_MS, () => settle({ state: "alive" }));
    socket.on("connect", () => (connected = true));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => {
      const pid = Number.parseInt(answer, 10);
      settle(Number.isInteger(pid) ? { state: "alive", pid } : { state: "ending" });
    });
    socket.on("error", () => settle({ state: connected ? "ending" : "gone" }));
  });
}

/**
 * PGlite does not lock its data folder and two processes writing to it corrupt it, so the process that
 * opens it listens on a local socket named after the folder (see lockAddress): only one process can, and
 * the operating system closes it with the process, even after SIGKILL, so a restart right after a crash
 * finds it free. (A pid file is not enough: a killed process's pid looks alive until its parent reaps it,
 * and may later belong to another process.) A refused process is told the holder's pid. Returns the
 * release function.
 */
export async function acquireDataDirLock(dataDir: string, platform: NodeJS.Platform = process.platform): Promise<() => Promise<void>> {
  let lock: LockAddress;
  try {
    lock = lockAddress(dataDir, platform);
  } catch (error) {
    throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: ${(error as Error).message}`);
  }
  for (let attempt = 0; attempt < HOLDER_ENDING_ATTEMPTS; attempt++) {
    const server = net.createServer((socket) => {
      // An asker that hangs up first (it gave up waiting) makes the write fail; unhandled, that error
      // would end the process that holds the lock: the running server.
      socket.on("error", () => socket.destroy());
      socket.end(String(process.pid));
    });
    const error = await listen(server, lock.address);
    if (!error) {
      // The lock must never keep a process alive that has nothing else to do.
      server.unref();
      let released: Promise<void> | undefined;
      return () => (released ??= new Promise<void>((resolve) => server.close(() => resolve())));
    }
    if (error.code !== "EADDRINUSE") throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: ${error.message}`);
    const holder = await askHolder(lock.address);
    if (holder.state === "alive") throw inUse(dataDir, holder.pid);
    // No one listens: the holder has ended. Only a socket file stays behind, to be removed.
    if (holder.state === "gone" && lock.isFile) fs.rmSync(lock.address, { force: true });
    // A killed holder's socket closes when its last thread has gone, a moment after the kill.
    if (holder.state === "ending") await new Promise((resolve) => setTimeout(resolve, HOLDER_ENDING_PAUSE_MS));
  }
  throw inUse(dataDir);
}

function inUse(dataDir: string, pid?: number) {
  const who = pid === undefined ? "another process" : `another process (pid ${pid})`;
  return new StartupError(`The database in ${dataDir} is in use by ${who}; stop it first (PGlite allows one process per data folder).`);
}
