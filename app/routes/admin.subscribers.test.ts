import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db.server";
import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { loader as messagesLoader } from "./admin.messages";
import { loader as messagesCsvLoader } from "./admin.messages[.csv]";
import { loader as subscribersLoader } from "./admin.subscribers";
import { loader as subscribersCsvLoader } from "./admin.subscribers[.csv]";

type Loader = (args: any) => Promise<unknown>;
const args = (path: string, cookie?: string) => ({ request: appRequest(path, { cookie }), params: {}, context: {} }) as any;

async function redirectOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.headers.get("Location");
    throw error;
  }
  throw new Error("expected a redirect");
}

describe.each<[string, Loader]>([
  ["/admin/subscribers", subscribersLoader],
  ["/admin/subscribers.csv", subscribersCsvLoader],
  ["/admin/messages", messagesLoader],
  ["/admin/messages.csv", messagesCsvLoader],
])("%s is admin only", (path, fn) => {
  it("sends anonymous visitors to /auth and plain users to /", async () => {
    const { cookie } = await createSignedInUser({ role: "user" });
    expect(await redirectOf(fn(args(path)))).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect(await redirectOf(fn(args(path, cookie)))).toBe("/");
  });
});

describe("/admin/subscribers", () => {
  it("lists subscribers newest first, 25 a page, with the total and page count", async () => {
    const db = await getDb();
    const base = Date.UTC(2026, 0, 1);
    await db.insert(schema.newsletterSubscribers).values(
      Array.from({ length: 27 }, (_, i) => ({ email: `reader${i}@example.com`, createdAt: new Date(base + i * 86_400_000) })),
    );
    const { cookie } = await createSignedInUser({ role: "admin" });
    const first = await subscribersLoader(args("/admin/subscribers", cookie));
    expect(first).toMatchObject({ page: 1, total: 27, totalPages: 2 });
    expect(first.subscribers).toHaveLength(25);
    expect(first.subscribers[0]).toMatchObject({ email: "reader26@example.com", subscribedAt: "Jan 27, 2026" });

    const second = await subscribersLoader(args("/admin/subscribers?page=2", cookie));
    expect(second.subscribers.map((s) => s.email)).toEqual(["reader1@example.com", "reader0@example.com"]);
  });
});

describe("/admin/subscribers.csv", () => {
  it("downloads every subscriber as a private CSV file with formula cells defused", async () => {
    const db = await getDb();
    await db.insert(schema.newsletterSubscribers).values(
      Array.from({ length: 3 }, (_, i) => ({ email: `export${i}@example.com`, createdAt: new Date(Date.UTC(2026, 5, 1 + i)) })),
    );
    await db.insert(schema.newsletterSubscribers).values({ email: "=1+1@evil.example", createdAt: new Date("2030-01-01T00:00:00Z") });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const response = await subscribersCsvLoader(args("/admin/subscribers.csv", cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Email","Subscribed At"');
    expect(lines[1]).toBe('"\'=1+1@evil.example","2030-01-01T00:00:00.000Z"');
    expect(lines).toContain('"export2@example.com","2026-06-03T00:00:00.000Z"');
    // One line per subscriber in the table (rows from earlier tests in this file included), plus the header.
    expect(lines).toHaveLength(1 + (await db.select().from(schema.newsletterSubscribers)).length);
  });
});
