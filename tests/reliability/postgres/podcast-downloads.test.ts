/**
 * PRODUCT.md "Measurement", against the built server: two instances on one PostgreSQL, each running the
 * downloads job every second. They hash a listener's address with one salt of the day (the same podcast app
 * at the same address counts once, whichever instance it reached); every request either instance answered is
 * recorded, and the job, whose turns go to one instance at a time, counts each listener's download exactly
 * once, ranges served by different instances reassembled; an instance stopped with SIGTERM writes the records
 * still waiting before it exits. Runs in the suite's PostgreSQL pass.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { listenerKey } from "../../../app/server/measurement/download-rules.server";
import { freshSite, send, startServer, stopAllServers, until, type RunningServer, type Site } from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const client of clients) await client.end().catch(() => undefined);
  for (const site of sites) await site.remove();
});

const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
/** The downloads job's advisory lock (JOB_LOCK in app/server/measurement/downloads-job.server.ts, 'MWDL'). */
const JOB_LOCK = 0x4d57444c;
const JOB = "podcast-downloads";

interface Episode {
  id: string;
  path: string;
  length: number;
}

/** The feed's enclosures (attributes in the order length, type, url), each a counting route. */
async function enclosures(server: RunningServer): Promise<Episode[]> {
  const feed = await send(server.origin, { path: "/podcasts/rss.xml" });
  expect(feed.status).toBe(200);
  return [...feed.body.matchAll(/<enclosure length="(\d+)" type="[^"]*" url="([^"]+)"\s*\/>/g)].map(([, length, url]) => {
    const path = new URL(url!).pathname;
    const id = /^\/e\/([\da-f-]{36})\.(?:mp3|m4a)$/.exec(path)?.[1];
    if (!id) throw new Error(`Not a counting route: ${url}`);
    return { id, path, length: Number(length) };
  });
}

/** One request for an episode's file, from the podcast app at `address` (the instances trust the loopback proxy). */
function fetchEpisode(server: RunningServer, episode: Episode, address: string, options: { method?: string; range?: string } = {}) {
  return send(server.origin, {
    path: episode.path,
    method: options.method ?? "GET",
    headers: { "User-Agent": OVERCAST, "X-Forwarded-For": address, ...(options.range ? { Range: options.range } : {}) },
  });
}

/** A whole-file GET, checked: 200 with the file's length. */
async function download(server: RunningServer, episode: Episode, address: string) {
  const answer = await fetchEpisode(server, episode, address);
  expect(answer.status).toBe(200);
  expect(Number(answer.headers["content-length"])).toBe(episode.length);
}

/** The address's hash under `salt` (listener-hash.server.ts: HMAC-SHA-256, an IPv4 address as it is). */
function addressHash(salt: string, address: string) {
  return crypto.createHmac("sha256", salt).update(address).digest("base64url").slice(0, 32);
}

describe("podcast downloads on two instances", () => {
  it("share the day's salt, record every request and count each listener's download once, and write waiting records at a stop", async () => {
    const site = await freshSite();
    sites.push(site);
    // TRUST_PROXY: every request comes from 127.0.0.1, and names its listener's address in X-Forwarded-For.
    const env = { MEASUREMENT_INTERVAL_SECONDS: "1", TRUST_PROXY: "loopback" };
    // Started together: they take turns at the migrations and the demo seed (instances-start-together.test.ts).
    const [a, b] = (await Promise.all([1, 2].map(() => startServer(buildDir, site, { env, readyTimeoutMs: 180_000 })))) as [
      RunningServer,
      RunningServer,
    ];
    const db = new pg.Client({ connectionString: site.env.DATABASE_URL });
    clients.push(db);
    await db.connect();
    const value = async <T>(text: string, values: unknown[] = []) => (await db.query<{ v: T }>(text, values)).rows[0]?.v;
    const records = async () => Number(await value<string>("select count(*) as v from podcast_requests"));
    const ranAt = async () => await value<Date>("select ran_at as v from measurement_progress where job = $1", [JOB]);
    /** The downloads the job counted (the demo's, seeded with listeners 'demo-…', left out). */
    const counted = async () =>
      (
        await db.query<{ episode_id: string; day: string; listener: string; app: string | null }>(
          "select episode_id, day::text, listener, app from podcast_downloads where listener not like 'demo-%' order by counted_at",
        )
      ).rows;
    /**
     * Waits until `count` records are written, then until a run of the job has started after that (a run's
     * ran_at is its transaction's start, so it read them all). Never a fixed wait.
     */
    const settled = async (count: number) => {
      const at = await until(`${count} podcast request records`, async () => {
        const { rows } = await db.query<{ n: string; now: Date }>("select count(*) as n, now() as now from podcast_requests");
        return Number(rows[0]!.n) >= count && rows[0]!.now;
      });
      expect(await records()).toBe(count);
      await until("a run of the downloads job after the records", async () => ((await ranAt()) ?? new Date(0)) > at);
    };

    const episodes = await enclosures(a);
    expect(episodes.length).toBeGreaterThanOrEqual(2);
    expect(await records()).toBe(0);
    expect(await counted()).toEqual([]);
    const today = (await value<string>("select (now() at time zone 'UTC')::date::text as v"))!;

    // 1. One salt: the same app at the same address downloads one episode through A, then through B: one listener.
    const [first] = episodes as [Episode];
    await download(a, first, "192.0.2.1");
    await download(b, first, "192.0.2.1");
    await settled(2);
    const salts = (await db.query<{ day: string; salt: string }>("select day::text, salt from measurement_salts")).rows;
    expect(salts.map((row) => row.day)).toEqual([today]);
    const salt = salts[0]!.salt;
    // Both instances hashed the address with the salt in the database, not one of their own.
    const listeners = (await db.query<{ listener: string }>("select listener from podcast_requests")).rows.map((row) => row.listener);
    expect(listeners).toEqual([addressHash(salt, "192.0.2.1"), addressHash(salt, "192.0.2.1")]);
    const one = { episode_id: first.id, day: today, listener: listenerKey(addressHash(salt, "192.0.2.1"), OVERCAST), app: "Overcast" };
    expect(await counted()).toEqual([one]);

    // 2. Waves of requests at both instances at once, each wave's records landing while the job runs on both:
    // 40 whole downloads from 40 addresses; HEAD requests, players' `bytes=0-1` probes and apps that stop after
    // 64 KB (recorded, never counted); one listener whose two halves of a file come from different instances, in
    // different waves (counted once the second arrives).
    const expected = [one];
    let made = 2;
    const split = { episode: episodes[1]!, address: "203.0.113.200" };
    const half = Math.floor(split.episode.length / 2);
    for (let wave = 0; wave < 4; wave++) {
      const before = (await ranAt())!;
      const requests: Promise<unknown>[] = [];
      for (let i = wave * 10; i < wave * 10 + 10; i++) {
        const episode = episodes[i % episodes.length]!;
        const address = `198.51.100.${i + 1}`;
        requests.push(download(i % 2 === 0 ? a : b, episode, address));
        expected.push({ episode_id: episode.id, day: today, listener: listenerKey(addressHash(salt, address), OVERCAST), app: "Overcast" });
      }
      const short = episodes[wave % episodes.length]!;
      const status = (wanted: number) => (answer: { status: number }) => expect(answer.status).toBe(wanted);
      requests.push(
        fetchEpisode(wave % 2 === 0 ? b : a, short, `203.0.113.${wave + 1}`, { method: "HEAD" }).then(status(200)),
        fetchEpisode(wave % 2 === 0 ? a : b, short, `203.0.113.${wave + 101}`, { range: "bytes=0-1" }).then(status(206)),
        fetchEpisode(wave % 2 === 0 ? b : a, short, `203.0.113.${wave + 151}`, { range: "bytes=0-65535" }).then(status(206)),
      );
      made += 13;
      if (wave === 0 || wave === 2) {
        const [server, range] = wave === 0 ? [a, `bytes=0-${half - 1}`] : [b, `bytes=${half}-`];
        requests.push(fetchEpisode(server, split.episode, split.address, { range }).then(status(206)));
        made += 1;
      }
      await Promise.all(requests);
      // The next wave comes once the job has run again (on whichever instance took the turn).
      await until("a run of the downloads job", async () => (await ranAt())! > before);
    }
    expected.push({
      episode_id: split.episode.id,
      day: today,
      listener: listenerKey(addressHash(salt, split.address), OVERCAST),
      app: "Overcast",
    });
    await settled(made);
    const downloads = await counted();
    expect(downloads).toHaveLength(42);
    const key = (row: { episode_id: string; listener: string }) => `${row.episode_id} ${row.listener}`;
    expect(downloads.map(key).sort()).toEqual(expected.map(key).sort());
    expect(downloads.every((row) => row.day === today && row.app === "Overcast")).toBe(true);
    expect((await db.query("select job from measurement_progress")).rows).toEqual([{ job: JOB }]);
    expect(Number(await value<string>("select count(*) as v from measurement_salts"))).toBe(1);

    // One instance at a time: while the job's advisory lock is held elsewhere (here, by the test), neither
    // instance runs the job (1.5 s holds at least one turn of each, a turn a second); once the lock is free,
    // the two downloads made meanwhile are counted. Without the lock, ran_at moves on.
    const holder = new pg.Client({ connectionString: site.env.DATABASE_URL });
    clients.push(holder);
    await holder.connect();
    await holder.query("select pg_advisory_lock($1::bigint)", [JOB_LOCK]);
    const lockedAt = (await value<Date>("select now() as v"))!;
    const held = (await ranAt())!;
    await download(a, episodes[0]!, "198.51.100.201");
    await download(b, episodes[1]!, "198.51.100.202");
    made += 2;
    await until(`${made} podcast request records`, async () => (await records()) >= made);
    await until(
      "a turn of the job on each instance",
      async () => (await value<Date>("select now() as v"))!.getTime() - lockedAt.getTime() > 1_500,
      5_000,
    );
    expect(await ranAt()).toEqual(held);
    expect(held <= lockedAt).toBe(true);
    expect(await counted()).toHaveLength(42);
    await holder.query("select pg_advisory_unlock($1::bigint)", [JOB_LOCK]);
    await settled(made);
    expect(await counted()).toHaveLength(44);

    // 3. A stop writes what is waiting. A trigger makes every INSERT into the records wait for a lock the test
    // holds (the job's reads and prunes go on), so A's records wait in its memory while it answers ten downloads;
    // A gets SIGTERM; after 300 ms, in which a stop that did not wait for them would have closed the database
    // (a window for a faulty stop to show, not a wait for a result), the lock is let go. A exits 0, all ten written.
    const HOLD_INSERTS = 0x54455354;
    await db.query(`
      create function hold_podcast_requests() returns trigger language plpgsql as
        $$ begin perform pg_advisory_xact_lock_shared(${HOLD_INSERTS}); return null; end $$;
      create trigger hold_podcast_requests before insert on podcast_requests
        for each statement execute function hold_podcast_requests()`);
    await holder.query("select pg_advisory_lock($1::bigint)", [HOLD_INSERTS]);
    for (let i = 0; i < 10; i++) await download(a, episodes[i % episodes.length]!, `198.51.100.${150 + i}`);
    made += 10;
    const stopping = a.signal("SIGTERM");
    await a.printed("SIGTERM received");
    let exited = false;
    void a.exited.then(() => (exited = true));
    await until("a moment for A's stop to go on", () => Date.now() - stopping > 300);
    expect(exited).toBe(false);
    expect(await records()).toBe(made - 10);
    await holder.query("select pg_advisory_unlock($1::bigint)", [HOLD_INSERTS]);
    const exit = await a.exited;
    expect(exit.code, a.output()).toBe(0);
    expect(await records()).toBe(made);
    // B, still running, counts them.
    await settled(made);
    expect(await counted()).toHaveLength(54);
  });
});
