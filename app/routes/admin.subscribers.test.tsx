import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { resetEnvCache } from "~/server/env.server";
import { getToast } from "~/server/toast.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { MISSING_ID } from "../../tests/support/content";
import { insertSubscribers, onlySubscribers } from "../../tests/support/newsletter";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import { loader as messagesLoader } from "./admin.messages";
import { loader as messagesCsvLoader } from "./admin.messages[.csv]";
import AdminSubscribers, { action as subscribersAction, loader as subscribersLoader } from "./admin.subscribers";
import { loader as subscribersCsvLoader } from "./admin.subscribers[.csv]";

/** Any of these loaders: each takes its own typed args (see `args`). */
type Loader = (args: never) => Promise<unknown>;
const args = (path: string, cookie?: string) => ({ request: appRequest(path, { cookie }), params: {}, context: {} }) as never;

/** Where the admin guard's thrown redirect goes. */
const redirectOf = async (fn: Loader, path: string, cookie?: string) =>
  (await callRoute(fn, appRequest(path, { cookie }), { throws: true })).response!.headers.get("Location");

/** A CSV export's text, after checking it downloads as a private, dated CSV file named after `name`. */
async function downloadedCsv(fn: Loader, path: string, cookie: string, name: string) {
  const response = (await fn(args(path, cookie))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.text()).replace(/^\uFEFF/, "");
}

describe.each<[string, Loader]>([
  ["/admin/subscribers", subscribersLoader],
  ["/admin/subscribers.csv", subscribersCsvLoader],
  ["/admin/messages", messagesLoader],
  ["/admin/messages.csv", messagesCsvLoader],
])("%s is admin only", (path, fn) => {
  it("sends anonymous visitors to /auth and plain users to /", async () => {
    const { cookie } = await createSignedInUser({ role: "reader" });
    expect(await redirectOf(fn, path)).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect(await redirectOf(fn, path, cookie)).toBe("/");
  });
});

describe("/admin/subscribers", () => {
  it("lists subscribers newest first, 25 a page, with the total and page count", async () => {
    await insertSubscribers(27, "reader", new Date("2026-01-01T00:00:00Z"), 86_400_000);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const first = await subscribersLoader(args("/admin/subscribers", cookie));
    expect(first).toMatchObject({ page: 1, total: 27, totalPages: 2 });
    expect(first.subscribers).toHaveLength(25);
    expect(first.subscribers[0]).toMatchObject({ email: "reader26@example.com", subscribedAt: "Jan 27, 2026" });

    const second = await subscribersLoader(args("/admin/subscribers?page=2", cookie));
    expect(second.subscribers.map((s) => s.email)).toEqual(["reader1@example.com", "reader0@example.com"]);
  });
});

describe('/admin/subscribers: each subscriber\'s state (PRODUCT.md "Newsletter")', () => {
  async function listed(cookie: string) {
    await onlySubscribers([
      { email: "pending@example.com", createdAt: new Date("2026-04-02T00:00:00Z") },
      { email: "confirmed@example.com", createdAt: new Date("2026-04-01T00:00:00Z"), confirmedAt: new Date("2026-04-03T00:00:00Z") },
    ]);
    return subscribersLoader(args("/admin/subscribers", cookie));
  }

  it("marks each row pending or confirmed and counts the confirmed ones", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const page = await listed(cookie);
    expect(page).toMatchObject({ total: 2, confirmed: 1 });
    expect(page.subscribers.map((s) => [s.email, s.state, s.confirmedAt])).toEqual([
      ["pending@example.com", "pending", null],
      ["confirmed@example.com", "confirmed", "Apr 3, 2026"],
    ]);
  });

  it("says whether confirmation links can be sent at all (SMTP_URL)", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    expect((await listed(cookie)).mailConfigured).toBe(false);
    process.env.SMTP_URL = "smtp://mail.test:2525";
    resetEnvCache();
    try {
      expect((await listed(cookie)).mailConfigured).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
    }
  });

  it("shows the state, the counts and the no-mail notice on the page", () => {
    const loaderData = {
      q: "",
      page: 1,
      total: 2,
      confirmed: 1,
      totalPages: 1,
      mailConfigured: false,
      subscribers: [
        { id: "1", email: "pending@example.com", subscribedAt: "Apr 2, 2026", state: "pending", confirmedAt: null },
        { id: "2", email: "confirmed@example.com", subscribedAt: "Apr 1, 2026", state: "confirmed", confirmedAt: "Apr 3, 2026" },
      ],
    };
    renderRoute(AdminSubscribers, "/admin/subscribers", { loaderData });
    expect(screen.getByText("2 newsletter subscribers · 1 confirmed, 1 pending")).toBeTruthy();
    for (const [email, state] of [
      ["pending@example.com", "Pending"],
      ["confirmed@example.com", "Confirmed"],
    ]) {
      const [emailCell, stateCell] = within(screen.getByRole("link", { name: email }).closest("tr")!).getAllByRole("cell");
      expect(within(emailCell!).getByRole("link").textContent).toBe(email);
      expect(within(stateCell!).getByText(state!, { selector: "span" })).toBeTruthy();
    }
    expect(screen.getByText(/new subscribers stay pending/)).toBeTruthy();
  });
});

describe("/admin/subscribers.csv", () => {
  it("downloads every subscriber as a private CSV file with formula cells defused", async () => {
    await insertSubscribers(3, "export", new Date("2026-06-01T00:00:00Z"), 86_400_000);
    const db = await getDb();
    await db.insert(schema.newsletterSubscribers).values({ email: "=1+1@evil.example", createdAt: new Date("2030-01-01T00:00:00Z") });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const lines = (await downloadedCsv(subscribersCsvLoader, "/admin/subscribers.csv", cookie, "subscribers")).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Email","Subscribed At","Status","Confirmed At"');
    expect(lines[1]).toBe('"\'=1+1@evil.example","2030-01-01T00:00:00.000Z","pending",""');
    expect(lines).toContain('"export2@example.com","2026-06-03T00:00:00.000Z","pending",""');
    // One line per subscriber in the table (rows from earlier tests in this file included), plus the header.
    expect(lines).toHaveLength(1 + (await db.select().from(schema.newsletterSubscribers)).length);
  });
});

describe("/admin/messages", () => {
  it("lists messages newest first with an excerpt and the full text", async () => {
    const db = await getDb();
    const long = `${"word ".repeat(40)}end`;
    await db.insert(schema.contactMessages).values([
      { name: "Ann", email: "ann@example.com", subject: "Hello", message: "Short one", createdAt: new Date("2026-03-01T00:00:00Z") },
      { name: "Bo", email: "bo@example.com", subject: "Long", message: long, createdAt: new Date("2026-03-02T00:00:00Z") },
    ]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const result = await messagesLoader(args("/admin/messages", cookie));
    expect(result).toMatchObject({ total: 2, totalPages: 1, page: 1 });
    expect(result.messages.map((m) => m.name)).toEqual(["Bo", "Ann"]);
    expect(result.messages[0]).toMatchObject({ message: long, receivedAt: "Mar 2, 2026" });
    expect(result.messages[0]!.excerpt).toBe(`${long.slice(0, 80)}...`);
    expect(result.messages[1]!.excerpt).toBe("Short one");
  });
});

describe("/admin/messages.csv", () => {
  it("downloads messages as a private CSV file with quotes escaped and line breaks kept inside the cell", async () => {
    const db = await getDb();
    await db.insert(schema.contactMessages).values({
      name: "Cy",
      email: "cy@example.com",
      subject: 'About "rates"',
      message: "Line one\nline two, with a comma",
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const csv = await downloadedCsv(messagesCsvLoader, "/admin/messages.csv", cookie, "messages");
    expect(csv.startsWith('"Name","Email","Subject","Message","Received At"\r\n')).toBe(true);
    expect(csv).toContain('"Cy","cy@example.com","About ""rates""","Line one\nline two, with a comma","2026-04-01T00:00:00.000Z"\r\n');
  });
});

describe('/admin/subscribers: search (PRODUCT.md "Inbox")', () => {
  it("lists the addresses containing the query, ignoring case, with % and _ as plain characters", async () => {
    await onlySubscribers([
      { email: "ann@markets.example", createdAt: new Date("2026-05-01T00:00:00Z") },
      { email: "100%_sure@example.com", createdAt: new Date("2026-05-02T00:00:00Z") },
      { email: "1000sure@example.com", createdAt: new Date("2026-05-03T00:00:00Z"), confirmedAt: new Date("2026-05-04T00:00:00Z") },
    ]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const search = async (q: string) => subscribersLoader(args(`/admin/subscribers?q=${encodeURIComponent(q)}`, cookie));
    expect((await search("MARKETS")).subscribers.map((s) => s.email)).toEqual(["ann@markets.example"]);
    const percent = await search("0%");
    expect(percent.subscribers.map((s) => s.email)).toEqual(["100%_sure@example.com"]);
    expect(percent).toMatchObject({ q: "0%", total: 1, confirmed: 0 });
    expect((await search("sure")).subscribers.map((s) => s.email)).toEqual(["1000sure@example.com", "100%_sure@example.com"]);
    // Control characters become spaces and the query is trimmed, as in the content lists.
    expect((await search("\u0000ann\t")).q).toBe("ann");
  });

  it("shows the query's matches in the summary and keeps it in the search box", () => {
    renderRoute(AdminSubscribers, "/admin/subscribers?q=ann", {
      loaderData: {
        q: "ann",
        page: 1,
        total: 1,
        confirmed: 0,
        totalPages: 1,
        mailConfigured: true,
        subscribers: [{ id: "1", email: "ann@example.com", subscribedAt: "Apr 2, 2026", state: "pending", confirmedAt: null }],
      },
    });
    expect(screen.getByText('1 matching "ann" · 0 confirmed, 1 pending')).toBeTruthy();
    expect((screen.getByRole("searchbox", { name: "Search subscribers" }) as HTMLInputElement).value).toBe("ann");
    expect(screen.getByRole("button", { name: "Remove subscriber ann@example.com" })).toBeTruthy();
  });
});

describe('/admin/subscribers: remove (PRODUCT.md "Inbox")', () => {
  const post = (form: Record<string, string>, cookie?: string, path = "/admin/subscribers") =>
    callRoute(subscribersAction, appRequest(path, { method: "POST", cookie, form }));
  const emails = async () => (await (await getDb()).select().from(schema.newsletterSubscribers)).map((row) => row.email).sort();
  let ids: Record<string, string>;
  let admin: string;

  beforeEach(async () => {
    admin ??= (await createSignedInUser({ role: "admin" })).cookie;
    await onlySubscribers([{ email: "keep@example.com" }, { email: "gone@example.com" }]);
    const rows = await (await getDb()).select().from(schema.newsletterSubscribers);
    ids = Object.fromEntries(rows.map((row) => [row.email, row.id]));
  });

  it("removes the address with the 'Subscriber removed' toast, back on the same search and page", async () => {
    const answer = await post({ intent: "remove", id: ids["gone@example.com"]! }, admin, "/admin/subscribers?q=example&page=2");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/subscribers?q=example&page=2");
    const cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await getToast(appRequest("/", { cookie }))).toast).toEqual({
      type: "success",
      title: "Success",
      description: "Subscriber removed",
    });
    expect(await emails()).toEqual(["keep@example.com"]);
  });

  it.each([
    ["anonymous", false, 401],
    ["a plain user", true, 403],
  ] as const)("refuses %s (%s) and removes nothing", async (_who, signedIn, status) => {
    const cookie = signedIn ? (await createSignedInUser({ role: "reader" })).cookie : undefined;
    expect((await post({ intent: "remove", id: ids["gone@example.com"]! }, cookie)).status).toBe(status);
    expect(await emails()).toEqual(["gone@example.com", "keep@example.com"]);
  });

  it.each([
    ["an unknown intent", { intent: "delete", id: "gone" }, 400, "Unknown action"],
    ["an id that is not one", { intent: "remove", id: "x" }, 400, "Failed to remove subscriber"],
    ["a subscriber that does not exist", { intent: "remove", id: MISSING_ID }, 404, "Failed to remove subscriber"],
  ])("answers %s with a %i and removes nothing", async (_case, form, status, message) => {
    const sent = { ...form, ...(form.id === "gone" ? { id: ids["gone@example.com"]! } : {}) };
    expect(await post(sent, admin)).toMatchObject({ status, body: { ok: false, message } });
    expect(await emails()).toEqual(["gone@example.com", "keep@example.com"]);
  });

  it("refuses a body that is not a form (415)", async () => {
    const request = new Request(`${BASE_URL}/admin/subscribers`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "text/plain" },
      body: `intent=remove&id=${ids["gone@example.com"]}`,
    });
    expect((await callRoute(subscribersAction, request)).status).toBe(415);
    expect(await emails()).toEqual(["gone@example.com", "keep@example.com"]);
  });
});
