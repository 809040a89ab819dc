import { beforeEach, describe, expect, it } from "vitest";
import { getDb, schema } from "./db.server";
import { subscribeToNewsletter } from "./newsletter.server";

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.newsletterSubscribers);
});

describe("subscribeToNewsletter", () => {
  it("stores a new address once; subscribing again is still fine and adds no row", async () => {
    expect(await subscribeToNewsletter("ann@example.com")).toEqual({ created: true });
    expect(await subscribeToNewsletter("ann@example.com")).toEqual({ created: false });
    const db = await getDb();
    const rows = await db.select().from(schema.newsletterSubscribers);
    expect(rows.map((r) => r.email)).toEqual(["ann@example.com"]);
  });

  it("keeps one row under concurrent subscriptions of the same address", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribeToNewsletter("bob@example.com")));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(schema.newsletterSubscribers)).toHaveLength(1);
  });
});
