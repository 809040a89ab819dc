/** PRODUCT.md "Audit log": /admin/audit and its CSV, role changes and staff sign-ins in the log. */
import { desc, eq } from "drizzle-orm";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";

import { describeRouteError } from "~/lib/route-errors";
import { appendAuditAlone, verifyAuditLog } from "~/server/audit/audit-log.server";
import { createCompany, deleteCompany, updateCompany } from "~/server/companies/companies.server";
import { getDb, schema } from "~/server/db/db.server";

import { appRequest, createSignedInUser, signInCookie } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import { loader } from "./admin.audit";
import { loader as csvLoader } from "./admin.audit[.csv]";
import { action as usersAction } from "./admin.users";

async function lastEntries(n: number) {
  const db = await getDb();
  return db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(n);
}

describe("/admin/audit", () => {
  it("lists entries newest first and filters by person, action, item and day", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const alice = { id: `alice-${run}`, name: `Alice ${run}`, role: "editor" };
    const bob = { id: `bob-${run}`, name: `Bob ${run}`, role: "compliance" };
    await appendAuditAlone({ actor: alice, action: "create", item: { type: "video", id: `v-${run}`, title: `Gold video ${run}` } });
    await appendAuditAlone({ actor: bob, action: "approve", item: { type: "video", id: `v-${run}`, title: `Gold video ${run}` } });
    await appendAuditAlone({ actor: alice, action: "publish", item: { type: "blog", id: `b-${run}`, title: `Copper post ${run}` } });
    const { cookie } = await createSignedInUser({ role: "compliance" });
    const open = async (query: string) =>
      (await callRoute(loader, appRequest(`/admin/audit?${query}`, { cookie }))).body as Awaited<ReturnType<typeof loader>>;

    const byAlice = await open(`actor=${alice.id}`);
    expect(byAlice.entries.map((entry) => entry.action)).toEqual(["Published", "Created"]);
    expect((await open(`action=approve&item=${run}`)).entries.map((entry) => entry.actor)).toEqual([bob.name]);
    expect((await open(`item=${encodeURIComponent(`Copper post ${run}`)}`)).total).toBe(1);
    expect((await open(`item=v-${run}`)).total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await open(`actor=${alice.id}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await open(`actor=${alice.id}&to=2020-01-01`)).total).toBe(0);
    // Values the page does not offer are ignored, never a 500; so are empty date fields.
    const odd = await callRoute(loader, appRequest(`/admin/audit?action=nope&from=&to=%20&item=${"x".repeat(500)}&page=-3`, { cookie }));
    expect(odd.status).toBe(200);
    expect(byAlice.actors).toEqual(
      expect.arrayContaining([
        { id: alice.id, name: alice.name },
        { id: bob.id, name: bob.name },
      ]),
    );
  });

  it("exports the filtered entries as CSV, with each entry's hash", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await appendAuditAlone({
      actor: { id: `c-${run}`, name: `Carol, "C" ${run}`, role: "editor" },
      action: "delete",
      item: { type: "podcast", id: `p-${run}` },
    });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const answer = await callRoute(csvLoader, appRequest(`/admin/audit.csv?actor=c-${run}`, { cookie }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, row, ...rest] = String(answer.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      '"Entry","When (UTC)","Who","Role","Action","Item type","Item id","Item","Revision","Detail","Address (hashed)","Hash"',
    );
    expect(row).toContain(`"Carol, ""C"" ${run}","editor","Deleted","podcast","p-${run}"`);
    expect(row).toMatch(/,"[0-9a-f]{64}"$/);
    expect(rest).toEqual([]);
  });
});

describe("/admin/audit and /admin/audit.csv refuse a day that is not a real one", () => {
  const cases = [
    ["to=2026-02-30", "Enter a real date for 'To' as yyyy-mm-dd: '2026-02-30' is not one."],
    ["from=0000-01-01", "Enter a real date for 'From' as yyyy-mm-dd: '0000-01-01' is not one."],
    ["from=2024-13-45", "Enter a real date for 'From' as yyyy-mm-dd: '2024-13-45' is not one."],
    ["to=2026-04-31", "Enter a real date for 'To' as yyyy-mm-dd: '2026-04-31' is not one."],
    ["from=abc", "Enter a real date for 'From' as yyyy-mm-dd: 'abc' is not one."],
    ["from=2026-02-01&to=10000-01-01", "Enter a real date for 'To' as yyyy-mm-dd: '10000-01-01' is not one."],
  ] as const;

  it.each(cases)("/admin/audit?%s answers 400 with its message", async (query, message) => {
    const { cookie } = await createSignedInUser({ role: "compliance" });
    const answer = await callRoute(loader, appRequest(`/admin/audit?${query}`, { cookie }), { throws: true });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(message);
    expect(describeRouteError(new ErrorResponseImpl(answer.status, "", answer.body))).toMatchObject({ status: 400, message });
  });

  it.each(cases)("/admin/audit.csv?%s answers 400 with its message as plain text", async (query, message) => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const answer = await callRoute(csvLoader, appRequest(`/admin/audit.csv?${query}`, { cookie }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe(`${message}\n`);
  });

  it("a long bad value is shortened in the message", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const answer = await callRoute(csvLoader, appRequest(`/admin/audit.csv?to=${"9".repeat(500)}`, { cookie }));
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(`Enter a real date for 'To' as yyyy-mm-dd: '${"9".repeat(20)}…' is not one.\n`);
  });

  it("real days still filter, on the page and in the CSV, from 0001-01-01 to 9999-12-31 and on Feb 29", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await appendAuditAlone({
      actor: { id: `d-${run}`, name: `Dora ${run}`, role: "editor" },
      action: "create",
      item: { type: "video", id: `v-${run}` },
    });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const count = async (query: string) => {
      const page = await callRoute(loader, appRequest(`/admin/audit?actor=d-${run}&${query}`, { cookie }));
      const csv = await callRoute(csvLoader, appRequest(`/admin/audit.csv?actor=d-${run}&${query}`, { cookie }));
      expect([page.status, csv.status]).toEqual([200, 200]);
      const rows =
        String(csv.body)
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n").length - 1;
      expect(rows).toBe(page.body.total);
      return page.body.total;
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(await count(`from=${today}&to=${today}`)).toBe(1);
    expect(await count("from=0001-01-01&to=9999-12-31")).toBe(1);
    expect(await count("from=2024-02-29&to=2024-02-29")).toBe(0);
    expect(await count("to=2020-01-01")).toBe(0);
    const page = await callRoute(loader, appRequest(`/admin/audit?actor=d-${run}&from=${today}`, { cookie }));
    expect(page.body.filters).toMatchObject({ from: today });
    expect(page.body.csvHref).toBe(`/admin/audit.csv?actor=d-${run}&from=${today}`);
  });
});

describe("what the log records", () => {
  it("a role change names who made it, the account and the change", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const target = await createSignedInUser();
    const form = { intent: "role", userId: target.user.id, role: "editor", email: target.email };
    const answer = await callRoute(usersAction, appRequest("/admin/users", { method: "POST", cookie: admin.cookie, form }));
    expect(answer.status).toBe(302);
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({
      action: "role-change",
      actorId: admin.user.id,
      actorRole: "admin",
      itemId: target.user.id,
      itemTitle: target.email,
      detail: "reader → editor",
    });
  });

  it("a company's creation, edit and deletion, with its name", async () => {
    const run = crypto.randomUUID().slice(0, 6).toUpperCase();
    const person = { id: `co-${run}`, name: "Company Editor", email: "co@example.com", role: "editor", address: "192.0.2.4" };
    const input = {
      name: `Audit Mining ${run}`,
      slug: `audit-mining-${run.toLowerCase()}`,
      ticker: `A${run}`,
      exchange: "ASX" as const,
      sector: null,
      website: null,
      logoUrl: null,
      description: null,
      isClient: false,
    };
    const created = await createCompany(input, person);
    if (!created.ok) throw new Error("expected the company to be created");
    await updateCompany(created.id, { ...input, name: `Audit Mining ${run} Ltd` }, person);
    await deleteCompany(created.id, person);
    const db = await getDb();
    const rows = await db.select().from(schema.auditLog).where(eq(schema.auditLog.itemId, created.id)).orderBy(schema.auditLog.id);
    expect(rows.map((row) => [row.action, row.itemTitle, row.actorName])).toEqual([
      ["company-create", `Audit Mining ${run}`, "Company Editor"],
      ["company-edit", `Audit Mining ${run} Ltd`, "Company Editor"],
      ["company-delete", `Audit Mining ${run} Ltd`, "Company Editor"],
    ]);
  });

  it("staff sign-ins and failed sign-ins are logged; a reader's are not", async () => {
    const staff = await createSignedInUser({ role: "editor" });
    const db = await getDb();
    const countFor = async (userId: string, action: string) =>
      (await db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, userId))).filter((row) => row.action === action).length;
    const signedInBefore = await countFor(staff.user.id, "sign-in");
    await signInCookie(staff.email, staff.password);
    expect(await countFor(staff.user.id, "sign-in")).toBe(signedInBefore + 1);
    await expect(signInCookie(staff.email, "a-wrong-password-1")).rejects.toThrow();
    expect(await countFor(staff.user.id, "sign-in-failed")).toBe(1);

    const reader = await createSignedInUser();
    await signInCookie(reader.email, reader.password);
    await expect(signInCookie(reader.email, "a-wrong-password-1")).rejects.toThrow();
    expect(await countFor(reader.user.id, "sign-in")).toBe(0);
    expect(await countFor(reader.user.id, "sign-in-failed")).toBe(0);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });
});
