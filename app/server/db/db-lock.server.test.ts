import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { acquireDataDirLock, lockAddress } from "./db-lock.server";

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-lock-unit-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(
    children.splice(0).map((child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      return child.exitCode === null && child.signalCode === null ? exited : undefined;
    }),
  );
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Another process taking the lock, as a server does, and printing its pid once it holds it.
const HOLDER = `import { acquireDataDirLock } from "./app/server/db/db-lock.server.ts";
await acquireDataDirLock(process.argv[1], process.argv[2]);
console.log(process.pid);
setInterval(() => {}, 60_000);`;

/**
 * Starts a lock holder. With `unreaped`, its parent is a shell that execs `sleep`, which never waits for
 * its children: once killed, the holder stays a zombie, as a crashed server does until its parent reaps it.
 */
function startHolder(dir: string, options: { platform?: NodeJS.Platform; unreaped?: boolean } = {}): Promise<number> {
  const node = [process.execPath, "--import", "tsx", "--input-type=module", "-e", HOLDER, dir, options.platform ?? process.platform];
  const quoted = node.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(" ");
  const child = options.unreaped ? spawn("sh", ["-c", `${quoted} & exec sleep 60`]) : spawn(node[0]!, node.slice(1));
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(Number.parseInt(output, 10));
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", () => reject(new Error(`the lock holder exited: ${output}`)));
  });
}

function processState(pid: number): string | undefined {
  try {
    // /proc/<pid>/stat: "pid (name) state …"
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
  } catch {
    return undefined;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refusal = (dir: string, pid: number) =>
  `The database in ${dir} is in use by another process (pid ${pid}); stop it first (PGlite allows one process per data folder).`;

describe("acquireDataDirLock", () => {
  it("refuses a second holder naming the first one's pid, and is free again once released", async () => {
    const dir = tempDir();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(refusal(dir, process.pid));
    await release();
    const again = await acquireDataDirLock(dir);
    await again();
  });

  it("refuses a data folder another live process holds, naming that process", async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(refusal(dir, holder));
  });

  it("survives askers that hang up before it answers (an unhandled EPIPE would end the server)", async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    const { address } = lockAddress(dir);
    await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect({ path: address }, () => socket.destroy());
            socket.on("error", () => {});
            socket.on("close", () => resolve());
          }),
      ),
    );
    // Answered after every hang-up: a crash over one of them would have come first.
    await expect(acquireDataDirLock(dir)).rejects.toThrow(refusal(dir, holder));
    expect(processState(holder)).toMatch(/[RS]/);
  });

  it("is the folder's lock, whatever the path: a symlink to a held folder is refused", async () => {
    const dir = tempDir();
    const link = path.join(tempDir(), "data-link");
    fs.symlinkSync(dir, link);
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(link)).rejects.toThrow(/in use by another process/);
    await release();
  });

  it.runIf(process.platform === "linux")(
    "is free at once after its holder is killed, while the dead holder is still an unreaped zombie",
    async () => {
      const dir = tempDir();
      const holder = await startHolder(dir, { unreaped: true });
      await expect(acquireDataDirLock(dir)).rejects.toThrow(refusal(dir, holder));
      process.kill(holder, "SIGKILL");
      await waitFor(() => processState(holder) === "Z");
      // The zombie's pid still answers kill(pid, 0): the lock must not depend on it.
      expect(() => process.kill(holder, 0)).not.toThrow();
      const release = await acquireDataDirLock(dir);
      await release();
    },
  );

  it("where the lock is a socket file, takes over the file a killed holder left behind", async () => {
    const dir = tempDir();
    const { address, isFile } = lockAddress(dir, "darwin");
    expect(isFile).toBe(true);
    const holder = await startHolder(dir, { platform: "darwin" });
    await expect(acquireDataDirLock(dir, "darwin")).rejects.toThrow(refusal(dir, holder));
    process.kill(holder, "SIGKILL");
    await waitFor(() => processState(holder) === undefined || processState(holder) === "Z");
    expect(fs.existsSync(address)).toBe(true);
    const release = await acquireDataDirLock(dir, "darwin");
    await release();
    expect(fs.existsSync(address)).toBe(false);
  });

  it("names the folder in a start-up error when it cannot be locked", async () => {
    await expect(acquireDataDirLock("/nonexistent/marketwire-data")).rejects.toThrow(
      /^Cannot lock DATA_DIR \/nonexistent\/marketwire-data: /,
    );
  });
});
