import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

import { insertCompany } from "../../../tests/support/companies";
import { ADMIN_USER, createItem } from "../../../tests/support/content";
import { deleteContent, setFeatured } from "../content/admin-content.server";
import { setItemCompanies } from "../content/item-companies.server";
import { saveItem } from "../content/save-item.server";
import { connectDatabase } from "../db/db.server";
import { announceContentChange, CONTENT_CHANNEL, listenForContentChanges } from "./content-events.server";
import { installPageCache, PageCache } from "./page-cache.server";
import type { ContentChange } from "./page-scope.server";

const page = async () =>
  new Response("<p>cached</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60" } });

function installCache() {
  const cache = new PageCache({ maxEntries: 10, maxBytes: 1_000_000, freshMs: 60_000, staleMs: 0 });
  installPageCache(cache);
  return cache;
}

/** Resolves with the first value `subscribe` delivers, or rejects after `ms`. */
function within<T>(ms: number, subscribe: (deliver: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    subscribe((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

afterEach(() => installPageCache(null));

describe("a content write empties this process's page cache", () => {
  it("announceContentChange drops every cached page", async () => {
    const cache = installCache();
    await cache.serve("/", page);
    expect(cache.size.entries).toBe(1);
    await announceContentChange();
    expect(cache.size.entries).toBe(0);
  });

  it("a published item's write drops the pages of its type and the mixed pages, and keeps the other types'", async () => {
    const cache = installCache();
    for (const key of ["system /videos", "system /", "system /blog", "dark /podcast/x.data"]) await cache.serve(key, page);
    await createItem("video", { title: "Scoped", description: null, content: null, status: "published", tags: [], featured: false });
    expect(cache.size.entries).toBe(2);
    expect((await cache.serve("system /blog", page)).kind).toBe("hit");
    expect((await cache.serve("dark /podcast/x.data", page)).kind).toBe("hit");
  });

  it("creating content announces it", async () => {
    const cache = installCache();
    await cache.serve("/videos", page);
    await createItem("video", { title: "Announced", description: null, content: null, status: "published", tags: [], featured: false });
    expect(cache.size.entries).toBe(0);
  });
});

describe('a write readers cannot see leaves the page cache alone (PRODUCT.md "Page cache")', () => {
  const input = (status: "draft" | "published", title: string) => ({
    title,
    description: null,
    content: null,
    status,
    tags: [],
    featured: false,
  });

  /** Whether `write` emptied the cache (one page cached before it). */
  async function emptied(write: () => Promise<unknown>) {
    const cache = installCache();
    await cache.serve("/", page);
    await write();
    return cache.size.entries === 0;
  }

  it("a draft created, saved, featured, tagged and deleted: never; published, edited live, unpublished, deleted live: always", async () => {
    const company = await insertCompany({ name: "Cache Mining" });
    let draftId = "";
    expect(await emptied(async () => (draftId = (await createItem("video", input("draft", "Quiet draft"))).id))).toBe(false);
    expect(
      await emptied(() => saveItem({ type: "video", id: draftId, input: input("draft", "Quiet draft, again"), user: ADMIN_USER })),
    ).toBe(false);
    expect(await emptied(() => setFeatured("video", draftId, true, ADMIN_USER))).toBe(false);
    expect(await emptied(() => setItemCompanies("video", draftId, [company.id]))).toBe(false);
    expect(await emptied(() => deleteContent("video", draftId, ADMIN_USER))).toBe(false);

    let liveId = "";
    expect(await emptied(async () => (liveId = (await createItem("video", input("published", "Live at once"))).id))).toBe(true);
    expect(await emptied(() => saveItem({ type: "video", id: liveId, input: input("published", "Live, edited"), user: ADMIN_USER }))).toBe(
      true,
    );
    expect(await emptied(() => setFeatured("video", liveId, true, ADMIN_USER))).toBe(true);
    expect(await emptied(() => setItemCompanies("video", liveId, [company.id]))).toBe(true);
    expect(await emptied(() => saveItem({ type: "video", id: liveId, input: input("draft", "Taken down"), user: ADMIN_USER }))).toBe(true);
    expect(await emptied(() => saveItem({ type: "video", id: liveId, input: input("published", "Back up"), user: ADMIN_USER }))).toBe(true);
    expect(await emptied(() => deleteContent("video", liveId, ADMIN_USER))).toBe(true);
  });
});

// The same file runs on the embedded database and (TEST_DATABASE_URL) on PostgreSQL; each run checks
// what its database does: PostgreSQL carries the change to other instances, PGlite has only this one.
describe("other instances hear of a content write", () => {
  it("within 1 s on PostgreSQL (LISTEN/NOTIFY both ways); PGlite sends nothing", async () => {
    const connection = await connectDatabase();
    if (connection.kind === "pglite") {
      expect(connection.url).toBeUndefined();
      await expect(announceContentChange()).resolves.toBeUndefined();
      return;
    }

    // This instance's announcement reaches another instance's connection…
    const other = new pg.Client({ connectionString: connection.url });
    await other.connect();
    try {
      await other.query(`LISTEN ${CONTENT_CHANNEL}`);
      const heard = within<string | undefined>(1_000, (deliver) => other.on("notification", (message) => deliver(message.payload)));
      await announceContentChange({ type: "video" });
      expect(JSON.parse((await heard)!)).toMatchObject({ change: { type: "video" } });

      // …and another instance's announcement reaches this one, with its reach; an unreadable one (an
      // older version's bare instance id) is "everything".
      const changes: ContentChange[] = [];
      const listener = listenForContentChanges(connection.url!, (change) => changes.push(change));
      try {
        await expect.poll(() => changes.length, { timeout: 2_000 }).toBe(1); // on connecting: start from an empty cache
        expect(changes[0]).toBe("everything");
        await other.query(`select pg_notify('${CONTENT_CHANNEL}', $1)`, [
          JSON.stringify({ from: "another-instance", change: { type: "podcast" } }),
        ]);
        await expect.poll(() => changes.length, { timeout: 1_000 }).toBe(2);
        expect(changes[1]).toEqual({ type: "podcast" });
        await other.query(`select pg_notify('${CONTENT_CHANNEL}', 'another-instance')`);
        await expect.poll(() => changes.length, { timeout: 1_000 }).toBe(3);
        expect(changes[2]).toBe("everything");
      } finally {
        await listener.close();
      }
    } finally {
      await other.end();
    }
  });
});
