import fs from "node:fs";
import path from "node:path";
import { StartupError } from "./env.server";

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not lock its data folder and two processes writing to it corrupt it, so we hold a
 * lock file naming our pid. A lock left by a process that no longer runs is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "marketwire.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new StartupError(`Cannot lock DATA_DIR ${dataDir}: ${(error as Error).message}`);
      }
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new StartupError(
          `The database in ${dataDir} is in use by another process (pid ${owner}); stop it first (PGlite allows one process per data folder).`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that has exited
    }
  }
  throw new StartupError(`Cannot lock DATA_DIR ${dataDir}`);
}
