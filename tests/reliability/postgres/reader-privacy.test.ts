/**
 * PRODUCT.md "Measurement", issue 45's privacy 'Done when': after a reader's journey against the built server
 * (item pages, counted views and a web listen, a press of a newsletter's link, a podcast app's HEAD, probe,
 * ranges and whole download of an enclosure, from an IPv4 and an IPv6 address, with a cookie, then a run of
 * the downloads job), EVERY table
 * of the database (listed from information_schema, so a table added later is read too) is read cell by cell:
 * no address (nor an IPv6 address's /64), no cookie value, no plain digest of either (MD5, SHA-1, SHA-256 in
 * hex, base64 or base64url, whole or cut) is anywhere. The full user agent is kept only beside a hash keyed
 * by the day's salt, in podcast_requests, as the issue allows. On PostgreSQL, whose tables a test can read
 * while the server runs.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { publicUrlFor } from "../../../app/lib/content-registry";
import { addressKey } from "../../../app/server/rate-limit.server";
import { freshSite, sameOrigin, send, startServer, stopAllServers, until, type Site } from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const client of clients) await client.end().catch(() => undefined);
  for (const site of sites) await site.remove();
});

const JOB = "podcast-downloads";
/** A reader's browser and a podcast app, each with a version no other test sends. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.4242 Safari/537.36";
const APP = "Overcast/3.0.4242 (+http://overcast.fm/; iOS podcast app)";
const IPV4 = "198.51.100.42";
const IPV6 = "2001:db8:4242:17:a1b2:c3d4:e5f6:789a";

/** The plain digests of `value` as text could store them, each cut to 16 characters (a stored hash may be cut). */
function plainDigests(value: string): string[] {
  return ["md5", "sha1", "sha256"].flatMap((algorithm) =>
    (["hex", "base64", "base64url"] as const).map((encoding) => crypto.createHash(algorithm).update(value).digest(encoding).slice(0, 16)),
  );
}

describe("a reader's journey", () => {
  it("leaves no address, /64, cookie or plain digest of them in any table, and the user agent only beside a daily keyed hash", async () => {
    const site = await freshSite();
    sites.push(site);
    const env = { MEASUREMENT_INTERVAL_SECONDS: "1", TRUST_PROXY: "loopback", RATE_LIMIT: "on" };
    const server = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    const db = new pg.Client({ connectionString: site.env.DATABASE_URL });
    clients.push(db);
    await db.connect();

    const cookieValue = crypto.randomBytes(18).toString("base64url");
    const sessionValue = crypto.randomBytes(24).toString("base64url");
    const cookie = `mw_reader=${cookieValue}; better-auth.session_token=${sessionValue}`;
    const { rows: videos } = await db.query<{ id: string }>(
      "select id::text from videos where status = 'published' and published_at <= now() order by published_at desc limit 2",
    );
    const { rows: podcasts } = await db.query<{ id: string }>(
      "select id::text from podcasts where status = 'published' and published_at <= now() order by published_at desc limit 1",
    );
    expect(videos).toHaveLength(2);
    expect(podcasts).toHaveLength(1);
    /** The day's views (a listen for the podcast) and unique visitors of the items the reader sees. */
    const todays = async () => {
      const ids = [...videos, ...podcasts].map((item) => item.id);
      const { rows } = await db.query<{ id: string; hits: number; uniques: number }>(
        `select i.id, coalesce(s.hits, 0) as hits, coalesce(s.uniques, 0) as uniques from unnest($1::uuid[]) as i(id)
         left join content_daily_stats s on s.content_id = i.id and s.day = (now() at time zone 'UTC')::date order by i.id`,
        [ids],
      );
      return rows.map((row) => [row.id, row.hits, row.uniques] as const);
    };
    /** The podcast's plays, quarters reached and seconds today, by place ('' for our pages). */
    const playsToday = async () => {
      const { rows } = await db.query<{ host: string; plays: number; q25: number; seconds: string }>(
        `select host, plays, q25, seconds from content_daily_plays
         where content_id = $1 and day = (now() at time zone 'UTC')::date`,
        [podcasts[0]!.id],
      );
      const places: Record<string, [number, number, number]> = { "": [0, 0, 0] };
      for (const row of rows) places[row.host] = [row.plays, row.q25, Number(row.seconds)];
      return places;
    };
    const before = { figures: await todays(), plays: await playsToday() };
    expect(Object.keys(before.plays)).toEqual([""]);
    const feed = await send(server.origin, { path: "/podcasts/rss.xml" });
    const enclosure = new URL(/<enclosure [^>]*url="([^"]+)"/.exec(feed.body)![1]!).pathname;
    expect(enclosure).toMatch(/^\/e\/[\da-f-]{36}\.(mp3|m4a)$/);

    for (const address of [IPV4, IPV6]) {
      const reader = { "User-Agent": BROWSER, "X-Forwarded-For": address, Cookie: cookie };
      for (const video of videos) {
        expect((await send(server.origin, { path: publicUrlFor("video", video.id), headers: reader })).status).toBe(200);
        const view = await send(server.origin, {
          method: "POST",
          path: `/api/videos/${video.id}/view?ref=www.google.com`,
          headers: { ...reader, ...sameOrigin(server), Referer: `${server.origin}${publicUrlFor("video", video.id)}` },
        });
        expect(view.status).toBe(200);
      }
      const podcast = podcasts[0]!.id;
      expect((await send(server.origin, { path: publicUrlFor("podcast", podcast), headers: reader })).status).toBe(200);
      const listen = await send(server.origin, {
        method: "POST",
        path: `/api/podcasts/${podcast}/listen`,
        headers: { ...reader, ...sameOrigin(server) },
      });
      expect(listen.status).toBe(200);
      // The player's marks: a play, and a quarter reached on a client's site that frames the episode.
      for (const query of ["mark=play&s=0", "mark=25&s=90&via=embed&ref=investors.example.com"]) {
        const marked = await send(server.origin, {
          method: "POST",
          path: `/api/podcasts/${podcast}/play?${query}`,
          headers: { ...reader, ...sameOrigin(server) },
        });
        expect(marked.status).toBe(204);
      }

      // A press of the video's link in a newsletter (PRODUCT.md "Measurement"): our redirect counts it.
      const pressed = await send(server.origin, { path: `/go/newsletter/videos/${videos[0]!.id}`, headers: reader });
      expect([pressed.status, pressed.headers.location]).toEqual([
        302,
        `${publicUrlFor("video", videos[0]!.id)}?utm_source=newsletter&utm_medium=email`,
      ]);

      const app = { "User-Agent": APP, "X-Forwarded-For": address, Cookie: cookie };
      expect((await send(server.origin, { method: "HEAD", path: enclosure, headers: app })).status).toBe(200);
      expect((await send(server.origin, { path: enclosure, headers: { ...app, Range: "bytes=0-1" } })).status).toBe(206);
      expect((await send(server.origin, { path: enclosure, headers: { ...app, Range: "bytes=0-65535" } })).status).toBe(206);
      expect((await send(server.origin, { path: enclosure, headers: { ...app, Range: "bytes=65536-" } })).status).toBe(206);
      expect((await send(server.origin, { path: enclosure, headers: app })).status).toBe(200);
    }

    // Both readers' marks were counted (so the tables read below hold them).
    expect(await playsToday()).toEqual({
      "": [before.plays[""]![0] + 2, before.plays[""]![1], before.plays[""]![2]],
      "investors.example.com": [0, 2, 180],
    });

    // Both presses counted, a click each (the two readers differ by address).
    const { rows: clicks } = await db.query<{ clicks: number }>(
      "select clicks from content_daily_mail where content_id = $1 and channel = 'newsletter' and day = (now() at time zone 'UTC')::date",
      [videos[0]!.id],
    );
    expect(clicks).toEqual([{ clicks: 2 }]);

    // Every record written, then a run of the downloads job that read them (its ran_at is its start).
    const { rows: written } = await until("the ten podcast request records", async () => {
      const answer = await db.query<{ n: string; now: Date }>("select count(*) as n, now() as now from podcast_requests");
      return Number(answer.rows[0]!.n) >= 10 && answer;
    });
    await until("a run of the downloads job after them", async () => {
      const { rows } = await db.query<{ ran_at: Date }>("select ran_at from measurement_progress where job = $1", [JOB]);
      return rows[0] !== undefined && rows[0].ran_at > written[0]!.now;
    });
    // The journey was counted: two downloads, and two visitors more for each item in the day's figures.
    const downloads = await db.query("select 1 from podcast_downloads where listener not like 'demo-%'");
    expect(downloads.rowCount).toBe(2);
    expect(await todays()).toEqual(before.figures.map(([id, hits, uniques]) => [id, hits + 2, uniques + 2]));

    // Every table of every schema but PostgreSQL's own, each row as text.
    const { rows: tables } = await db.query<{ schema: string; name: string }>(`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["podcast_requests", "content_daily_audience", "content_daily_mail", "rate_limits"]),
    );
    const secrets: [string, string][] = [];
    const forbid = (what: string, value: string) => secrets.push([what, value]);
    for (const address of [IPV4, IPV6]) {
      forbid("an address", address);
      for (const digest of plainDigests(address)) forbid(`a plain digest of ${address}`, digest);
      for (const digest of plainDigests(`${addressKey(address)}\n${BROWSER}`))
        forbid(`a plain digest of ${address} and the browser`, digest);
      for (const digest of plainDigests(`${address}\n${APP}`)) forbid(`a plain digest of ${address} and the app`, digest);
    }
    const network = addressKey(IPV6);
    expect(network).toBe("2001:db8:4242:17::/64");
    forbid("an IPv6 /64", network);
    forbid("an IPv6 /64", "2001:db8:4242:17:");
    forbid("an IPv6 /64", "2001:0db8:4242:0017");
    for (const digest of plainDigests(network)) forbid("a plain digest of the /64", digest);
    forbid("the cookie", cookieValue);
    forbid("the session cookie", sessionValue);
    for (const digest of [...plainDigests(cookieValue), ...plainDigests(sessionValue)]) forbid("a plain digest of a cookie", digest);

    const found: string[] = [];
    const withUserAgent: string[] = [];
    for (const table of tables) {
      const { rows } = await db.query<{ row: string }>(
        `select t::text as row from ${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.name)} t`,
      );
      for (const { row } of rows) {
        for (const [what, value] of secrets) if (row.includes(value)) found.push(`${table.name}: ${what} in ${row.slice(0, 200)}`);
        if (row.includes(BROWSER) || row.includes(APP)) withUserAgent.push(table.name);
      }
    }
    expect(found).toEqual([]);
    // The user agents are stored only in the podcast request records (the app's), beside the address's hash
    // under the day's salt, which the job deletes after the day; the browser's nowhere.
    expect([...new Set(withUserAgent)]).toEqual(["podcast_requests"]);
    const { rows: salts } = await db.query<{ salt: string }>("select salt from measurement_salts");
    expect(salts).toHaveLength(1);
    const keyed = (address: string) =>
      crypto.createHmac("sha256", salts[0]!.salt).update(addressKey(address)).digest("base64url").slice(0, 32);
    const { rows: records } = await db.query<{ listener: string; user_agent: string }>(
      "select distinct listener, user_agent from podcast_requests",
    );
    const byListener = (a: { listener: string }, b: { listener: string }) => (a.listener < b.listener ? -1 : 1);
    expect(records.sort(byListener)).toEqual(
      [IPV4, IPV6].map((address) => ({ listener: keyed(address), user_agent: APP })).sort(byListener),
    );
  });
});
