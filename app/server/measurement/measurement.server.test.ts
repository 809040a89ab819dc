/**
 * PRODUCT.md "Measurement": the counting route over HTTP (whole files, ranges, HEAD, 304, 416, 404), its
 * records written in batches without the address, and the downloads job over them (once per listener and
 * day, prunes, spent salts), against the test database.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { EPISODE_AUDIO_ROUTE } from "~/lib/measurement";
import { getDb, schema } from "~/server/db/db.server";
import { databaseTimeLeft, withDatabaseDeadline } from "~/server/db/request-deadline.server";

import { emptyBeforeEach, insertInterviews, insertPodcasts, MISSING_ID } from "../../../tests/support/content";
import { countNewDownloads } from "./downloads-job.server";
import { episodeAudioRoute } from "./episode-audio-route.server";
import { forgetEpisodeAudio } from "./episode-audio.server";
import { createRequestLog } from "./request-log.server";

const TRAILER = "/media/audio/capital-call-trailer.mp3";
const TRAILER_BYTES = fs.statSync(path.join("public", TRAILER)).size;
const APPLE = "Podcasts/1650.20 CFNetwork/1404.0.5 Darwin/22.3.0";
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const ADDRESS = "203.0.113.77";

const requestLog = createRequestLog();

/** A whole download of the trailer by Overcast, now. */
const RECORD = {
  at: new Date(),
  episodeType: "podcast" as const,
  episodeId: MISSING_ID,
  method: "GET",
  status: 200,
  range: null,
  firstByte: 0,
  bytesSent: TRAILER_BYTES,
  fileBytes: TRAILER_BYTES,
  thresholdBytes: 400_000,
  userAgent: OVERCAST,
  referrerHost: null,
  address: ADDRESS,
  country: null,
};
emptyBeforeEach(
  schema.podcasts,
  schema.interviews,
  schema.podcastRequests,
  schema.podcastDownloads,
  schema.podcastDailyDownloads,
  schema.measurementProgress,
);
beforeEach(() => forgetEpisodeAudio());
// A test's records are written before the next test empties the table.
afterEach(() => requestLog.flush());

let origin = "";
let server: ReturnType<express.Express["listen"]>;
beforeAll(async () => {
  const app = express();
  app.get(EPISODE_AUDIO_ROUTE, episodeAudioRoute(requestLog));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function get(file: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(`${origin}/e/${file}`, {
    method,
    headers: { "User-Agent": APPLE, "X-Forwarded-For": ADDRESS, ...headers },
  });
  const body = method === "HEAD" ? new Uint8Array() : new Uint8Array(await response.arrayBuffer());
  return { response, body };
}

async function recorded() {
  await requestLog.flush();
  const db = await getDb();
  return db.select().from(schema.podcastRequests).orderBy(schema.podcastRequests.id);
}

const retention = { retentionDays: 30 };

describe("the counting route /e/{id}.mp3", () => {
  it("serves the whole file, a range, HEAD, 304 and 416 as a file server does, for podcasts and interviews", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    const whole = await get(`${podcast!.id}.mp3`);
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.response.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.response.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(whole.body.length).toBe(TRAILER_BYTES);
    expect(Buffer.from(whole.body).equals(fs.readFileSync(path.join("public", TRAILER)))).toBe(true);

    const range = await get(`${podcast!.id}.mp3`, { Range: "bytes=100-199" });
    expect(range.response.status).toBe(206);
    expect(range.response.headers.get("content-range")).toBe(`bytes 100-199/${TRAILER_BYTES}`);
    expect(range.body.length).toBe(100);

    const head = await get(`${podcast!.id}.mp3`, {}, "HEAD");
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get("content-length")).toBe(String(TRAILER_BYTES));

    const etag = whole.response.headers.get("etag")!;
    expect((await get(`${podcast!.id}.mp3`, { "If-None-Match": etag })).response.status).toBe(304);
    expect((await get(`${podcast!.id}.mp3`, { Range: `bytes=${TRAILER_BYTES}-` })).response.status).toBe(416);

    const [interview] = await insertInterviews([{ audioUrl: TRAILER }]);
    expect((await get(`${interview!.id}.mp3`)).response.status).toBe(200);
  });

  it("answers 404 'Episode not found' for an unknown id, a draft, an episode without a file of ours, or a wrong name, and records none", async () => {
    const [draft, remote] = await insertPodcasts([
      { audioUrl: TRAILER, status: "draft" },
      { audioUrl: "https://cdn.example.com/episode.mp3" },
    ]);
    for (const file of [`${MISSING_ID}.mp3`, `${draft!.id}.mp3`, `${remote!.id}.mp3`, `${draft!.id}.wav`, "x.mp3", "%00.mp3"]) {
      const { response, body } = await get(file);
      expect(response.status, file).toBe(404);
      expect(new TextDecoder().decode(body)).toBe("Episode not found");
    }
    expect(await recorded()).toEqual([]);
  });

  it("records each request as served, with the address only as a hash under the day's salt", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    await get(`${podcast!.id}.mp3`, { Referer: "https://www.Example.com/listen?who=me" });
    await get(`${podcast!.id}.mp3`, { Range: "bytes=0-1" });
    await get(`${podcast!.id}.mp3`, {}, "HEAD");
    const rows = await recorded();
    // Recorded as each answer ends, so not necessarily in the order asked.
    const served = rows.map(({ method, status, range, firstByte, bytesSent }) => ({ method, status, range, firstByte, bytesSent }));
    expect(served).toHaveLength(3);
    expect(served).toEqual(
      expect.arrayContaining([
        { method: "GET", status: 200, range: null, firstByte: 0, bytesSent: TRAILER_BYTES },
        { method: "GET", status: 206, range: "bytes=0-1", firstByte: 0, bytesSent: 2 },
        { method: "HEAD", status: 200, range: null, firstByte: null, bytesSent: 0 },
      ]),
    );
    expect(rows.find((row) => row.status === 200 && row.method === "GET")).toMatchObject({
      episodeType: "podcast",
      episodeId: podcast!.id,
      fileBytes: TRAILER_BYTES,
      userAgent: APPLE,
      referrerHost: "www.example.com",
    });
    // The demo file is shorter than a minute at its 48 kbit/s: its threshold is above its size.
    expect(rows.every((row) => row.thresholdBytes > TRAILER_BYTES)).toBe(true);
    expect(new Set(rows.map((row) => row.listener)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(ADDRESS);
    const db = await getDb();
    expect(await db.select().from(schema.measurementSalts)).toEqual([
      { day: new Date().toISOString().slice(0, 10), salt: expect.any(String) },
    ]);
  });
});

describe("the downloads job", () => {
  it("counts a whole download once per listener and day, a second app apart, and never a probe or a HEAD", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    const file = `${podcast!.id}.mp3`;
    await get(file, { Range: "bytes=0-1" });
    await get(file, {}, "HEAD");
    await get(file, { Range: "bytes=0-99999" });
    await recorded();
    expect(await countNewDownloads(retention)).toMatchObject({ downloads: 0 });

    // The rest of the file: the listener's ranges add up to the whole.
    await get(file, { Range: "bytes=100000-" });
    await recorded();
    expect(await countNewDownloads(retention)).toMatchObject({ downloads: 1 });
    await get(file);
    await recorded();
    expect(await countNewDownloads(retention)).toMatchObject({ downloads: 0 });
    await get(file, { "User-Agent": OVERCAST });
    await recorded();
    expect(await countNewDownloads(retention)).toMatchObject({ downloads: 1 });

    const db = await getDb();
    const downloads = await db.select().from(schema.podcastDownloads);
    expect(downloads.map((row) => row.app).sort()).toEqual(["Apple Podcasts", "Overcast"]);
    expect(downloads.every((row) => row.episodeId === podcast!.id && row.day === new Date().toISOString().slice(0, 10))).toBe(true);
  });

  it("deletes records past the retention and salts of days over", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    await get(`${podcast!.id}.mp3`);
    const [fresh] = await recorded();
    const db = await getDb();
    const old = { ...fresh!, id: undefined, at: new Date(Date.now() - 31 * 86_400_000) };
    await db.insert(schema.podcastRequests).values(old);
    await db.insert(schema.measurementSalts).values({ day: "2020-01-01", salt: "spent" }).onConflictDoNothing();
    expect(await countNewDownloads(retention)).toMatchObject({ pruned: 1 });
    expect((await db.select().from(schema.podcastRequests)).map((row) => row.id)).toEqual([fresh!.id]);
    expect((await db.select().from(schema.measurementSalts)).map((row) => row.day)).toEqual([new Date().toISOString().slice(0, 10)]);
  });
});

describe("rolling up past the retention", () => {
  it("turns the per-listener downloads of days before the retention into daily figures per episode and app, and deletes them", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    const [interview] = await insertInterviews([{ audioUrl: TRAILER }]);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const download = (episodeType: "podcast" | "interview", episodeId: string, daysAgo: number, listener: string, app: string | null) => ({
      episodeType,
      episodeId,
      day: day(daysAgo),
      listener,
      app,
      device: app === "Apple Podcasts" ? "phone" : null,
      countedAt: new Date(`${day(daysAgo)}T08:00:00Z`),
    });
    const db = await getDb();
    await db.insert(schema.podcastDownloads).values([
      download("podcast", podcast!.id, 40, "a", "Apple Podcasts"),
      download("podcast", podcast!.id, 40, "b", "Apple Podcasts"),
      download("podcast", podcast!.id, 40, "c", "Overcast"),
      download("podcast", podcast!.id, 40, "d", null),
      download("podcast", podcast!.id, 32, "a", "Apple Podcasts"),
      download("interview", interview!.id, 40, "a", "Apple Podcasts"),
      // Within the retention: kept as they are.
      download("podcast", podcast!.id, 29, "a", "Apple Podcasts"),
      download("podcast", podcast!.id, 0, "e", "Overcast"),
    ]);
    expect(await countNewDownloads(retention)).toMatchObject({ rolledUp: 6 });
    const kept = await db.select().from(schema.podcastDownloads);
    expect(kept.map((row) => [row.day, row.listener]).sort()).toEqual([
      [day(29), "a"],
      [day(0), "e"],
    ]);
    const rolled = await db.select().from(schema.podcastDailyDownloads);
    const sorted = (rows: unknown[][]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(rolled.map((row) => [row.episodeType, row.day, row.app, row.device, row.country, row.downloads, row.listeners]))).toEqual(
      sorted([
        ["interview", day(40), "Apple Podcasts", "phone", null, 1, 1],
        ["podcast", day(32), "Apple Podcasts", "phone", null, 1, 1],
        ["podcast", day(40), "Apple Podcasts", "phone", null, 2, 2],
        ["podcast", day(40), "Overcast", null, null, 1, 1],
        ["podcast", day(40), null, null, null, 1, 1],
      ]),
    );
    // A listener counted late for a day already rolled up adds to its figure (the null app is one key).
    await db.insert(schema.podcastDownloads).values([download("podcast", podcast!.id, 40, "f", null)]);
    expect(await countNewDownloads(retention)).toMatchObject({ rolledUp: 1 });
    const unnamed = await db
      .select()
      .from(schema.podcastDailyDownloads)
      .where(sql`app is null and episode_type = 'podcast'`);
    expect(unnamed.map((row) => [row.downloads, row.listeners])).toEqual([[2, 2]]);
    expect(await countNewDownloads(retention)).toMatchObject({ rolledUp: 0 });
  });
});

describe("records written late", () => {
  it("counts a download whose record is written long after its request began (a long download, an outage)", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    await countNewDownloads(retention);
    // A whole download that began ten minutes ago and is written only now.
    const db = await getDb();
    const log = createRequestLog();
    log.record({ ...RECORD, at: new Date(Date.now() - 10 * 60_000), episodeId: podcast!.id, address: "198.51.100.9" });
    await log.flush();
    expect(await countNewDownloads(retention)).toMatchObject({ downloads: 1 });
    expect(await db.select().from(schema.podcastDownloads)).toHaveLength(1);
  });

  it("writes with no request's deadline: the drain goes on long after the request that started it", async () => {
    const timeLeft: (number | undefined)[] = [];
    const log = createRequestLog(async () => {
      timeLeft.push(databaseTimeLeft());
    });
    withDatabaseDeadline(1, () => log.record({ ...RECORD, at: new Date() }));
    await log.flush();
    expect(timeLeft).toEqual([undefined]);
  });

  it("keeps a batch whose day's salt cannot be had, and writes it once it can, never with the address", async () => {
    const [podcast] = await insertPodcasts([{ audioUrl: TRAILER }]);
    const db = await getDb();
    await db.execute(
      sql`create function refuse_salts() returns trigger language plpgsql as $$ begin raise exception 'salts refused'; end $$`,
    );
    await db.execute(sql`create trigger refuse_salts before insert on measurement_salts for each row execute function refuse_salts()`);
    // The log says so when its write fails (and tries again); that is expected here.
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const log = createRequestLog();
    const record = {
      // A day whose salt this process has not read yet.
      at: new Date("2020-02-03T04:05:06Z"),
      episodeType: "podcast" as const,
      episodeId: podcast!.id,
      method: "GET",
      status: 200,
      range: null,
      firstByte: 0,
      bytesSent: 10,
      fileBytes: TRAILER_BYTES,
      thresholdBytes: 400_000,
      userAgent: OVERCAST,
      referrerHost: null,
      address: "198.51.100.10",
      country: null,
    };
    try {
      log.record(record);
      const refusal = await log.flush().then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(refusal?.cause?.message ?? refusal?.message).toMatch(/salts refused/);
      expect(log.waiting).toBe(1);
      expect(logged.mock.calls.map((call) => String(call[0])).join("\n")).toMatch(/could not be written/);
    } finally {
      await db.execute(sql`drop trigger refuse_salts on measurement_salts`);
      await db.execute(sql`drop function refuse_salts()`);
    }
    await log.flush();
    const rows = await recorded();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("198.51.100.10");
    await db.delete(schema.measurementSalts).where(eq(schema.measurementSalts.day, "2020-02-03"));
  });
});
