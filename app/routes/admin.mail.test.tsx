import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { resetEnvCache } from "~/server/env.server";
import { queueMail } from "~/server/mail/outbox.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { emptyOutbox } from "../../tests/support/mail";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import AdminMail, { action, loader } from "./admin.mail";

const t = schema.mailOutbox;

async function outboxOf(...states: { to: string; status: "queued" | "sent" | "failed"; lastError?: string }[]) {
  const db = await getDb();
  await emptyOutbox();
  await queueMail(
    db,
    states.map((state) => ({ kind: "edition" as const, to: state.to, subject: `For ${state.to}`, text: "Hello" })),
  );
  for (const state of states) {
    await db
      .update(t)
      .set({
        status: state.status,
        lastError: state.lastError ?? null,
        attempts: state.status === "queued" ? 0 : 1,
        sentAt: state.status === "sent" ? new Date() : null,
      })
      .where(eq(t.toAddress, state.to));
  }
  return Object.fromEntries((await db.select().from(t)).map((row) => [row.toAddress, row.id]));
}

const post = (form: Record<string, string>, cookie?: string) =>
  callRoute(action, appRequest("/admin/mail", { method: "POST", cookie, form }));

let admin: string;
let ids: Record<string, number>;

beforeEach(async () => {
  admin ??= (await createSignedInUser({ role: "admin" })).cookie;
  ids = await outboxOf(
    { to: "waiting@example.com", status: "queued" },
    { to: "done@example.com", status: "sent" },
    { to: "bounced@example.com", status: "failed", lastError: "550 No such mailbox" },
  );
});

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

describe('/admin/mail (PRODUCT.md "Mail")', () => {
  it("is for staff who may read the inbox: anonymous visitors go to /auth, readers home, contributors to the dashboard", async () => {
    const redirect = async (cookie?: string) => (await callRoute(loader, appRequest("/admin/mail", { cookie }), { throws: true })).location;
    expect(await redirect()).toBe("/auth?redirectTo=%2Fadmin%2Fmail");
    expect(await redirect((await createSignedInUser({ role: "reader" })).cookie)).toBe("/");
    expect(await redirect((await createSignedInUser({ role: "contributor" })).cookie)).toBe("/admin");
  });

  it("counts the outbox and lists what failed, what waits and what was sent", async () => {
    const { body } = await callRoute(loader, appRequest("/admin/mail", { cookie: admin }));
    expect(body.counts).toEqual({ queued: 1, sending: 0, sent: 1, failed: 1 });
    expect(body.failed).toMatchObject([{ to: "bounced@example.com", error: "550 No such mailbox" }]);
    expect(body.waiting).toMatchObject([{ to: "waiting@example.com" }]);
    expect(body.sent).toMatchObject([{ to: "done@example.com" }]);
  });

  it("says plainly that mail is not configured while SMTP_URL is not set", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const without = (await callRoute(loader, appRequest("/admin/mail", { cookie: admin }))).body;
    expect(without.mailConfigured).toBe(false);
    renderRoute(AdminMail, "/admin/mail", { loaderData: without });
    const note = screen.getByRole("note");
    expect(note.textContent).toBe(
      "Mail is not configured: set SMTP_URL and MAIL_FROM (docs/DEPLOY.md) and restart the site. Until then nothing is sent; " +
        "mails wait here (1 mail now). New accounts sign in without confirming their address, and newsletter sign-ups stay pending.",
    );
    // Above the lists it explains.
    const failed = screen.getByRole("region", { name: "Failed" });
    expect(note.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(failed).getByText("550 No such mailbox")).toBeTruthy();
    expect(within(failed).getByRole("button", { name: "Retry the mail to bounced@example.com" })).toBeTruthy();
  });

  it("shows no such notice once SMTP_URL is set", async () => {
    process.env.SMTP_URL = "smtp://mail.test:2525";
    resetEnvCache();
    const withSmtp = (await callRoute(loader, appRequest("/admin/mail", { cookie: admin }))).body;
    expect(withSmtp.mailConfigured).toBe(true);
    renderRoute(AdminMail, "/admin/mail", { loaderData: withSmtp });
    expect(screen.getByRole("heading", { name: "Mail", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/not configured/)).toBeNull();
  });

  it("puts a failed mail back in the queue, with a toast", async () => {
    const answer = await post({ intent: "retry", id: String(ids["bounced@example.com"]) }, admin);
    expect(answer).toMatchObject({ status: 302, location: "/admin/mail" });
    const [row] = await (await getDb()).select().from(t).where(eq(t.id, ids["bounced@example.com"]!));
    expect(row).toMatchObject({ status: "queued", attempts: 0, lastError: null });
  });

  it.each([
    ["an unknown intent", { intent: "delete", id: "1" }, 400, "Unknown action"],
    ["an id that is not one", { intent: "retry", id: "x" }, 400, "That mail is not waiting for a retry"],
    ["a mail that did not fail", { intent: "retry", id: "sent" }, 404, "That mail is not waiting for a retry"],
  ])("answers %s with its 4xx and changes nothing", async (_case, form, status, message) => {
    const sent = form.id === "sent" ? { ...form, id: String(ids["done@example.com"]) } : form;
    expect(await post(sent, admin)).toMatchObject({ status, body: { ok: false, message } });
    const rows = await (await getDb()).select({ to: t.toAddress, status: t.status }).from(t);
    expect(rows.map((row) => `${row.to} ${row.status}`).sort()).toEqual([
      "bounced@example.com failed",
      "done@example.com sent",
      "waiting@example.com queued",
    ]);
  });

  it("refuses a retry from compliance (who may read the page, not change it) or a body that is not a form", async () => {
    const compliance = (await createSignedInUser({ role: "compliance" })).cookie;
    expect((await callRoute(loader, appRequest("/admin/mail", { cookie: compliance }))).status).toBe(200);
    expect((await post({ intent: "retry", id: String(ids["bounced@example.com"]) }, compliance)).status).toBe(403);
    const request = new Request(`${BASE_URL}/admin/mail`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "text/plain" },
      body: `intent=retry&id=${ids["bounced@example.com"]}`,
    });
    expect((await callRoute(action, request)).status).toBe(415);
    const [row] = await (await getDb()).select().from(t).where(eq(t.id, ids["bounced@example.com"]!));
    expect(row!.status).toBe("failed");
  });
});
