import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { queueSentEditions } from "~/server/newsletter/editions.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { emptyBeforeEach, insertVideos, MISSING_ID } from "../../tests/support/content";
import { emptyOutbox, queuedMails } from "../../tests/support/mail";
import { onlySubscribers } from "../../tests/support/newsletter";
import { callRoute } from "../../tests/support/route";
import * as list from "./admin.newsletter";
import * as edit from "./admin.newsletter.$id";
import * as create from "./admin.newsletter.new";
import * as archive from "./newsletter._index";
import * as webVersion from "./newsletter.$id";

const e = schema.newsletterEditions;

let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let compliance: string;
let videoId: string;

beforeAll(async () => {
  editor = await createSignedInUser({ role: "editor" });
  compliance = (await createSignedInUser({ role: "compliance" })).cookie;
});
emptyBeforeEach(schema.videos, schema.newsletterEditions);
beforeEach(async () => {
  await emptyOutbox();
  await onlySubscribers([{ email: "ann@example.com", confirmedAt: new Date() }, { email: "pending@example.com" }]);
  const [video] = await insertVideos([{ title: "This week's interview", publishedAt: new Date(Date.now() - 3_600_000) }]);
  videoId = video!.id;
});

const post = (fn: (args: never) => unknown, path: string, form: Record<string, string | string[]>, cookie = editor.cookie, params = {}) =>
  callRoute(fn, appRequest(path, { method: "POST", cookie, form }), { params });

async function created(form: Record<string, string | string[]> = {}) {
  const answer = await post(create.action, "/admin/newsletter/new", {
    intent: "save",
    subject: "This week",
    intro: "<p>Hello</p>",
    items: [`video:${videoId}`],
    ...form,
  });
  expect(answer.status).toBe(302);
  return answer.location!.split("/").pop()!;
}

describe('/admin/newsletter (PRODUCT.md "Newsletter editions")', () => {
  it("is for editors, compliance (to read) and admins: anonymous to /auth, contributors to the dashboard", async () => {
    const redirect = async (cookie?: string) =>
      (await callRoute(list.loader, appRequest("/admin/newsletter", { cookie }), { throws: true })).location;
    expect(await redirect()).toBe("/auth?redirectTo=%2Fadmin%2Fnewsletter");
    expect(await redirect((await createSignedInUser({ role: "contributor" })).cookie)).toBe("/admin");
    expect((await callRoute(list.loader, appRequest("/admin/newsletter", { cookie: compliance }))).status).toBe(200);
  });

  it("a new edition proposes the week's items, checked", async () => {
    const { body } = await callRoute(create.loader, appRequest("/admin/newsletter/new", { cookie: editor.cookie }));
    expect(body.values.items).toEqual([`video:${videoId}`]);
    expect(body.choices).toMatchObject([{ title: "This week's interview", label: "Video" }]);
    expect(body.confirmed).toBe(1);
  });

  it("saves an edition, shows its preview, and lists it as a draft", async () => {
    const id = await created();
    const { body } = await callRoute(edit.loader, appRequest(`/admin/newsletter/${id}`, { cookie: editor.cookie }), { params: { id } });
    expect(body).toMatchObject({ mode: "edit", status: "draft", values: { subject: "This week", items: [`video:${videoId}`] } });
    expect(body.preview).toContain("This week&#x27;s interview");
    const listed = await callRoute(list.loader, appRequest("/admin/newsletter", { cookie: editor.cookie }));
    expect(listed.body.editions).toMatchObject([{ id, subject: "This week", status: "draft", when: "Draft" }]);
  });

  it("sends a test to the editor only, marked [Test]", async () => {
    const id = await created();
    const answer = await post(edit.action, `/admin/newsletter/${id}`, { intent: "test", subject: "This week", items: [] }, editor.cookie, {
      id,
    });
    expect(answer.status).toBe(302);
    expect((await queuedMails()).map((m) => [m.to, m.subject])).toEqual([[editor.email, "[Test] This week"]]);
  });

  it("sends to confirmed subscribers only, once; a sent edition can no longer change (409)", async () => {
    const id = await created();
    const sent = await post(
      edit.action,
      `/admin/newsletter/${id}`,
      { intent: "send", subject: "This week", items: [`video:${videoId}`] },
      editor.cookie,
      { id },
    );
    expect(sent.status).toBe(302);
    // Answered at once; the mails are queued in the background, and the page says how far (PRODUCT.md "Newsletter editions").
    expect(await queuedMails()).toEqual([]);
    const page = async () =>
      (await callRoute(edit.loader, appRequest(`/admin/newsletter/${id}`, { cookie: editor.cookie }), { params: { id } })).body as {
        queueing: { queued: number; of: number } | null;
      };
    expect((await page()).queueing).toEqual({ queued: 0, of: 1 });
    await queueSentEditions();
    expect((await page()).queueing).toBeNull();
    expect((await queuedMails()).map((m) => m.to)).toEqual(["ann@example.com"]);
    const again = await post(edit.action, `/admin/newsletter/${id}`, { intent: "send", subject: "Changed", items: [] }, editor.cookie, {
      id,
    });
    expect(again.status).toBe(409);
    expect(await queuedMails()).toHaveLength(1);
    const [row] = await (await getDb()).select().from(e).where(eq(e.id, id));
    expect(row).toMatchObject({ subject: "This week", status: "sent", recipients: 1 });
    const audit = await (await getDb()).select().from(schema.auditLog).where(eq(schema.auditLog.itemId, id));
    expect(audit).toMatchObject([{ action: "newsletter-send", actorId: editor.user.id, actorRole: "editor", detail: "1 subscriber" }]);
  });

  it("schedules for a time ahead, never one past", async () => {
    const id = await created();
    const past = await post(
      edit.action,
      `/admin/newsletter/${id}`,
      { intent: "schedule", subject: "This week", sendAt: "2020-01-01T09:00" },
      editor.cookie,
      { id },
    );
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain("Choose a time in the future");
    const ahead = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    expect(
      (
        await post(edit.action, `/admin/newsletter/${id}`, { intent: "schedule", subject: "This week", sendAt: ahead }, editor.cookie, {
          id,
        })
      ).status,
    ).toBe(302);
    const [row] = await (await getDb()).select().from(e).where(eq(e.id, id));
    expect(row).toMatchObject({ status: "scheduled", sendAt: new Date(`${ahead}:00Z`) });
  });

  it.each([
    ["no subject", { intent: "save", subject: " " }, "Subject is required"],
    ["an item that is not one of ours", { intent: "save", subject: "S", items: ["video:not-an-id"] }, "An item is not one of ours"],
    ["an unknown intent", { intent: "delete", subject: "S" }, "Unknown action"],
    ["a schedule without a time", { intent: "schedule", subject: "S" }, "Choose when to send it"],
    [
      "a schedule on a day that does not exist",
      { intent: "schedule", subject: "S", sendAt: "2026-02-30T10:00" },
      "Choose a real date and time",
    ],
    ["a schedule in year 0000", { intent: "schedule", subject: "S", sendAt: "0000-01-01T10:00" }, "Choose a real date and time"],
    ["a schedule at 24:00", { intent: "schedule", subject: "S", sendAt: "2030-01-01T24:00" }, "Choose a real date and time"],
  ])("answers %s with 400 and its message, and stores nothing", async (_case, form, message) => {
    const answer = await post(create.action, "/admin/newsletter/new", form);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await (await getDb()).select().from(e)).toEqual([]);
  });

  it("refuses compliance's writes (403), a NUL byte (400) and a body that is not a form (415)", async () => {
    expect((await post(create.action, "/admin/newsletter/new", { intent: "save", subject: "S" }, compliance)).status).toBe(403);
    expect((await post(create.action, "/admin/newsletter/new", { intent: "save", subject: "S\u0000" })).status).toBe(400);
    const request = new Request(`${BASE_URL}/admin/newsletter/new`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: editor.cookie, "Content-Type": "text/plain" },
      body: "intent=save&subject=S",
    });
    expect((await callRoute(create.action, request)).status).toBe(415);
    expect(await (await getDb()).select().from(e)).toEqual([]);
  });

  it("an unknown or malformed edition id is a 404", async () => {
    for (const id of [MISSING_ID, "not-an-id"]) {
      const answer = await callRoute(edit.loader, appRequest(`/admin/newsletter/${id}`, { cookie: editor.cookie }), { params: { id } });
      expect(answer.status).toBe(404);
    }
  });
});

describe("the public archive", () => {
  it("lists and shows sent editions only; a draft's page is not found", async () => {
    const draft = await created({ subject: "Draft one" });
    const sentId = await created({ subject: "Sent one" });
    await post(
      edit.action,
      `/admin/newsletter/${sentId}`,
      { intent: "send", subject: "Sent one", items: [`video:${videoId}`] },
      editor.cookie,
      { id: sentId },
    );

    const listed = await callRoute(archive.loader, appRequest("/newsletter"));
    expect(listed.body.editions.map((edition) => edition.subject)).toEqual(["Sent one"]);
    const page = await callRoute(webVersion.loader, appRequest(`/newsletter/${sentId}`), { params: { id: sentId } });
    expect(page.status).toBe(200);
    expect(page.body.body).toContain("This week&#x27;s interview");
    expect(page.body.body).not.toContain("Unsubscribe");
    for (const id of [draft, MISSING_ID, "nope"]) {
      expect((await callRoute(webVersion.loader, appRequest(`/newsletter/${id}`), { params: { id } })).status).toBe(404);
    }
  });
});
