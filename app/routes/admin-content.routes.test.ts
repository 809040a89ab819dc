/**
 * The admin content routes called as the router would: every action posted as an anonymous visitor,
 * a plain user and an admin (only the admin changes anything), invalid input on every form, and the
 * redirects and messages of PRODUCT.md "Messages".
 */
import type { SubmissionResult } from "@conform-to/react";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { COMPANY_TEXTS } from "~/lib/companies";
import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { contentTypeOfRequest, type EditorActionData, type ListActionResult } from "~/server/content/admin-content-handlers.server";
import { CONTENT_TABLES } from "~/server/content/content-tables.server";
import { getDb, schema } from "~/server/db/db.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { approveItem } from "../../tests/support/content";
import { EMPTY_SHARED_VALUES } from "../../tests/support/editor";
import { insertCompanies } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";
import { toastOf } from "../../tests/support/toast";
import * as searchModule from "./admin.companies.search";
import * as listModule from "./admin.content";
import * as editModule from "./admin.content.$id";
import * as newModule from "./admin.content.new";

/** The three modules that serve every type; the type comes from the path, /admin/{slug}/… */
const ROUTES = { list: listModule, create: newModule, edit: editModule };
type RouteKind = keyof typeof ROUTES;

type Form = Record<string, string | string[]>;
/** A content row as the tests read it back. */
type Row = Record<string, unknown> & { id: string };

const listPathOf = (type: ContentType) => CONTENT_REGISTRY[type].adminPath;

/** A valid form for each type, touching every type-specific field. */
const VALID: Record<ContentType, Form> = {
  video: {
    title: "New video",
    status: "draft",
    videoUrl: "https://v.example.com/watch?v=1",
    thumbnailUrl: "https://i.example.com/t.jpg",
    duration: "120",
    featured: "false",
    tags: ["markets"],
  },
  podcast: { title: "New podcast", status: "draft", audioUrl: "https://a.example.com/posts/123", duration: "900", featured: "false" },
  blog: {
    title: "New post",
    status: "draft",
    authorName: "Ann",
    authorRole: "Editor",
    readTime: "5",
    featuredImageUrl: "https://i.example.com/a.jpg",
  },
  interview: { title: "New interview", status: "draft", intervieweeName: "Bo", intervieweeTitle: "CEO", duration: "60" },
  special_feature: { title: "New feature", status: "draft", featureType: "deep_dive", readTime: "8" },
};

/** Invalid input for each form: the editor's rules, several at once, and what must come back. */
const INVALID: Record<ContentType, { form: Record<string, string>; errors: string[] }> = {
  video: { form: { title: "", duration: "-1", videoUrl: "javascript:alert(1)" }, errors: ["title", "duration", "videoUrl"] },
  podcast: { form: { title: "x".repeat(10_000), duration: "1.5", audioUrl: "not a url" }, errors: ["title", "duration", "audioUrl"] },
  blog: {
    form: { title: "", readTime: "0", featuredImageUrl: "ftp://example.com/a.jpg" },
    errors: ["title", "readTime", "featuredImageUrl"],
  },
  interview: {
    form: { title: "x".repeat(10_000), duration: "-5", thumbnailUrl: "nope" },
    errors: ["title", "duration", "thumbnailUrl"],
  },
  special_feature: {
    form: { title: "", readTime: "0", featureType: "gossip", videoUrl: "data:text/html,x" },
    errors: ["title", "readTime", "featureType", "videoUrl"],
  },
};

let admin: string;
let reader: string;

beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin" })).cookie;
  reader = (await createSignedInUser({ role: "reader" })).cookie;
});

// A thrown Response or data() counts as the answer (the guards throw theirs).
function post<K extends RouteKind>(kind: K, path: string, form: Form, cookie?: string, params: Record<string, string> = {}) {
  const action: (typeof ROUTES)[K]["action"] = ROUTES[kind].action;
  return callRoute(action, appRequest(path, { method: "POST", cookie, form }), { params });
}

function get<K extends RouteKind>(kind: K, path: string, cookie?: string, params: Record<string, string> = {}) {
  const loader: (typeof ROUTES)[K]["loader"] = ROUTES[kind].loader;
  return callRoute(loader, appRequest(path, { cookie }), { params });
}

/** The editor action's answer to a rejected or failed save: Conform's reply. */
function replyOf(body: unknown): SubmissionResult<string[]> {
  expect(body).toEqual({ result: expect.any(Object), companies: expect.any(Array) });
  return (body as EditorActionData).result;
}

/** A list action's answer. */
function listResultOf(body: unknown): ListActionResult {
  expect(body).toMatchObject({ ok: expect.any(Boolean), intent: expect.any(String), message: expect.any(String) });
  return body as ListActionResult;
}

/** What Conform's reply gives back as typed: empty fields left out, one value of a repeated name as text. */
function asTyped(form: Form): Form {
  const typed: Form = {};
  for (const [name, value] of Object.entries(form)) {
    if (value === "" || (Array.isArray(value) && value.length === 0)) continue;
    typed[name] = Array.isArray(value) && value.length === 1 ? value[0]! : value;
  }
  return typed;
}

async function insertRow(type: ContentType, values: Record<string, unknown> = {}): Promise<Row> {
  const db = await getDb();
  const table = CONTENT_TABLES[type] as typeof schema.videos;
  const [row] = await db
    .insert(table)
    .values({ title: "Original", ...values } as never)
    .returning();
  return row as Row;
}

async function findRow(type: ContentType, id: string): Promise<Row | undefined> {
  const db = await getDb();
  const table = CONTENT_TABLES[type] as typeof schema.videos;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as Row | undefined;
}

async function countRows(type: ContentType) {
  const db = await getDb();
  const { rows } = await db.execute(sql.raw(`select count(*)::int as n from ${CONTENT_REGISTRY[type].tableName}`));
  return (rows[0] as { n: number }).n;
}

const visitors = [
  ["anonymous", () => undefined, 401],
  ["a plain user", () => reader, 403],
] as const;

describe.each(CONTENT_TYPE_LIST)("$adminPath: only an admin changes anything", ({ key: type, adminPath: listPath }) => {
  it.each(visitors)("create as %s is refused and writes nothing", async (_who, cookie, status) => {
    const before = await countRows(type);
    const result = await post("create", `${listPath}/new`, VALID[type], cookie());
    expect(result.status).toBe(status);
    expect(await countRows(type)).toBe(before);
  });

  it("create as admin inserts the row and returns to the list", async () => {
    const before = await countRows(type);
    const result = await post("create", `${listPath}/new`, VALID[type], admin);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(listPath);
    expect(await countRows(type)).toBe(before + 1);
  });

  it.each(visitors)("update as %s is refused and leaves the row unchanged", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post("edit", `${listPath}/${row.id}`, { ...VALID[type], title: "Changed" }, cookie(), { id: row.id });
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("update as admin changes the row", async () => {
    const row = await insertRow(type);
    const result = await post("edit", `${listPath}/${row.id}`, { ...VALID[type], title: "Changed", status: "published" }, admin, {
      id: row.id,
    });
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ type: "success", title: "Success" });
    expect(await findRow(type, row.id)).toMatchObject({ title: "Changed", status: "published" });
  });

  it.each(visitors)("delete as %s is refused and the row stays", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post("list", listPath, { intent: "delete", id: row.id }, cookie());
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("delete as admin removes the row", async () => {
    const row = await insertRow(type);
    const result = await post("list", listPath, { intent: "delete", id: row.id }, admin);
    expect(result).toMatchObject({ status: 200, body: { ok: true, intent: "delete" } });
    expect(await findRow(type, row.id)).toBeUndefined();
  });

  it.each(visitors)("reading the list as %s is turned away", async (who, cookie) => {
    const result = await get("list", listPath, cookie());
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(listPath)}` : "/");
  });

  it.each(visitors)("opening the editor as %s is turned away", async (_who, cookie) => {
    const row = await insertRow(type);
    expect((await get("edit", `${listPath}/${row.id}`, cookie(), { id: row.id })).status).toBe(302);
    expect((await get("create", `${listPath}/new`, cookie())).status).toBe(302);
  });
});

describe.each(["video", "podcast"] as const)("the %s list's featured toggle", (type) => {
  const listPath = listPathOf(type);
  const name = type === "video" ? "Video" : "Podcast";

  it.each(visitors)("as %s is refused and the flag stays off", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post("list", listPath, { intent: "feature", id: row.id, featured: "true" }, cookie());
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("as admin sets and clears featured and featured_at, with the admin list messages", async () => {
    const row = await insertRow(type);
    const on = await post("list", listPath, { intent: "feature", id: row.id, featured: "true" }, admin);
    expect(on).toMatchObject({ status: 200, body: { ok: true, featured: true, message: `${name} featured` } });
    expect(await findRow(type, row.id)).toMatchObject({ featured: true, featuredAt: expect.any(Date) });
    const off = await post("list", listPath, { intent: "feature", id: row.id, featured: "false" }, admin);
    expect(off).toMatchObject({ status: 200, body: { ok: true, featured: false, message: `${name} unfeatured` } });
    expect(await findRow(type, row.id)).toMatchObject({ featured: false, featuredAt: null });
  });

  it("a missing item or a bad value fails with 'Failed to update featured status'", async () => {
    const missing = await post(
      "list",
      listPath,
      { intent: "feature", id: "00000000-0000-0000-0000-000000000000", featured: "true" },
      admin,
    );
    expect(missing).toMatchObject({ status: 404, body: { ok: false, message: "Failed to update featured status" } });
    const row = await insertRow(type);
    const bad = await post("list", listPath, { intent: "feature", id: row.id, featured: "yes" }, admin);
    expect(bad.status).toBe(400);
    expect((await findRow(type, row.id))!.featured).toBe(false);
  });
});

describe("featuring is only for videos and podcasts", () => {
  it.each(["blog", "interview", "special_feature"] as const)("%s: intent=feature is a 400", async (type) => {
    const row = await insertRow(type);
    const result = await post("list", listPathOf(type), { intent: "feature", id: row.id, featured: "true" }, admin);
    expect(result.status).toBe(400);
  });
});

describe.each(CONTENT_TYPE_LIST)("$adminPath forms reject invalid input (the editor's rules)", ({ key: type, adminPath: listPath }) => {
  const { form, errors } = INVALID[type];

  it("create: 400 with field messages, what was typed, nothing written", async () => {
    const before = await countRows(type);
    const submitted = { ...VALID[type], ...form, description: "Keep me", tags: ["kept"] };
    const result = await post("create", `${listPath}/new`, submitted, admin);
    expect(result.status).toBe(400);
    const reply = replyOf(result.body);
    expect(reply.status).toBe("error");
    expect(Object.keys(reply.error ?? {}).sort()).toEqual([...errors].sort());
    for (const field of errors) expect(reply.error?.[field]?.[0]).toEqual(expect.any(String));
    // The values as typed: the invalid ones included, the tag as the one value it was.
    expect(reply.initialValue).toEqual(asTyped(submitted));
    expect(reply.initialValue).toMatchObject({ ...asTyped(form), description: "Keep me", tags: "kept" });
    expect(await countRows(type)).toBe(before);
  });

  it("edit: 400 with field messages and the row unchanged", async () => {
    const row = await insertRow(type);
    const result = await post("edit", `${listPath}/${row.id}`, { ...VALID[type], ...form }, admin, { id: row.id });
    expect(result.status).toBe(400);
    expect(Object.keys(replyOf(result.body).error ?? {}).sort()).toEqual([...errors].sort());
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("create refuses the archived status (create offers draft and published)", async () => {
    const result = await post("create", `${listPath}/new`, { ...VALID[type], status: "archived" }, admin);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error?.status).toEqual(["Choose a valid status"]);
  });
});

describe("create and edit (the admin editor messages)", () => {
  it.each([
    ["video", "published", "Video published successfully"],
    ["video", "draft", "Video saved as draft successfully"],
    ["blog", "published", "Blog post published successfully"],
    ["special_feature", "draft", "Special feature saved as draft successfully"],
  ] as const)("create %s as %s toasts '%s'", async (type, status, message) => {
    const result = await post("create", `${listPathOf(type)}/new`, { ...VALID[type], status }, admin);
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toEqual({ type: "success", title: "Success", description: message });
  });

  it("create stores numbers as integers, empty as null, and the form's tags", async () => {
    const video = await post(
      "create",
      "/admin/videos/new",
      { title: "Numbers", status: "published", duration: "", tags: [" a ", "a", "b"] },
      admin,
    );
    const blog = await post("create", "/admin/blogs/new", { title: "Numbers", status: "draft", readTime: "12" }, admin);
    expect([video.status, blog.status]).toEqual([302, 302]);
    const db = await getDb();
    const [videoRow] = await db.select().from(schema.videos).where(eq(schema.videos.title, "Numbers"));
    const [blogRow] = await db.select().from(schema.blogs).where(eq(schema.blogs.title, "Numbers"));
    expect([videoRow?.duration, videoRow?.tags, videoRow?.status, videoRow?.publishedAt instanceof Date]).toEqual([
      null,
      ["a", "b"],
      "published",
      true,
    ]);
    expect(blogRow?.readTime).toBe(12);
  });

  it("update toasts '{Type} updated successfully'", async () => {
    const row = await insertRow("interview");
    const result = await post("edit", `/admin/interviews/${row.id}`, VALID.interview, admin, { id: row.id });
    expect(await toastOf(result.headers)).toEqual({ type: "success", title: "Success", description: "Interview updated successfully" });
  });

  it("the edit loader gives the row as form values (numbers as text)", async () => {
    const row = await insertRow("podcast", { duration: 61, tags: ["x"], featured: true });
    const result = await get("edit", `/admin/podcasts/${row.id}`, admin, { id: row.id });
    expect(result.body).toMatchObject({
      type: "podcast",
      mode: "edit",
      id: row.id,
      values: { title: "Original", description: "", duration: "61", audioUrl: "", tags: ["x"], featured: true, status: "draft" },
    });
  });

  it.each(CONTENT_TYPE_LIST)("the $adminPath/new loader gives the type and its empty form", async ({ key, adminPath, fields }) => {
    const result = await get("create", `${adminPath}/new`, admin);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      type: key,
      mode: "create",
      id: null,
      values: { ...EMPTY_SHARED_VALUES, ...Object.fromEntries(fields.map((field) => [field, ""])) },
      companies: [],
      // PRODUCT.md "Roles": an admin may publish, so the editor offers the status and time.
      mayPublish: true,
    });
  });

  it("a contributor's editor is told it may not publish (it shows 'Draft' and no status, time or feature controls)", async () => {
    const contributor = (await createSignedInUser({ role: "contributor" })).cookie;
    const result = await get("create", "/admin/blogs/new", contributor);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ type: "blog", mode: "create", mayPublish: false });
  });

  it.each([
    ["video", "00000000-0000-0000-0000-000000000000", "Video not found"],
    ["blog", "not-a-uuid", "Blog post not found"],
    ["special_feature", "00000000-0000-0000-0000-000000000000", "Special feature not found"],
  ] as const)("editing a missing %s (%s) returns to the list with '%s'", async (type, id, message) => {
    const listPath = listPathOf(type);
    const loaded = await get("edit", `${listPath}/${id}`, admin, { id });
    expect(loaded.status).toBe(302);
    expect(loaded.headers.get("Location")).toBe(listPath);
    expect(await toastOf(loaded.headers)).toMatchObject({ type: "error", description: message });
    const saved = await post("edit", `${listPath}/${id}`, VALID[type], admin, { id });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.headers)).toMatchObject({ type: "error", description: message });
  });

  it("deleting a missing item answers 'Failed to delete …'", async () => {
    const result = await post("list", "/admin/interviews", { intent: "delete", id: "00000000-0000-0000-0000-000000000000" }, admin);
    expect(result).toMatchObject({ status: 404, body: { ok: false, message: "Failed to delete interview" } });
  });

  it("an unknown intent is a 400", async () => {
    const result = await post("list", "/admin/videos", { intent: "explode" }, admin);
    expect(result.status).toBe(400);
    expect(listResultOf(result.body)).toEqual({ ok: false, intent: "explode", id: "", message: "Unknown action" });
  });
});

describe("the type comes from the path: /admin/{slug}/…", () => {
  /** contentTypeOfRequest's answer for a path: the type, or the status it throws. */
  async function typeOf(path: string) {
    const answer = await callRoute(({ request }: { request: Request }) => contentTypeOfRequest(request), path);
    return answer.status === 200 ? answer.body : answer.status;
  }

  it.each([
    ["/admin/videos", "video"],
    ["/admin/podcasts/new", "podcast"],
    ["/admin/blogs/00000000-0000-0000-0000-000000000000", "blog"],
    ["/admin/interviews?q=x", "interview"],
    ["/admin/special-features/new", "special_feature"],
  ])("%s is a %s route", async (path, type) => {
    expect(await typeOf(path)).toBe(type);
  });

  it.each(["/admin/nope", "/admin/video", "/admin/special_features", "/admin/subscribers", "/admin", "/admin/", "/videos", "/"])(
    "%s answers 404",
    async (path) => {
      const answer = await callRoute(({ request }: { request: Request }) => contentTypeOfRequest(request), path, { throws: true });
      expect([answer.status, answer.body]).toEqual([404, "Not Found"]);
    },
  );

  it.each([
    ["list", "/admin/nope"],
    ["create", "/admin/nope/new"],
    ["edit", "/admin/nope/00000000-0000-0000-0000-000000000000"],
  ] as const)("the %s module answers an admin's %s with 404 and writes nothing", async (kind, path) => {
    const loaded = await get(kind, path, admin, { id: "00000000-0000-0000-0000-000000000000" });
    expect([loaded.status, loaded.body]).toEqual([404, "Not Found"]);
    const counts = await Promise.all(CONTENT_TYPE_LIST.map((info) => countRows(info.key)));
    const posted = await post(kind, path, { ...VALID.video, intent: "delete", id: "00000000-0000-0000-0000-000000000000" }, admin, {
      id: "00000000-0000-0000-0000-000000000000",
    });
    expect([posted.status, posted.body]).toEqual([404, "Not Found"]);
    expect(await Promise.all(CONTENT_TYPE_LIST.map((info) => countRows(info.key)))).toEqual(counts);
  });

  it("an unknown slug still asks an anonymous visitor to sign in first", async () => {
    expect((await post("create", "/admin/nope/new", VALID.video)).status).toBe(401);
  });
});

describe("lists through the loader", () => {
  it("search and page come from the URL", async () => {
    await insertRow("blog", { title: "Loader search target", authorName: "Zed Q" });
    const result = await get("list", "/admin/blogs?q=zed%20q&page=abc", admin);
    expect(result.body).toMatchObject({ type: "blog", q: "zed q", page: 1, total: 1, error: null });
    expect(result.body.items[0]?.title).toBe("Loader search target");
  });

  it("a control character in the search (NUL, which PostgreSQL text cannot hold) is a space, not a failed load", async () => {
    await insertRow("video", { title: "Control search target" });
    const result = await get("list", "/admin/videos?q=control%00search", admin);
    expect(result.body).toMatchObject({ type: "video", q: "control search", total: 1, error: null });
  });
});

describe("database failures keep what was typed", () => {
  async function withTableMissing(type: ContentType, run: () => Promise<void>) {
    const db = await getDb();
    const table = CONTENT_REGISTRY[type].tableName;
    // Logged on purpose: the failure is what is tested.
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    await db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
    try {
      await run();
    } finally {
      await db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
    }
    expect(logged).toHaveBeenCalled();
  }

  it("create: 503, 'Failed to create video' and the values", async () => {
    await withTableMissing("video", async () => {
      const submitted = { ...VALID.video, title: "Typed title" };
      const result = await post("create", "/admin/videos/new", submitted, admin);
      expect(result.status).toBe(503);
      const reply = replyOf(result.body);
      // The failure is the form's message (key ""), and no field has one.
      expect(reply.error).toEqual({ "": ["Failed to create video"] });
      expect(reply.initialValue).toMatchObject({ title: "Typed title" });
      expect(reply.initialValue).toEqual(asTyped(submitted));
    });
  });

  it("update: 503 and 'Failed to update blog post'", async () => {
    const row = await insertRow("blog");
    await withTableMissing("blog", async () => {
      const result = await post("edit", `/admin/blogs/${row.id}`, VALID.blog, admin, { id: row.id });
      expect(result.status).toBe(503);
      expect(replyOf(result.body).error?.[""]).toEqual(["Failed to update blog post"]);
    });
  });

  it("edit load: back to the list with 'Failed to load podcast'", async () => {
    const row = await insertRow("podcast");
    await withTableMissing("podcast", async () => {
      const result = await get("edit", `/admin/podcasts/${row.id}`, admin, { id: row.id });
      expect(result.status).toBe(302);
      expect(await toastOf(result.headers)).toMatchObject({ title: "Error", description: "Failed to load podcast" });
    });
  });

  it("list: 503 and 'Failed to fetch special features'; delete: 'Failed to delete special feature'", async () => {
    await withTableMissing("special_feature", async () => {
      const list = await get("list", "/admin/special-features", admin);
      expect(list.status).toBe(503);
      expect(list.body).toMatchObject({ type: "special_feature", items: [], error: "Failed to fetch special features" });
      const del = await post("list", "/admin/special-features", { intent: "delete", id: "00000000-0000-0000-0000-000000000000" }, admin);
      expect(del).toMatchObject({ status: 503, body: { ok: false, message: "Failed to delete special feature" } });
    });
  });
});

/** A company of its own for one test: its name, and a ticker no other test uses. */
async function insertCompany(name: string, ticker = `T${crypto.randomUUID().slice(0, 8).toUpperCase()}`) {
  const db = await getDb();
  const [row] = await db
    .insert(schema.companies)
    .values({ name, slug: `${ticker.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}`, ticker, exchange: "ASX" })
    .returning();
  return row;
}

/** The names of the companies an item names, A–Z. */
async function companyNamesOf(type: ContentType, id: string) {
  const db = await getDb();
  const rows = await db
    .select({ name: schema.companies.name })
    .from(schema.contentCompanies)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.contentCompanies.companyId))
    .where(and(eq(schema.contentCompanies.contentType, type), eq(schema.contentCompanies.contentId, id)));
  return rows.map((row) => row.name).sort();
}

async function findByTitle(type: ContentType, title: string): Promise<Row | undefined> {
  const db = await getDb();
  const table = CONTENT_TABLES[type] as typeof schema.videos;
  const [row] = await db.select().from(table).where(eq(table.title, title));
  return row as Row | undefined;
}

const GONE = "00000000-0000-4000-8000-00000000dead";

describe('the editor names companies (PRODUCT.md "Companies")', () => {
  it("create saves the chosen companies with the item", async () => {
    const [a, b] = [await insertCompany("Tagging Alpha"), await insertCompany("Tagging Beta")];
    const title = `Tagged ${crypto.randomUUID()}`;
    const result = await post("create", "/admin/interviews/new", { ...VALID.interview, title, companyIds: [b.id, a.id, b.id] }, admin);
    expect(result.status).toBe(302);
    const row = await findByTitle("interview", title);
    expect(await companyNamesOf("interview", row!.id)).toEqual(["Tagging Alpha", "Tagging Beta"]);
  });

  it("the edit loader gives the item's companies by name and their ids among the values", async () => {
    const [a, b] = [await insertCompany("Loaded Beta"), await insertCompany("Loaded Alpha")];
    const row = await insertRow("blog");
    await post("edit", `/admin/blogs/${row.id}`, { ...VALID.blog, companyIds: [a.id, b.id] }, admin, { id: row.id });
    const loaded = await get("edit", `/admin/blogs/${row.id}`, admin, { id: row.id });
    expect(loaded.body).toMatchObject({
      companies: [
        { id: b.id, name: "Loaded Alpha", slug: b.slug, ticker: b.ticker, exchange: "ASX", isClient: false },
        { id: a.id, name: "Loaded Beta" },
      ],
      values: { companyIds: [b.id, a.id] },
    });
  });

  it("edit replaces the set: tag, retag, untag to none", async () => {
    const [a, b, c] = [await insertCompany("Set Alpha"), await insertCompany("Set Beta"), await insertCompany("Set Gamma")];
    const row = await insertRow("video");
    const save = (form: Form) => post("edit", `/admin/videos/${row.id}`, { ...VALID.video, ...form }, admin, { id: row.id });
    expect((await save({ companyIds: [a.id, b.id] })).status).toBe(302);
    expect(await companyNamesOf("video", row.id)).toEqual(["Set Alpha", "Set Beta"]);
    expect((await save({ companyIds: c.id })).status).toBe(302);
    expect(await companyNamesOf("video", row.id)).toEqual(["Set Gamma"]);
    // The form without any companyIds field: the picker with no chip.
    expect((await save({})).status).toBe(302);
    expect(await companyNamesOf("video", row.id)).toEqual([]);
  });

  it("create naming a company that no longer exists: 400 beside the picker, no row and no tags, the others shown by name", async () => {
    const kept = await insertCompany("Still Here");
    const title = `Refused ${crypto.randomUUID()}`;
    const before = await countRows("podcast");
    const result = await post("create", "/admin/podcasts/new", { ...VALID.podcast, title, companyIds: [kept.id, GONE] }, admin);
    expect(result.status).toBe(400);
    const reply = replyOf(result.body);
    expect(reply.error).toEqual({ companyIds: [COMPANY_TEXTS.unknownCompanies] });
    expect(reply.initialValue).toMatchObject({ title, companyIds: [kept.id, GONE] });
    expect((result.body as EditorActionData).companies).toEqual([expect.objectContaining({ id: kept.id, name: "Still Here" })]);
    expect(await countRows("podcast")).toBe(before);
    const db = await getDb();
    expect(await db.select().from(schema.contentCompanies).where(eq(schema.contentCompanies.companyId, kept.id))).toEqual([]);
  });

  it("edit naming a company that no longer exists: 400 and neither the row nor its companies change", async () => {
    const kept = await insertCompany("Kept Company");
    const row = await insertRow("special_feature");
    await post("edit", `/admin/special-features/${row.id}`, { ...VALID.special_feature, companyIds: kept.id }, admin, { id: row.id });
    const saved = await findRow("special_feature", row.id);
    const result = await post(
      "edit",
      `/admin/special-features/${row.id}`,
      { ...VALID.special_feature, title: "Changed", companyIds: [GONE] },
      admin,
      { id: row.id },
    );
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ companyIds: [COMPANY_TEXTS.unknownCompanies] });
    expect(await findRow("special_feature", row.id)).toEqual(saved);
    expect(await companyNamesOf("special_feature", row.id)).toEqual(["Kept Company"]);
  });

  it("a field refused by the schema keeps the chosen companies by name for the picker", async () => {
    const kept = await insertCompany("Shown Again");
    const result = await post("create", "/admin/videos/new", { ...VALID.video, title: "", companyIds: kept.id }, admin);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ title: ["Title is required"] });
    expect((result.body as EditorActionData).companies).toMatchObject([{ id: kept.id, name: "Shown Again" }]);
  });

  it("an id that is not a company's id is refused with 'Choose companies from the list'", async () => {
    const result = await post("create", "/admin/blogs/new", { ...VALID.blog, companyIds: "Ironbark Gold" }, admin);
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ companyIds: ["Choose companies from the list"] });
  });
});

describe('paid promotion (PRODUCT.md "Paid promotion")', () => {
  // The form's fields: another party paid A$5,000 in cash.
  const DISCLOSURE = {
    paidBy: "other",
    disclosureSponsor: "Halcyon Investor Relations",
    considerationForm: "cash",
    considerationAmount: "5,000",
    considerationCurrency: "AUD",
    agreementDate: "2026-09-01",
  };
  const STORED = {
    sponsorCompanyId: null,
    disclosureSponsor: "Halcyon Investor Relations",
    considerationForm: "cash",
    considerationAmount: "5000.00",
    considerationCurrency: "AUD",
    considerationUnits: null,
    agreementDate: "2026-09-01",
    disclosureNote: null,
  };

  it("paid and published without the disclosure: 400 with a message on each field, nothing saved", async () => {
    const title = `Paid ${crypto.randomUUID()}`;
    const before = await countRows("interview");
    const result = await post(
      "create",
      "/admin/interviews/new",
      { ...VALID.interview, title, status: "published", paidPromotion: "on" },
      admin,
    );
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({
      paidBy: ["Choose who paid for this promotion"],
      considerationForm: ["Choose what was paid"],
      agreementDate: ["Enter the date of the agreement"],
    });
    expect(await countRows("interview")).toBe(before);
  });

  it("an edit to published without one field: 400 and the row unchanged", async () => {
    const row = await insertRow("video");
    const result = await post(
      "edit",
      `/admin/videos/${row.id}`,
      { ...VALID.video, status: "published", paidPromotion: "on", ...DISCLOSURE, considerationAmount: "" },
      admin,
      { id: row.id },
    );
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ considerationAmount: ["Enter the amount paid"] });
    expect(await findRow("video", row.id)).toEqual(row);
  });

  it("paid and published (once approved) with the disclosure is saved; unticking it clears the disclosure", async () => {
    const row = await insertRow("interview");
    const save = (form: Form) => post("edit", `/admin/interviews/${row.id}`, { ...VALID.interview, ...form }, admin, { id: row.id });
    // PRODUCT.md "Review": a paid piece is published with the text compliance approved.
    expect((await save({ status: "draft", paidPromotion: "on", ...DISCLOSURE })).status).toBe(302);
    await approveItem("interview", row.id);
    expect((await save({ status: "published", paidPromotion: "on", ...DISCLOSURE })).status).toBe(302);
    expect(await findRow("interview", row.id)).toMatchObject({ status: "published", paidPromotion: true, ...STORED });
    expect((await save({ status: "draft", ...DISCLOSURE })).status).toBe(302);
    expect(await findRow("interview", row.id)).toMatchObject({
      paidPromotion: false,
      ...Object.fromEntries(Object.keys(STORED).map((column) => [column, null])),
    });
  });

  it("a paid draft may be saved without the disclosure", async () => {
    const title = `Paid draft ${crypto.randomUUID()}`;
    const result = await post("create", "/admin/blogs/new", { ...VALID.blog, title, paidPromotion: "on" }, admin);
    expect(result.status).toBe(302);
    expect(await findByTitle("blog", title)).toMatchObject({ status: "draft", paidPromotion: true, disclosureSponsor: null });
  });

  it("a NUL byte in the disclosure is a 400 before anything is read", async () => {
    const before = await countRows("video");
    const result = await post(
      "create",
      "/admin/videos/new",
      { ...VALID.video, paidPromotion: "on", paidBy: "other", disclosureSponsor: "Iron\u0000bark" },
      admin,
    );
    expect(result.status).toBe(400);
    expect(await countRows("video")).toBe(before);
  });

  it("a paying company the piece does not name: 400 beside 'Paid for by', nothing saved", async () => {
    const title = `Paid by a stranger ${crypto.randomUUID()}`;
    const [company] = await insertCompanies([
      { name: `Stranger ${title}`, slug: `stranger-${crypto.randomUUID()}`, ticker: `S${crypto.randomUUID().slice(0, 6).toUpperCase()}` },
    ]);
    const result = await post(
      "create",
      "/admin/blogs/new",
      { ...VALID.blog, title, paidPromotion: "on", ...DISCLOSURE, paidBy: company!.id },
      admin,
    );
    expect(result.status).toBe(400);
    expect(replyOf(result.body).error).toEqual({ paidBy: ["Choose a company this piece names, or another party"] });
    expect(await findByTitle("blog", title)).toBeUndefined();
  });
});

describe("GET /admin/companies/search (the picker)", () => {
  const search = (q: string, cookie?: string) => callRoute(searchModule.loader, appRequest(`/admin/companies/search?q=${q}`, { cookie }));

  it("as admin: the exact ticker first, then A–Z, never cached", async () => {
    const run = crypto.randomUUID().slice(0, 6).toUpperCase();
    await insertCompany(`Zeta ${run}`, `Q${run}`);
    await insertCompany(`Alpha ${run} Holdings`, `Q${run}X`);
    await insertCompany(`Beta ${run}`, `B${run}`);
    const result = await search(encodeURIComponent(`q${run.toLowerCase()}`), admin);
    expect(result.status).toBe(200);
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    const { companies } = result.body as { companies: { name: string; ticker: string }[] };
    expect(companies.map((company) => company.name)).toEqual([`Zeta ${run}`, `Alpha ${run} Holdings`]);
    expect(companies[0]).toEqual(
      expect.objectContaining({ ticker: `Q${run}`, exchange: "ASX", slug: expect.any(String), isClient: false }),
    );
  });

  it("an empty query finds none, and a control character is a space, not a failure", async () => {
    expect((await search("", admin)).body).toEqual({ companies: [] });
    const run = crypto.randomUUID().slice(0, 6).toUpperCase();
    await insertCompany(`Control ${run} Mining`);
    const result = await search(`control%00${run}`, admin);
    expect(result.status).toBe(200);
    expect((result.body as { companies: { name: string }[] }).companies.map((c) => c.name)).toEqual([`Control ${run} Mining`]);
  });

  it.each(visitors)("as %s is turned away", async (who, cookie) => {
    const result = await search("a", cookie());
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(
      who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent("/admin/companies/search?q=a")}` : "/",
    );
    expect(result.body).not.toMatchObject({ companies: expect.anything() });
  });
});
