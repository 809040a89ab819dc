import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db.server";
import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { loader as messagesLoader } from "./admin.messages";
import { loader as subscribersLoader } from "./admin.subscribers";

type Loader = typeof subscribersLoader | typeof messagesLoader;
const args = (path: string, cookie?: string) => ({ request: appRequest(path, { cookie }), params: {}, context: {} }) as any;
const guarded = (fn: Loader, path: string, cookie?: string) => fn(args(path, cookie));
const load = (_fn: typeof subscribersLoader, path: string, cookie?: string) => subscribersLoader(args(path, cookie));

async function redirectOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.headers.get("Location");
    throw error;
  }
  throw new Error("expected a redirect");
}

describe.each([
  ["/admin/subscribers", subscribersLoader],
  ["/admin/messages", messagesLoader],
] as const)("%s is admin only", (path, fn) => {
  it("sends anonymous visitors to /auth and plain users to /, for the page and the export", async () => {
    const { cookie } = await createSignedInUser({ role: "user" });
    expect(await redirectOf(guarded(fn, path))).toBe("/auth");
    expect(await redirectOf(guarded(fn, `${path}?format=csv`))).toBe("/auth");
    expect(await redirectOf(guarded(fn, path, cookie))).toBe("/");
    expect(await redirectOf(guarded(fn, `${path}?format=csv`, cookie))).toBe("/");
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
    const first = await load(subscribersLoader, "/admin/subscribers", cookie);
    expect(first).toMatchObject({ kind: "page", page: 1, total: 27, totalPages: 2 });
    if (first.kind !== "page") throw new Error("expected a page");
    expect(first.subscribers).toHaveLength(25);
    expect(first.subscribers[0]).toMatchObject({ email: "reader26@example.com", subscribedAt: "Jan 27, 2026" });

    const second = await load(subscribersLoader, "/admin/subscribers?page=2", cookie);
    if (second.kind !== "page") throw new Error("expected a page");
    expect(second.subscribers.map((s) => s.email)).toEqual(["reader1@example.com", "reader0@example.com"]);
  });

  it("exports every subscriber as CSV with formula cells defused", async () => {
    const db = await getDb();
    await db.insert(schema.newsletterSubscribers).values({ email: "=1+1@evil.example", createdAt: new Date("2030-01-01T00:00:00Z") });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const result = await load(subscribersLoader, "/admin/subscribers?format=csv", cookie);
    expect(result.kind).toBe("csv");
    if (result.kind !== "csv") throw new Error("expected csv");
    expect(result.filename).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = result.csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Email","Subscribed At"');
    expect(lines[1]).toBe('"\'=1+1@evil.example","2030-01-01T00:00:00.000Z"');
    expect(lines).toHaveLength(1 + 28);
  });
});
