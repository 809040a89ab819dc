/**
 * A crash (SIGKILL, out of memory, power loss of the container) in the middle of writes: a restart right
 * away on the same data starts (the data folder's lock went with the dead process, even before its parent
 * reaped it), and every write the client saw acknowledged is stored: forms, and views counted in batches.
 */
import fs from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";

import { demoId } from "../../app/server/seed/catalogue/demo-ids";
import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import {
  adminExport,
  freshSite,
  sameOrigin,
  send,
  signInAsAdmin,
  sleep,
  startServer,
  stopAllServers,
  type RunningServer,
  type Site,
} from "./harness";

const buildDir = inject("buildDir");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const seededDataDir = inject("seededDataDir") || undefined;

const sites: Site[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const created of sites.splice(0)) await created.remove();
});

interface Write {
  kind: "subscriber" | "message";
  key: string;
  acknowledged: boolean;
}

/** One write (a newsletter subscription or a contact message); acknowledged = the success answer arrived. */
async function write(server: RunningServer, n: number): Promise<Write> {
  const kind = n % 2 === 0 ? "subscriber" : "message";
  const key = kind === "subscriber" ? `crash-subscriber-${n}@example.com` : `Crash subject ${n}`;
  const form: Record<string, string> =
    kind === "subscriber"
      ? { email: key }
      : { name: "Crash Test", email: `crash-${n}@example.com`, subject: key, message: `A message sent just before a crash (${n}).` };
  try {
    const answer = await send(server.origin, {
      path: kind === "subscriber" ? "/resources/newsletter" : "/contact",
      headers: sameOrigin(server),
      form,
      timeoutMs: 10_000,
    });
    const acknowledged = kind === "subscriber" ? answer.status === 200 && JSON.parse(answer.body).ok === true : answer.status === 302;
    return { kind, key, acknowledged };
  } catch {
    return { kind, key, acknowledged: false };
  }
}

function processState(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
  } catch {
    return undefined;
  }
}

describe("SIGKILL mid-stream of writes", () => {
  it("an immediate restart on the same data starts, and every acknowledged write is stored", async () => {
    const site = await freshSite(seededDataDir);
    sites.push(site);
    // Its parent never reaps it: after the kill it stays a zombie, the state that made the old lock refuse.
    const server = await startServer(buildDir, site, { unreaped: true });

    // Four clients writing one after another, as fast as the server acknowledges.
    const writes: Write[] = [];
    const pending = new Set<number>();
    let next = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const n = next++;
        pending.add(n);
        const result = await write(server, n);
        pending.delete(n);
        writes.push(result);
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    while (writes.filter((w) => w.acknowledged).length < 40) await sleep(10);

    const pendingAtKill = pending.size;
    killed = true;
    const killedAt = server.signal("SIGKILL");
    const restarted = await startServer(buildDir, site, { port: server.port });
    const restartMs = Date.now() - killedAt;
    const deadServerState = site.kind === "pglite" ? processState(server.pid) : undefined;
    await clients;

    expect(restarted.output()).not.toContain("in use by another process");
    // The restart happened while the killed server was still an unreaped zombie.
    if (site.kind === "pglite") expect(deadServerState).toBe("Z");

    const cookie = await signInAsAdmin(restarted);
    const subscribers = await adminExport(restarted, cookie, "subscribers");
    const messages = await adminExport(restarted, cookie, "messages");
    const stored = (w: Write) => (w.kind === "subscriber" ? subscribers : messages).includes(w.key);
    const acknowledged = writes.filter((w) => w.acknowledged);
    const lost = acknowledged.filter((w) => !stored(w)).map((w) => w.key);
    expect(lost).toEqual([]);
    expect((await restarted.stop()).code).toBe(0);

    const unacknowledged = writes.filter((w) => !w.acknowledged);
    console.info(
      `[reliability] SIGKILL (${site.kind}): ${acknowledged.length} writes acknowledged, ${acknowledged.length - lost.length} found after the restart; ` +
        `${pendingAtKill} in flight at the kill (${unacknowledged.filter(stored).length} of ${unacknowledged.length} unacknowledged were stored); ` +
        `restart ready ${restartMs} ms after the kill`,
    );
  });
});

describe("SIGKILL during a burst of counted views", () => {
  it('loses no acknowledged view: each is answered only once its batch has committed (PRODUCT.md "Counters")', async () => {
    const site = await freshSite(seededDataDir);
    sites.push(site);
    // Every view from an address of its own, as behind a proxy: each one counts.
    const env = { TRUST_PROXY: "loopback" };
    const server = await startServer(buildDir, site, { env });
    const video = DEMO_VIDEOS.find((candidate) => !candidate.status)!;
    const counter = `/api/videos/${demoId("video", video.slug)}/view`;
    const liveViews = async (target: RunningServer) => {
      // A bot's post is answered the count and never counted.
      const answer = await send(target.origin, {
        method: "POST",
        path: counter,
        headers: { ...sameOrigin(target), "User-Agent": "curl/8.5.0" },
      });
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.body) as { views: number }).views;
    };
    const before = await liveViews(server);

    let sent = 0;
    let acknowledged = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const n = sent++;
        try {
          const answer = await send(server.origin, {
            method: "POST",
            path: counter,
            headers: { ...sameOrigin(server), "User-Agent": BROWSER, "X-Forwarded-For": `10.9.${(n >> 8) & 255}.${n & 255}` },
            timeoutMs: 10_000,
          });
          if (answer.status === 200 && !killed) acknowledged += 1;
        } catch {
          // Cut by the kill: not acknowledged.
        }
      }
    };
    // Sixteen browsers posting at once, so the views are written in batches.
    const clients = Promise.all(Array.from({ length: 16 }, client));
    while (acknowledged < 300) await sleep(5);
    const acknowledgedAtKill = acknowledged;
    killed = true;
    server.signal("SIGKILL");
    await clients;

    const restarted = await startServer(buildDir, site, { port: server.port, env });
    const added = (await liveViews(restarted)) - before;
    expect(acknowledgedAtKill).toBeGreaterThanOrEqual(300);
    expect(added).toBeGreaterThanOrEqual(acknowledgedAtKill);
    expect(added).toBeLessThanOrEqual(sent);
    expect((await restarted.stop()).code).toBe(0);
    console.info(
      `[reliability] SIGKILL in a burst of views (${site.kind}): ${acknowledgedAtKill} acknowledged, ${added} counted after the restart, ${sent} sent`,
    );
  });
});
