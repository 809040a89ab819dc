/**
 * /admin/messages (PRODUCT.md "Inbox"): the unread filter, and the actions posted as an anonymous
 * visitor, a plain user and an admin (only the admin changes anything), with bad input refused.
 */
import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import * as inbox from "~/server/inbox/inbox.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { MISSING_ID } from "../../tests/support/content";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import { toastOf } from "../../tests/support/toast";
import { loader as layoutLoader } from "./admin";
import AdminMessages, { action, loader } from "./admin.messages";

let admin: string;
let reader: string;

beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin" })).cookie;
  reader = (await createSignedInUser({ role: "reader" })).cookie;
});

/** Replaces every message with these (the last one newest) and returns their ids in that order. */
async function onlyMessages(rows: { subject: string; read?: boolean }[]) {
  const db = await getDb();
  await db.delete(schema.contactMessages);
  const inserted = await db
    .insert(schema.contactMessages)
    .values(
      rows.map((row, i) => ({
        name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        subject: row.subject,
        message: `Message ${i}`,
        createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
        readAt: row.read ? new Date("2026-04-01T00:00:00Z") : null,
      })),
    )
    .returning({ id: schema.contactMessages.id });
  return inserted.map((row) => row.id);
}

/** Each message's subject and whether it is read, newest first. */
async function stored() {
  const db = await getDb();
  const rows = await db.select().from(schema.contactMessages);
  return Object.fromEntries(rows.map((row) => [row.subject, row.readAt != null]));
}

const post = (form: Record<string, string>, cookie?: string, path = "/admin/messages") =>
  callRoute(action, appRequest(path, { method: "POST", cookie, form }));

const unreadInLayout = async () => (await callRoute(layoutLoader, appRequest("/admin", { cookie: admin }))).body.unreadMessages;

describe("/admin/messages loader", () => {
  it("lists every message newest first with its read state, and counts all and unread", async () => {
    await onlyMessages([{ subject: "old", read: true }, { subject: "new" }]);
    const { body } = await callRoute(loader, appRequest("/admin/messages", { cookie: admin }));
    expect(body).toMatchObject({ total: 2, all: 2, unread: 1, filter: "all", totalPages: 1 });
    expect(body.messages.map((m) => [m.subject, m.read])).toEqual([
      ["new", false],
      ["old", true],
    ]);
  });

  it("lists only the unread messages with ?show=unread, paged by their count", async () => {
    await onlyMessages([{ subject: "a" }, { subject: "b", read: true }, { subject: "c" }]);
    const { body } = await callRoute(loader, appRequest("/admin/messages?show=unread", { cookie: admin }));
    expect(body).toMatchObject({ total: 2, all: 3, unread: 2, filter: "unread" });
    expect(body.messages.map((m) => m.subject)).toEqual(["c", "a"]);
    // Anything else is every message.
    expect((await callRoute(loader, appRequest("/admin/messages?show=nope", { cookie: admin }))).body.filter).toBe("all");
  });
});

describe("/admin/messages actions", () => {
  let ids: string[];
  beforeEach(async () => {
    ids = await onlyMessages([{ subject: "first" }, { subject: "second", read: true }]);
  });

  it.each([
    ["anonymous", (): string | undefined => undefined, 401],
    ["a plain user", (): string | undefined => reader, 403],
  ] as const)("refuses %s and changes nothing", async (_who, cookie, status) => {
    for (const form of [
      { intent: "read", id: ids[0]! },
      { intent: "unread", id: ids[1]! },
      { intent: "delete", id: ids[0]! },
    ]) {
      expect((await post(form, cookie())).status).toBe(status);
    }
    expect(await stored()).toEqual({ first: false, second: true });
  });

  it("marks a message read: back to the same list with a 'Success' toast, and the unread count drops", async () => {
    expect(await unreadInLayout()).toBe(1);
    const answer = await post({ intent: "read", id: ids[0]! }, admin, "/admin/messages?show=unread&page=2&other=x");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/messages?show=unread&page=2");
    expect(answer.headers.get("X-Remix-Replace")).toBe("true");
    expect(await toastOf(answer.headers)).toEqual({ type: "success", title: "Success", description: "Message marked as read" });
    expect(await stored()).toEqual({ first: true, second: true });
    expect(await unreadInLayout()).toBe(0);
  });

  it("marks a message unread again, and the unread count rises", async () => {
    const answer = await post({ intent: "unread", id: ids[1]! }, admin);
    expect(answer.location).toBe("/admin/messages");
    expect(await toastOf(answer.headers)).toMatchObject({ description: "Message marked as unread" });
    expect(await stored()).toEqual({ first: false, second: false });
    expect(await unreadInLayout()).toBe(2);
  });

  it("opening a message's full text marks it read without a toast or a redirect", async () => {
    const answer = await post({ intent: "open", id: ids[0]! }, admin);
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await toastOf(answer.headers)).toBeNull();
    expect(await stored()).toEqual({ first: true, second: true });
  });

  it("deletes a message with the 'Message deleted' toast", async () => {
    const answer = await post({ intent: "delete", id: ids[0]! }, admin, "/admin/messages?page=1");
    expect(answer.location).toBe("/admin/messages?page=1");
    expect(await toastOf(answer.headers)).toMatchObject({ description: "Message deleted" });
    expect(await stored()).toEqual({ second: true });
  });

  it.each<[string, Record<string, string>, number, string]>([
    ["an unknown intent", { intent: "archive", id: "first" }, 400, "Unknown action"],
    ["no intent", { id: "first" }, 400, "Unknown action"],
    ["an id that is not one", { intent: "read", id: "1 or 1=1" }, 400, "Failed to update message"],
    ["no id", { intent: "delete" }, 400, "Failed to delete message"],
    ["a message that does not exist (read)", { intent: "read", id: MISSING_ID }, 404, "Failed to update message"],
    ["a message that does not exist (delete)", { intent: "delete", id: MISSING_ID }, 404, "Failed to delete message"],
  ])("answers %s with a %i and changes nothing", async (_case, form, status, message) => {
    const sent = { ...form, ...(form.id === "first" ? { id: ids[0]! } : {}) };
    const answer = await post(sent, admin);
    expect(answer).toMatchObject({ status, body: { ok: false, message } });
    expect(await stored()).toEqual({ first: false, second: true });
  });

  it("refuses a body that is not a form (415) and a NUL in the id (400)", async () => {
    const json = new Request(`${BASE_URL}/admin/messages`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "delete", id: ids[0] }),
    });
    expect((await callRoute(action, json)).status).toBe(415);
    expect((await post({ intent: "delete", id: `${ids[0]}\u0000` }, admin)).status).toBe(400);
    expect(await stored()).toEqual({ first: false, second: true });
  });

  it("logs a database failure and answers 503 'Failed to update message'", async () => {
    vi.spyOn(inbox, "setMessageRead").mockRejectedValueOnce(new Error("connection lost"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await post({ intent: "read", id: ids[0]! }, admin)).toMatchObject({
        status: 503,
        body: { ok: false, message: "Failed to update message" },
      });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("answers 404 to opening a message that is gone", async () => {
    const db = await getDb();
    await db.delete(schema.contactMessages).where(eq(schema.contactMessages.id, ids[0]!));
    expect((await post({ intent: "open", id: ids[0]! }, admin)).status).toBe(404);
  });
});

const PAGE = {
  page: 1,
  totalPages: 1,
  messages: [
    {
      id: "1",
      name: "Ann",
      email: "ann@example.com",
      subject: "Unread one",
      message: "Hi",
      excerpt: "Hi",
      receivedAt: "Mar 2, 2026",
      read: false,
    },
    {
      id: "2",
      name: "Bo",
      email: "bo@example.com",
      subject: "Read one",
      message: "Yo",
      excerpt: "Yo",
      receivedAt: "Mar 1, 2026",
      read: true,
    },
  ],
};

describe("/admin/messages page", () => {
  it("marks the unread message with the 'Unread' badge and offers the right toggle on each", () => {
    renderRoute(AdminMessages, "/admin/messages", { loaderData: { ...PAGE, total: 2, all: 2, unread: 1, filter: "all" } });
    expect(screen.getByText("2 messages from the contact form · 1 unread")).toBeTruthy();
    const unreadRow = screen.getByRole("cell", { name: "Unread one" }).closest("tr")!;
    expect(unreadRow.getAttribute("data-unread")).toBe("true");
    expect(within(unreadRow).getByText("Unread")).toBeTruthy();
    expect(within(unreadRow).getByRole("button", { name: "Mark as read: Unread one" })).toBeTruthy();
    const readRow = screen.getByRole("cell", { name: "Read one" }).closest("tr")!;
    expect(readRow.getAttribute("data-unread")).toBeNull();
    expect(within(readRow).queryByText("Unread")).toBeNull();
    expect(within(readRow).getByRole("button", { name: "Mark as unread: Read one" })).toBeTruthy();
    expect(within(readRow).getByRole("button", { name: "Delete message Read one" })).toBeTruthy();
  });

  it("shows the filter as links, the current one marked, and 'No unread messages' when there are none", () => {
    renderRoute(AdminMessages, "/admin/messages?show=unread", {
      loaderData: { page: 1, totalPages: 0, messages: [], total: 0, all: 4, unread: 0, filter: "unread" },
    });
    const filter = screen.getByRole("navigation", { name: "Show messages" });
    expect(within(filter).getByRole("link", { name: "Unread (0)" }).getAttribute("aria-current")).toBe("page");
    expect(within(filter).getByRole("link", { name: "All (4)" }).getAttribute("href")).toBe("/admin/messages");
    expect(screen.getByText("No unread messages")).toBeTruthy();
  });
});
