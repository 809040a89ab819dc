/**
 * Counting a hit on a real database (PRODUCT.md "Counters", "Views over time"): the lifetime counter and
 * the day's figure move together in one statement, hits arriving together are written together, and no hit is
 * lost under concurrent calls. Who counts
 * (once per visitor, never a bot) is visitor.server.test.ts's.
 */
import { like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { dailyRows, emptyBeforeEach, insertPodcasts, insertVideos, listensOf, MISSING_ID, viewsOf } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import { databaseTimeLeft, withDatabaseDeadline } from "../db/request-deadline.server";
import { itemDailyTotals } from "./daily-stats.server";
import { createHitBatcher, hitBatchStatement, type Hit } from "./hit-batch.server";
import { recordContentHit } from "./record-hit.server";
import type { Visitor } from "./visitor.server";

emptyBeforeEach(schema.contentDailyStats, schema.videos, schema.podcasts, schema.rateLimits);

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => new Date(iso).getTime();

/** The order of `dailyRows`. */
const byRow = (a: (string | number)[], b: (string | number)[]) => `${a[0]}${a[1]}${a[2]}`.localeCompare(`${b[0]}${b[1]}${b[2]}`);

/** Allowance rows (rate_limits) of views and listens. */
async function allowanceRows() {
  const db = await getDb();
  return db.select({ key: schema.rateLimits.key }).from(schema.rateLimits).where(like(schema.rateLimits.key, "%:%:%"));
}

/** A visitor of its own, on an address of its own, so every hit counts. */
function newVisitor(): Visitor {
  const n = crypto.randomUUID();
  return { id: `visitor-${n}`, address: `address-${n}` };
}

describe("a hit: the lifetime counter and the day's figure in one statement", () => {
  it("adds a second hit on the same day to the same row, and a hit the next day (UTC) to a new one", async () => {
    const [video] = await insertVideos([{ views: 10 }]);
    expect(await recordContentHit("video", video!.id, newVisitor(), at("2026-05-13T00:00:00Z"))).toBe(11);
    expect(await recordContentHit("video", video!.id, newVisitor(), at("2026-05-13T23:59:59Z"))).toBe(12);
    expect(await recordContentHit("video", video!.id, newVisitor(), at("2026-05-14T00:00:01Z"))).toBe(13);
    expect(await viewsOf(video!.id)).toBe(13);
    expect(await dailyRows()).toEqual([
      ["video", video!.id, "2026-05-13", 2],
      ["video", video!.id, "2026-05-14", 1],
    ]);
  });

  it("counts a podcast's listens under its own type", async () => {
    const [podcast] = await insertPodcasts([{ listens: 4 }]);
    expect(await recordContentHit("podcast", podcast!.id, newVisitor(), at("2026-05-13T12:00:00Z"))).toBe(5);
    expect(await listensOf(podcast!.id)).toBe(5);
    expect(await dailyRows()).toEqual([["podcast", podcast!.id, "2026-05-13", 1]]);
  });

  it("writes nothing for a draft, an archived or a scheduled item, an unknown id, a malformed id or the other type's id", async () => {
    const future = new Date(Date.now() + 86_400_000);
    const [draft, archived, scheduled] = await insertVideos([
      { status: "draft", views: 1 },
      { status: "archived", views: 2 },
      { publishedAt: future, views: 3 },
    ]);
    const [podcast] = await insertPodcasts([{ listens: 0 }]);
    const ids = [draft!.id, archived!.id, scheduled!.id, MISSING_ID, "1 or 1=1", undefined, podcast!.id];
    // Together, as one batch, and one by one.
    expect(await Promise.all(ids.map((id) => recordContentHit("video", id, newVisitor())))).toEqual(ids.map(() => null));
    for (const id of ids) expect(await recordContentHit("video", id, newVisitor())).toBeNull();
    expect([await viewsOf(draft!.id), await viewsOf(archived!.id), await viewsOf(scheduled!.id)]).toEqual([1, 2, 3]);
    expect(await listensOf(podcast!.id)).toBe(0);
    expect(await dailyRows()).toEqual([]);
    expect(await allowanceRows()).toEqual([]);
  });

  it("loses no hit under 20 concurrent calls on one day: the counter and the day's figure both add up exactly", async () => {
    const [video] = await insertVideos([{ views: 100 }]);
    const day = at("2026-05-13T09:00:00Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => recordContentHit("video", video!.id, newVisitor(), day)));
    expect([...results].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(await viewsOf(video!.id)).toBe(120);
    expect(await dailyRows()).toEqual([["video", video!.id, "2026-05-13", 20]]);
  });
});

describe("group commit: hits arriving together are written together", () => {
  it("writes one batch of many items, types, days, visitors, bots and unknown ids, each answered as if alone", async () => {
    const [v1, v2] = await insertVideos([{ views: 0 }, { views: 50 }]);
    const [p1] = await insertPodcasts([{ listens: 9 }]);
    const repeat = newVisitor();
    const hits: [Parameters<typeof recordContentHit>, number | null][] = [
      [["video", v1!.id, repeat, at("2026-05-13T23:59:59Z")], 1],
      [["video", v1!.id, repeat, at("2026-05-14T00:00:01Z")], 1], // the same visitor: answered, not counted
      [["video", v2!.id, null, at("2026-05-14T00:00:02Z")], 50], // a bot
      [["podcast", p1!.id, repeat, at("2026-05-14T00:00:03Z")], 10], // another item: counts
      [["video", MISSING_ID, newVisitor(), at("2026-05-14T00:00:04Z")], null],
      [["video", p1!.id, newVisitor(), at("2026-05-14T00:00:05Z")], null], // the podcast's id as a video
      [["video", v1!.id, newVisitor(), at("2026-05-14T00:00:06Z")], 2],
      [["video", v2!.id, newVisitor(), at("2026-05-14T00:00:07Z")], 51],
    ];
    const answers = await Promise.all(hits.map(([args]) => recordContentHit(...args)));
    expect(answers).toEqual(hits.map(([, expected]) => expected));
    expect([await viewsOf(v1!.id), await viewsOf(v2!.id), await listensOf(p1!.id)]).toEqual([2, 51, 10]);
    expect(await dailyRows()).toEqual(
      [
        ["video", v1!.id, "2026-05-13", 1],
        ["video", v1!.id, "2026-05-14", 1],
        ["video", v2!.id, "2026-05-14", 1],
        ["podcast", p1!.id, "2026-05-14", 1],
      ].sort(byRow),
    );
  });

  it("gives an address's allowance to its first visitors in arrival order, across batches", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    const sameAddress = (n: number): Visitor => ({ id: `shared-${n}`, address: "one-office" });
    const first = await Promise.all(Array.from({ length: 15 }, (_, n) => recordContentHit("video", video!.id, sameAddress(n))));
    expect(first).toEqual(Array.from({ length: 15 }, (_, n) => n + 1));
    const second = await Promise.all(Array.from({ length: 10 }, (_, n) => recordContentHit("video", video!.id, sameAddress(15 + n))));
    expect(second).toEqual([16, 17, 18, 19, 20, 20, 20, 20, 20, 20]);
    expect(await viewsOf(video!.id)).toBe(20);
  });

  it("answers every hit of a burst larger than one batch, and counts each visitor once", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    const visitors = Array.from({ length: 2_500 }, () => newVisitor());
    const answers = await Promise.all([...visitors, ...visitors.slice(0, 100)].map((v) => recordContentHit("video", video!.id, v)));
    expect(answers.every((count) => typeof count === "number" && count >= 1 && count <= 2_500)).toBe(true);
    expect(await viewsOf(video!.id)).toBe(2_500);
    expect((await dailyRows())[0]![3]).toBe(2_500);
  });
});

/** A node of EXPLAIN's JSON plan. */
interface PlanNode {
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

/** Rows produced by every node of a plan, each rescan counted: the statement's work, whatever the machine's speed. */
function rowsProduced(node: PlanNode): number {
  return node["Actual Rows"] * node["Actual Loops"] + (node.Plans ?? []).reduce((sum, child) => sum + rowsProduced(child), 0);
}

describe("the batch statement's plan", () => {
  it("does work in proportion to the batch, not its square: no hit is compared with every other", async () => {
    // A spike makes batches larger; a plan that joined each hit with every allowance row (the planner expects
    // one row from each CTE) made each batch slower in the square of its size (PRODUCT.md "Counters").
    const [video] = await insertVideos([{ views: 0 }]);
    const work = async (size: number) => {
      const hits: Hit[] = Array.from({ length: size }, (_, n) => {
        const visitor = newVisitor();
        return {
          type: "video",
          id: video!.id,
          at: Date.now(),
          // Offices of four: the address allowance groups hits.
          visitor: {
            ...visitor,
            address: `office-${size}-${n >> 2}`,
            audience: { daily: visitor.id, device: "desktop", referrer: "search", referrerHost: "www.google.com", embedHost: null },
          },
        };
      });
      const db = await getDb();
      const result = await db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
        sql`explain (analyze, format json) ${hitBatchStatement(hits)}`,
      );
      const plan = result.rows[0]!["QUERY PLAN"];
      return rowsProduced((typeof plan === "string" ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
    };
    const small = await work(50);
    const large = await work(400);
    // Eight times the hits: about eight times the rows (a square would be sixty-four times).
    expect(large / small).toBeGreaterThan(6);
    expect(large / small).toBeLessThan(10);
    expect(await viewsOf(video!.id)).toBe(450);
  });
});

describe("createHitBatcher", () => {
  it("writes one batch at a time and puts every hit arriving meanwhile in the next", async () => {
    const batches: number[] = [];
    let release = () => {};
    const write = async (hits: readonly Hit[]) => {
      batches.push(hits.length);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return hits.map((_, i) => i);
    };
    const batcher = createHitBatcher(write, 4);
    const hit: Hit = { type: "video", id: MISSING_ID, visitor: null, at: 0 };
    const first = batcher.record(hit);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = Array.from({ length: 6 }, () => batcher.record(hit));
    expect(batcher.waiting).toBe(6);
    release();
    expect(await first).toBe(0);
    expect(await Promise.all(rest)).toEqual([0, 1, 2, 3, 0, 1]);
    expect(batches).toEqual([1, 4, 2]);
  });

  it("writes with no request's deadline: the drain goes on long after the request that started it", async () => {
    // On PostgreSQL a query gets what is left of its request's database time; a drain started by one view
    // and kept going by a spike had every later batch fail with 'Query read timeout' (503s).
    const timeLeft: (number | undefined)[] = [];
    const batcher = createHitBatcher(async (hits) => {
      timeLeft.push(databaseTimeLeft());
      return hits.map(() => 1);
    });
    const hit: Hit = { type: "video", id: MISSING_ID, visitor: null, at: 0 };
    expect(await withDatabaseDeadline(1, () => batcher.record(hit))).toBe(1);
    expect(timeLeft).toEqual([undefined]);
  });

  it("rejects the hits of a batch that failed, and goes on with the next", async () => {
    let calls = 0;
    const batcher = createHitBatcher(async (hits) => {
      calls += 1;
      if (calls === 1) throw new Error("database down");
      return hits.map(() => 7);
    });
    const hit: Hit = { type: "video", id: MISSING_ID, visitor: null, at: 0 };
    await expect(batcher.record(hit)).rejects.toThrow("database down");
    expect(await batcher.record(hit)).toBe(7);
  });
});

describe("recordContentHit: a video's views", () => {
  it("adds one view and returns the new count", async () => {
    const [video] = await insertVideos([{ views: 41 }]);
    expect(await recordContentHit("video", video.id, newVisitor())).toBe(42);
    expect(await viewsOf(video.id)).toBe(42);
  });

  it("loses no view under 50 concurrent calls", async () => {
    const [video] = await insertVideos([{ views: 7 }]);
    const results = await Promise.all(Array.from({ length: 50 }, () => recordContentHit("video", video.id, newVisitor())));
    expect(await viewsOf(video.id)).toBe(57);
    // Every call saw its own increment: the returned counts are exactly 8..57.
    expect([...results].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => 8 + i));
  });

  it("does not count views of drafts, unknown ids or malformed ids", async () => {
    const [draft] = await insertVideos([{ status: "draft", views: 5 }]);
    expect(await recordContentHit("video", draft.id, newVisitor())).toBeNull();
    expect(await viewsOf(draft.id)).toBe(5);
    expect(await recordContentHit("video", MISSING_ID, newVisitor())).toBeNull();
    expect(await recordContentHit("video", "1 or 1=1", newVisitor())).toBeNull();
  });

  it('adds the view to the video\'s figure for the day (PRODUCT.md "Views over time")', async () => {
    const [video] = await insertVideos([{ views: 3 }]);
    const today = new Date("2026-05-13T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: today });
    await recordContentHit("video", video.id, newVisitor());
    await recordContentHit("video", video.id, newVisitor());
    expect((await itemDailyTotals("video", video.id, 1, today))[0]).toEqual({ day: "2026-05-13", hits: 2 });
  });
});

describe("recordContentHit: a podcast's listens", () => {
  it("loses no listen under 50 concurrent calls", async () => {
    const [podcast] = await insertPodcasts([{ listens: 10 }]);
    await Promise.all(Array.from({ length: 50 }, () => recordContentHit("podcast", podcast.id, newVisitor())));
    expect(await listensOf(podcast.id)).toBe(60);
  });

  it("returns the new count", async () => {
    const [podcast] = await insertPodcasts([{ listens: 1 }]);
    expect(await recordContentHit("podcast", podcast.id, newVisitor())).toBe(2);
  });

  it("does not count listens of drafts or unknown ids", async () => {
    const [draft] = await insertPodcasts([{ status: "draft", listens: 4 }]);
    expect(await recordContentHit("podcast", draft.id, newVisitor())).toBeNull();
    expect(await listensOf(draft.id)).toBe(4);
    expect(await recordContentHit("podcast", MISSING_ID, newVisitor())).toBeNull();
    expect(await recordContentHit("podcast", "x", newVisitor())).toBeNull();
  });

  it('adds the listen to the podcast\'s figure for the day (PRODUCT.md "Views over time")', async () => {
    const [podcast] = await insertPodcasts([{ listens: 0 }]);
    const today = new Date("2026-05-13T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: today });
    expect(await recordContentHit("podcast", podcast.id, newVisitor())).toBe(1);
    expect((await itemDailyTotals("podcast", podcast.id, 1, today))[0]).toEqual({ day: "2026-05-13", hits: 1 });
  });
});
