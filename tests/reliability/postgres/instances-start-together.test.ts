/**
 * Several instances on one PostgreSQL (PRODUCT.md "Operations"): started at the same moment on an empty
 * database, they take turns at the migrations, the demo seed and the first admin, and every one comes up.
 * Before the start-up lock, three at once failed in 3 of 3 tries (CREATE EXTENSION pg_trgm, 23505).
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { ADMIN, freshSite, send, signInAsAdmin, startServer, stopAllServers, type Site } from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const site of sites) await site.remove();
});

async function count(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(query)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe("instances started together on an empty database", () => {
  it("all three come up, with one copy of the demo content and one admin", async () => {
    const site = await freshSite();
    sites.push(site);
    // One secret for all: sessions made by one are read by the others.
    const env = { BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex") };
    const servers = await Promise.all([1, 2, 3].map(() => startServer(buildDir, site, { env, readyTimeoutMs: 180_000 })));

    for (const server of servers) {
      expect(server.output()).not.toMatch(/Start-up failed/);
      expect((await send(server.origin, { path: "/readyz" })).status).toBe(200);
      expect((await send(server.origin, { path: "/videos" })).status).toBe(200);
    }
    // One seeded, the others found content and left it.
    expect(servers.filter((server) => server.output().includes("Seeded demo content")).length).toBe(1);
    const url = site.env.DATABASE_URL!;
    // Seeded once: the demo catalogue has each video once (a second seed would fail on the same ids or double them).
    expect(await count(url, "select count(*) as n from videos")).toBe(await count(url, "select count(distinct title) as n from videos"));
    expect(await count(url, `select count(*) as n from users where email = '${ADMIN.email}'`)).toBe(1);
    // And the admin signs in on any of them.
    await signInAsAdmin(servers[2]!);
  });
});
