import pg from "pg";
import { describe, expect, it } from "vitest";

import { boundByRequestDeadline, boundQueriesByDeadline, databaseTimeLeft, withDatabaseDeadline } from "./request-deadline.server";

/** A connection that records what it is asked and never answers (a database that hangs). */
function recordingClient() {
  const asked: unknown[] = [];
  const client = { query: (config: unknown) => void asked.push(config) } as unknown as pg.ClientBase;
  boundQueriesByDeadline(client, 6_000);
  return { client, asked };
}

describe('a request\'s database deadline (PRODUCT.md "Operations")', () => {
  it("is known inside the request only, and counts down", async () => {
    expect(databaseTimeLeft()).toBeUndefined();
    await withDatabaseDeadline(1_000, async () => {
      const left = databaseTimeLeft()!;
      expect(left).toBeGreaterThan(900);
      expect(left).toBeLessThanOrEqual(1_000);
      await Promise.resolve();
      expect(databaseTimeLeft()).toBeLessThanOrEqual(left);
    });
    expect(withDatabaseDeadline(-5, () => databaseTimeLeft())).toBe(0);
  });

  it("gives each query what is left as its timeout, never more than the statement's own", () => {
    const { client, asked } = recordingClient();
    void client.query("select 1");
    withDatabaseDeadline(1_500, () => void client.query({ text: "select $1", values: [1] } as never));
    withDatabaseDeadline(60_000, () => void client.query("select 2"));
    withDatabaseDeadline(-1, () => void client.query("select 3"));
    expect(asked[0]).toBe("select 1");
    expect(asked[1]).toMatchObject({ text: "select $1", values: [1], query_timeout: expect.any(Number) });
    expect((asked[1] as { query_timeout: number }).query_timeout).toBeLessThanOrEqual(1_500);
    expect(asked[2]).toEqual({ text: "select 2", query_timeout: 6_000 });
    // A deadline already passed: the query fails at once, with node-postgres' own timeout.
    expect(asked[3]).toEqual({ text: "select 3", query_timeout: 1 });
  });

  it("ends a wait for a connection at the deadline, and a connection that comes later goes back to the pool", async () => {
    let arrive!: (client: pg.PoolClient) => void;
    const released: unknown[] = [];
    const pool = {
      on: () => pool,
      connect: () => new Promise<pg.PoolClient>((resolve) => (arrive = resolve)),
    } as unknown as pg.Pool;
    boundByRequestDeadline(pool, 6_000);
    const started = Date.now();
    await expect(withDatabaseDeadline(50, () => pool.connect())).rejects.toThrow("timeout exceeded when trying to connect");
    expect(Date.now() - started).toBeLessThan(1_000);
    arrive({ release: (error?: unknown) => void released.push(error ?? "released") } as unknown as pg.PoolClient);
    await expect.poll(() => released).toEqual(["released"]);
    // Outside a request it waits as the pool's own timeout says; the callback form (pg-pool's query) works too.
    const later = new Promise<unknown>((resolve) =>
      (pool.connect as unknown as (cb: (e: unknown, c: unknown) => void) => void)((e, c) => resolve(c ?? e)),
    );
    const client = { release: () => {} } as unknown as pg.PoolClient;
    arrive(client);
    expect(await later).toBe(client);
  });
});
