/**
 * The company admin routes (PRODUCT.md "Companies") called as the router would: create, edit and delete as
 * an admin; the same as an anonymous visitor and a plain user, refused with nothing changed; taken slugs and
 * tickers as field messages; the list's search and 25-row pages.
 */
import type { SubmissionResult } from "@conform-to/react";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { COMPANY_TEXTS } from "~/lib/companies";
import { getDb, schema } from "~/server/db/db.server";
import { getToast } from "~/server/toast.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import * as listModule from "./admin.companies";
import * as editModule from "./admin.companies.$id";
import * as newModule from "./admin.companies.new";

type Form = Record<string, string>;
type Company = typeof schema.companies.$inferSelect;

const LIST = "/admin/companies";
const VALID: Form = { name: "Rio Tinto", ticker: "rio", exchange: "ASX", sector: "mining", website: "https://www.riotinto.com" };

let admin: string;
let reader: string;

beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin" })).cookie;
  reader = (await createSignedInUser({ role: "reader" })).cookie;
});

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate content_companies`);
  await db.execute(sql`delete from companies`);
});

const postCreate = (form: Form, cookie?: string) =>
  callRoute(newModule.action, appRequest(`${LIST}/new`, { method: "POST", cookie, form }));
const postEdit = (id: string, form: Form, cookie?: string) =>
  callRoute(editModule.action, appRequest(`${LIST}/${id}`, { method: "POST", cookie, form }), { params: { id } });
const postDelete = (id: string, cookie?: string) =>
  callRoute(listModule.action, appRequest(LIST, { method: "POST", cookie, form: { intent: "delete", id } }));
const getList = (query: string, cookie = admin) => callRoute(listModule.loader, appRequest(`${LIST}${query}`, { cookie }));

async function insertCompany(values: Partial<Company> = {}): Promise<Company> {
  const db = await getDb();
  const n = crypto.randomUUID().slice(0, 8);
  const [row] = await db
    .insert(schema.companies)
    .values({ name: `Company ${n}`, slug: `company-${n}`, ticker: n.toUpperCase(), exchange: "ASX", ...values })
    .returning();
  return row;
}

async function allCompanies(): Promise<Company[]> {
  const db = await getDb();
  return db.select().from(schema.companies).orderBy(schema.companies.name);
}

async function findCompany(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.companies).where(eq(schema.companies.id, id));
  return row;
}

async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return cookie ? (await getToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast : null;
}

function replyOf(body: unknown): SubmissionResult<string[]> {
  expect(body).toEqual({ result: expect.any(Object) });
  return (body as { result: SubmissionResult<string[]> }).result;
}

describe("as an admin", () => {
  it("create saves the company (slug from the name, ticker upper-cased) and returns to the list with a toast", async () => {
    const result = await postCreate(VALID, admin);
    expect(result.status).toBe(302);
    expect(result.location).toBe(LIST);
    expect(await toastOf(result.headers)).toMatchObject({ type: "success", title: "Success", description: "Company created successfully" });
    expect(await allCompanies()).toEqual([
      expect.objectContaining({ name: "Rio Tinto", slug: "rio-tinto", ticker: "RIO", exchange: "ASX", sector: "mining", isClient: false }),
    ]);
  });

  it("the edit screen opens with the company's values", async () => {
    const row = await insertCompany({ name: "BHP", slug: "bhp", ticker: "BHP", website: null, isClient: true });
    const result = await callRoute(editModule.loader, appRequest(`${LIST}/${row.id}`, { cookie: admin }), { params: { id: row.id } });
    expect(result.body).toMatchObject({
      mode: "edit",
      id: row.id,
      values: { name: "BHP", slug: "bhp", ticker: "BHP", exchange: "ASX", website: "", isClient: true },
    });
  });

  it("an unknown id on the edit screen goes back to the list with 'Company not found'", async () => {
    const id = crypto.randomUUID();
    const result = await callRoute(editModule.loader, appRequest(`${LIST}/${id}`, { cookie: admin }), { params: { id } });
    expect(result.location).toBe(LIST);
    expect(await toastOf(result.headers)).toMatchObject({ type: "error", description: "Company not found" });
  });

  it("update changes the company and its updated_at", async () => {
    const row = await insertCompany({ updatedAt: new Date("2024-01-01T00:00:00Z") });
    const result = await postEdit(row.id, { ...VALID, slug: "rio", isClient: "on" }, admin);
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ description: "Company updated successfully" });
    const saved = await findCompany(row.id);
    expect(saved).toMatchObject({ name: "Rio Tinto", slug: "rio", ticker: "RIO", isClient: true, createdAt: row.createdAt });
    expect(saved!.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it("delete removes the company", async () => {
    const row = await insertCompany();
    const result = await postDelete(row.id, admin);
    expect(result).toMatchObject({ status: 200, body: { ok: true, intent: "delete", message: "Company deleted successfully" } });
    expect(await findCompany(row.id)).toBeUndefined();
  });

  it("deleting a company that is gone says 'Failed to delete company'", async () => {
    const result = await postDelete(crypto.randomUUID(), admin);
    expect(result).toMatchObject({ status: 404, body: { ok: false, message: "Failed to delete company" } });
  });

  it("bad input is a 400 with field messages and what was typed, and saves nothing", async () => {
    const result = await postCreate({ name: "", ticker: "bh p", exchange: "MOON", website: "javascript:alert(1)" }, admin);
    expect(result.status).toBe(400);
    const reply = replyOf(result.body);
    expect(reply.error).toEqual({
      name: ["Name is required"],
      ticker: ['A ticker is letters, digits, "." and "-"'],
      exchange: ["Choose an exchange from the list"],
      website: ["Enter a valid URL starting with http:// or https://"],
    });
    expect(reply.initialValue).toMatchObject({ ticker: "bh p", exchange: "MOON" });
    expect(await allCompanies()).toEqual([]);
  });
});

describe("taken slugs and tickers are field messages, not failures", () => {
  it("create with a slug already used: 400 on the slug, nothing saved", async () => {
    const existing = await insertCompany({ slug: "rio-tinto" });
    const result = await postCreate(VALID, admin);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ slug: ["This slug is already used by another company"] });
    expect(await allCompanies()).toEqual([existing]);
  });

  it("create with a ticker already on that exchange (in any case): 400 on the ticker, nothing saved", async () => {
    const existing = await insertCompany({ ticker: "RIO", exchange: "ASX" });
    const result = await postCreate({ ...VALID, ticker: "Rio" }, admin);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ ticker: ["Another company already has this ticker on this exchange"] });
    expect(await allCompanies()).toEqual([existing]);
  });

  it("the same ticker on another exchange is another company", async () => {
    await insertCompany({ ticker: "RIO", exchange: "LSE" });
    expect((await postCreate(VALID, admin)).status).toBe(302);
    expect(await allCompanies()).toHaveLength(2);
  });

  it("update to another company's slug or ticker: 400, both rows unchanged", async () => {
    const other = await insertCompany({ slug: "bhp", ticker: "BHP", exchange: "ASX" });
    const row = await insertCompany();
    const slugTaken = await postEdit(row.id, { ...VALID, slug: "bhp" }, admin);
    expect(slugTaken.status).toBe(400);
    expect(replyOf(slugTaken.body).error).toEqual({ slug: ["This slug is already used by another company"] });
    const tickerTaken = await postEdit(row.id, { ...VALID, ticker: "bhp" }, admin);
    expect(tickerTaken.status).toBe(400);
    expect(replyOf(tickerTaken.body).error).toEqual({ ticker: ["Another company already has this ticker on this exchange"] });
    expect(await findCompany(row.id)).toEqual(row);
    expect(await findCompany(other.id)).toEqual(other);
  });

  it("saving a company unchanged keeps its own slug and ticker", async () => {
    const row = await insertCompany({ name: "Rio Tinto", slug: "rio-tinto", ticker: "RIO" });
    expect((await postEdit(row.id, VALID, admin)).status).toBe(302);
  });
});

describe('the client flag is an admin\'s to change, and audited (PRODUCT.md "Review")', () => {
  let editor: string;
  beforeAll(async () => {
    editor = (await createSignedInUser({ role: "editor" })).cookie;
  });

  async function auditEntries(itemId: string) {
    const db = await getDb();
    return db
      .select({ action: schema.auditLog.action, detail: schema.auditLog.detail, role: schema.auditLog.actorRole })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.itemId, itemId))
      .orderBy(schema.auditLog.id);
  }

  it("an editor who unticks 'Client' gets a 400 beside the box and nothing changes", async () => {
    const row = await insertCompany({ isClient: true });
    const result = await postEdit(row.id, { ...VALID, slug: "rio" }, editor);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ isClient: [COMPANY_TEXTS.clientAdminOnly] });
    expect(await findCompany(row.id)).toEqual(row);
    expect(await auditEntries(row.id)).toEqual([]);
  });

  it("an editor who ticks 'Client' on a new or existing company is refused the same way", async () => {
    const created = await postCreate({ ...VALID, isClient: "on" }, editor);
    expect(created.status).toBe(400);
    expect(replyOf(created.body).error).toEqual({ isClient: [COMPANY_TEXTS.clientAdminOnly] });
    expect(await allCompanies()).toEqual([]);
    const row = await insertCompany();
    const edited = await postEdit(row.id, { ...VALID, slug: "rio", isClient: "on" }, editor);
    expect(edited.status).toBe(400);
    expect(await findCompany(row.id)).toEqual(row);
  });

  it("an editor's other edits save while the flag stays as it is", async () => {
    const row = await insertCompany({ isClient: true });
    const result = await postEdit(row.id, { ...VALID, slug: "rio", isClient: "on" }, editor);
    expect(result.status).toBe(302);
    expect(await findCompany(row.id)).toMatchObject({ name: "Rio Tinto", isClient: true });
    expect(await auditEntries(row.id)).toEqual([{ action: "company-edit", detail: null, role: "editor" }]);
  });

  it("an admin changes it, and the audit log says so in an entry of its own", async () => {
    const row = await insertCompany({ isClient: true });
    expect((await postEdit(row.id, { ...VALID, slug: "rio" }, admin)).status).toBe(302);
    expect((await findCompany(row.id))?.isClient).toBe(false);
    expect((await postEdit(row.id, { ...VALID, slug: "rio", isClient: "on" }, admin)).status).toBe(302);
    expect(await auditEntries(row.id)).toEqual([
      { action: "company-edit", detail: null, role: "admin" },
      { action: "company-client", detail: "No longer a client", role: "admin" },
      { action: "company-edit", detail: null, role: "admin" },
      { action: "company-client", detail: "Now a client", role: "admin" },
    ]);
  });

  it("the edit screen tells the page who may change it", async () => {
    const row = await insertCompany();
    const load = (cookie: string) => callRoute(editModule.loader, appRequest(`${LIST}/${row.id}`, { cookie }), { params: { id: row.id } });
    expect(((await load(admin)).body as { canSetClient: boolean }).canSetClient).toBe(true);
    expect(((await load(editor)).body as { canSetClient: boolean }).canSetClient).toBe(false);
  });
});

const visitors = [
  ["anonymous", () => undefined, 401],
  ["a plain user", () => reader, 403],
] as const;

describe.each(visitors)("as %s: refused, nothing changed", (_who, cookie, status) => {
  it("create", async () => {
    const result = await postCreate(VALID, cookie());
    expect(result.status).toBe(status);
    expect(await allCompanies()).toEqual([]);
  });

  it("update", async () => {
    const row = await insertCompany();
    const result = await postEdit(row.id, VALID, cookie());
    expect(result.status).toBe(status);
    expect(await findCompany(row.id)).toEqual(row);
  });

  it("delete", async () => {
    const row = await insertCompany();
    const result = await postDelete(row.id, cookie());
    expect(result.status).toBe(status);
    expect(await findCompany(row.id)).toEqual(row);
  });
});

describe("the pages are refused too", () => {
  const pages = [
    ["list", () => callRoute(listModule.loader, appRequest(LIST, { cookie: reader }))],
    ["create", () => callRoute(newModule.loader, appRequest(`${LIST}/new`, { cookie: reader }))],
    ["edit", () => callRoute(editModule.loader, appRequest(`${LIST}/x`, { cookie: reader }), { params: { id: "x" } })],
  ] as const;

  it.each(pages)("%s: a plain user goes home with 'Access Denied'", async (_page, load) => {
    const result = await load();
    expect(result.location).toBe("/");
    expect(await toastOf(result.headers)).toMatchObject({ title: "Access Denied" });
  });

  it("an anonymous visitor is sent to sign in", async () => {
    const result = await callRoute(listModule.loader, appRequest(LIST));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/auth\b/);
  });
});

describe("the list", () => {
  it("searches the name or the ticker, ignoring case, with % and _ as plain characters", async () => {
    await insertCompany({ name: "Rio Tinto", ticker: "RIO" });
    await insertCompany({ name: "BHP Group", ticker: "BHP" });
    await insertCompany({ name: "Fortescue", ticker: "FMG" });
    await insertCompany({ name: "100% Gold", ticker: "GLD" });
    const names = async (q: string) => {
      const { body } = await getList(`?q=${encodeURIComponent(q)}`);
      return { names: (body as { items: { name: string }[] }).items.map((item) => item.name), total: (body as { total: number }).total };
    };
    expect(await names("tinto")).toEqual({ names: ["Rio Tinto"], total: 1 });
    expect(await names("fmg")).toEqual({ names: ["Fortescue"], total: 1 });
    expect(await names("%")).toEqual({ names: ["100% Gold"], total: 1 });
    expect(await names("_")).toEqual({ names: [], total: 0 });
    expect(await names("\u0000bhp")).toEqual({ names: ["BHP Group"], total: 1 });
  });

  it("shows 25 a page, A–Z by name, with the exact total", async () => {
    const db = await getDb();
    await db.insert(schema.companies).values(
      Array.from({ length: 27 }, (_, i) => {
        const n = String(i).padStart(2, "0");
        return { name: `Company ${n}`, slug: `company-${n}`, ticker: `C${n}`, exchange: "ASX" };
      }),
    );
    const first = (await getList("")).body as { items: { name: string }[]; total: number; totalPages: number; page: number };
    expect(first).toMatchObject({ total: 27, totalPages: 2, page: 1 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe("Company 00");
    const second = (await getList("?page=2")).body as { items: { name: string }[]; page: number };
    expect(second.page).toBe(2);
    expect(second.items.map((item) => item.name)).toEqual(["Company 25", "Company 26"]);
  });
});
