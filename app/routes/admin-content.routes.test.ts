/**
 * The admin content routes called as the router would: every action posted as an anonymous visitor,
 * a plain user and an admin (only the admin changes anything), invalid input on every form, and the
 * redirects and messages of PRODUCT.md "Messages".
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { ADMIN_CONTENT_TYPES, type AdminContentType } from "~/lib/admin-content";
import { getDb, schema } from "~/server/db.server";
import { getToast } from "~/server/toast.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import * as blogsList from "./admin.blogs";
import * as blogsEdit from "./admin.blogs.$id";
import * as blogsNew from "./admin.blogs.new";
import * as interviewsList from "./admin.interviews";
import * as interviewsEdit from "./admin.interviews.$id";
import * as interviewsNew from "./admin.interviews.new";
import * as podcastsList from "./admin.podcasts";
import * as podcastsEdit from "./admin.podcasts.$id";
import * as podcastsNew from "./admin.podcasts.new";
import * as featuresList from "./admin.special-features";
import * as featuresEdit from "./admin.special-features.$id";
import * as featuresNew from "./admin.special-features.new";
import * as videosList from "./admin.videos";
import * as videosEdit from "./admin.videos.$id";
import * as videosNew from "./admin.videos.new";

type RouteModule = { loader: (args: any) => Promise<any>; action: (args: any) => Promise<any> };

const ROUTES: Record<AdminContentType, { list: RouteModule; create: RouteModule; edit: RouteModule }> = {
  videos: { list: videosList, create: videosNew, edit: videosEdit },
  podcasts: { list: podcastsList, create: podcastsNew, edit: podcastsEdit },
  blogs: { list: blogsList, create: blogsNew, edit: blogsEdit },
  interviews: { list: interviewsList, create: interviewsNew, edit: interviewsEdit },
  "special-features": { list: featuresList, create: featuresNew, edit: featuresEdit },
};

const TABLES = {
  videos: schema.videos,
  podcasts: schema.podcasts,
  blogs: schema.blogs,
  interviews: schema.interviews,
  "special-features": schema.specialFeatures,
} as const;

const SQL_TABLE: Record<AdminContentType, string> = {
  videos: "videos",
  podcasts: "podcasts",
  blogs: "blogs",
  interviews: "interviews",
  "special-features": "special_features",
};

/** A valid form for each type, touching every type-specific field. */
const VALID: Record<AdminContentType, Record<string, string | string[]>> = {
  videos: {
    title: "New video",
    status: "draft",
    video_url: "https://v.example.com/watch?v=1",
    thumbnail_url: "https://i.example.com/t.jpg",
    duration: "120",
    featured: "false",
    tags: ["markets"],
  },
  podcasts: { title: "New podcast", status: "draft", audio_url: "https://a.example.com/posts/123", duration: "900", featured: "false" },
  blogs: {
    title: "New post",
    status: "draft",
    author_name: "Ann",
    author_role: "Editor",
    read_time: "5",
    featured_image_url: "https://i.example.com/a.jpg",
  },
  interviews: { title: "New interview", status: "draft", interviewee_name: "Bo", interviewee_title: "CEO", duration: "60" },
  "special-features": { title: "New feature", status: "draft", feature_type: "deep_dive", read_time: "8" },
};

/** Invalid input for each form: the editor's rules, several at once, and what must come back. */
const INVALID: Record<AdminContentType, { form: Record<string, string>; errors: string[] }> = {
  videos: { form: { title: "", duration: "-1", video_url: "javascript:alert(1)" }, errors: ["title", "duration", "video_url"] },
  podcasts: { form: { title: "x".repeat(10_000), duration: "1.5", audio_url: "not a url" }, errors: ["title", "duration", "audio_url"] },
  blogs: {
    form: { title: "", read_time: "0", featured_image_url: "ftp://example.com/a.jpg" },
    errors: ["title", "read_time", "featured_image_url"],
  },
  interviews: {
    form: { title: "x".repeat(10_000), duration: "-5", thumbnail_url: "nope" },
    errors: ["title", "duration", "thumbnail_url"],
  },
  "special-features": {
    form: { title: "", read_time: "0", feature_type: "gossip", video_url: "data:text/html,x" },
    errors: ["title", "read_time", "feature_type", "video_url"],
  },
};

let admin: string;
let reader: string;

beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin" })).cookie;
  reader = (await createSignedInUser({ role: "user" })).cookie;
});

// A thrown Response or data() counts as the answer (the guards throw theirs).
function post(
  module: RouteModule,
  path: string,
  form: Record<string, string | string[]>,
  cookie?: string,
  params: Record<string, string> = {},
) {
  return callRoute(module.action, appRequest(path, { method: "POST", cookie, form }), { params });
}

function get(module: RouteModule, path: string, cookie?: string, params: Record<string, string> = {}) {
  return callRoute(module.loader, appRequest(path, { cookie }), { params });
}

async function insertRow(type: AdminContentType, values: Record<string, unknown> = {}) {
  const db = await getDb();
  const table = TABLES[type] as typeof schema.videos;
  const [row] = await db
    .insert(table)
    .values({ title: "Original", ...values } as never)
    .returning();
  return row as Record<string, any>;
}

async function findRow(type: AdminContentType, id: string) {
  const db = await getDb();
  const table = TABLES[type] as typeof schema.videos;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as Record<string, any> | undefined;
}

async function countRows(type: AdminContentType) {
  const db = await getDb();
  const { rows } = await db.execute(sql.raw(`select count(*)::int as n from ${SQL_TABLE[type]}`));
  return (rows[0] as { n: number }).n;
}

/** The flash toast a redirect sets, read the way the root loader reads it. */
async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) return null;
  return (await getToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast;
}

const visitors = [
  ["anonymous", () => undefined, 401],
  ["a plain user", () => reader, 403],
] as const;

describe.each(ADMIN_CONTENT_TYPES)("/admin/%s: only an admin changes anything", (type) => {
  const routes = ROUTES[type];
  const listPath = `/admin/${type}`;

  it.each(visitors)("create as %s is refused and writes nothing", async (_who, cookie, status) => {
    const before = await countRows(type);
    const result = await post(routes.create, `${listPath}/new`, VALID[type], cookie());
    expect(result.status).toBe(status);
    expect(await countRows(type)).toBe(before);
  });

  it("create as admin inserts the row and returns to the list", async () => {
    const before = await countRows(type);
    const result = await post(routes.create, `${listPath}/new`, VALID[type], admin);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(listPath);
    expect(await countRows(type)).toBe(before + 1);
  });

  it.each(visitors)("update as %s is refused and leaves the row unchanged", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post(routes.edit, `${listPath}/${row.id}`, { ...VALID[type], title: "Changed" }, cookie(), { id: row.id });
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("update as admin changes the row", async () => {
    const row = await insertRow(type);
    const result = await post(routes.edit, `${listPath}/${row.id}`, { ...VALID[type], title: "Changed", status: "published" }, admin, {
      id: row.id,
    });
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ type: "success", title: "Success" });
    expect(await findRow(type, row.id)).toMatchObject({ title: "Changed", status: "published" });
  });

  it.each(visitors)("delete as %s is refused and the row stays", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post(routes.list, listPath, { intent: "delete", id: row.id }, cookie());
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("delete as admin removes the row", async () => {
    const row = await insertRow(type);
    const result = await post(routes.list, listPath, { intent: "delete", id: row.id }, admin);
    expect(result).toMatchObject({ status: 200, body: { ok: true, intent: "delete" } });
    expect(await findRow(type, row.id)).toBeUndefined();
  });

  it.each(visitors)("reading the list as %s is turned away", async (who, cookie) => {
    const result = await get(routes.list, listPath, cookie());
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(listPath)}` : "/");
  });

  it.each(visitors)("opening the editor as %s is turned away", async (_who, cookie) => {
    const row = await insertRow(type);
    expect((await get(routes.edit, `${listPath}/${row.id}`, cookie(), { id: row.id })).status).toBe(302);
    expect((await get(routes.create, `${listPath}/new`, cookie())).status).toBe(302);
  });
});

describe.each(["videos", "podcasts"] as const)("/admin/%s featured toggle", (type) => {
  const listPath = `/admin/${type}`;
  const routes = ROUTES[type];
  const name = type === "videos" ? "Video" : "Podcast";

  it.each(visitors)("as %s is refused and the flag stays off", async (_who, cookie, status) => {
    const row = await insertRow(type);
    const result = await post(routes.list, listPath, { intent: "feature", id: row.id, featured: "true" }, cookie());
    expect(result.status).toBe(status);
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("as admin sets and clears featured and featured_at, with the admin list messages", async () => {
    const row = await insertRow(type);
    const on = await post(routes.list, listPath, { intent: "feature", id: row.id, featured: "true" }, admin);
    expect(on).toMatchObject({ status: 200, body: { ok: true, featured: true, message: `${name} featured` } });
    expect(await findRow(type, row.id)).toMatchObject({ featured: true, featuredAt: expect.any(Date) });
    const off = await post(routes.list, listPath, { intent: "feature", id: row.id, featured: "false" }, admin);
    expect(off).toMatchObject({ status: 200, body: { ok: true, featured: false, message: `${name} unfeatured` } });
    expect(await findRow(type, row.id)).toMatchObject({ featured: false, featuredAt: null });
  });

  it("a missing item or a bad value fails with 'Failed to update featured status'", async () => {
    const missing = await post(
      routes.list,
      listPath,
      { intent: "feature", id: "00000000-0000-0000-0000-000000000000", featured: "true" },
      admin,
    );
    expect(missing).toMatchObject({ status: 404, body: { ok: false, message: "Failed to update featured status" } });
    const row = await insertRow(type);
    const bad = await post(routes.list, listPath, { intent: "feature", id: row.id, featured: "yes" }, admin);
    expect(bad.status).toBe(400);
    expect((await findRow(type, row.id))!.featured).toBe(false);
  });
});

describe("featuring is only for videos and podcasts", () => {
  it.each(["blogs", "interviews", "special-features"] as const)("%s: intent=feature is a 400", async (type) => {
    const row = await insertRow(type);
    const result = await post(ROUTES[type].list, `/admin/${type}`, { intent: "feature", id: row.id, featured: "true" }, admin);
    expect(result.status).toBe(400);
  });
});

describe.each(ADMIN_CONTENT_TYPES)("/admin/%s forms reject invalid input (the editor's rules)", (type) => {
  const routes = ROUTES[type];
  const listPath = `/admin/${type}`;
  const { form, errors } = INVALID[type];

  it("create: 400 with field messages, what was typed, nothing written", async () => {
    const before = await countRows(type);
    const submitted = { ...VALID[type], ...form, description: "Keep me", tags: ["kept"] };
    const result = await post(routes.create, `${listPath}/new`, submitted, admin);
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fieldErrors).sort()).toEqual([...errors].sort());
    for (const field of errors) expect(result.body.fieldErrors[field][0]).toEqual(expect.any(String));
    expect(result.body.values).toMatchObject({ ...form, description: "Keep me", tags: ["kept"] });
    expect(await countRows(type)).toBe(before);
  });

  it("edit: 400 with field messages and the row unchanged", async () => {
    const row = await insertRow(type);
    const result = await post(routes.edit, `${listPath}/${row.id}`, { ...VALID[type], ...form }, admin, { id: row.id });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fieldErrors).sort()).toEqual([...errors].sort());
    expect(await findRow(type, row.id)).toEqual(row);
  });

  it("create refuses the archived status (create offers draft and published)", async () => {
    const result = await post(routes.create, `${listPath}/new`, { ...VALID[type], status: "archived" }, admin);
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors.status).toEqual(["Choose a valid status"]);
  });
});

describe("create and edit (the admin editor messages)", () => {
  it.each([
    ["videos", "published", "Video published successfully"],
    ["videos", "draft", "Video saved as draft successfully"],
    ["blogs", "published", "Blog post published successfully"],
    ["special-features", "draft", "Special feature saved as draft successfully"],
  ] as const)("create %s as %s toasts '%s'", async (type, status, message) => {
    const result = await post(ROUTES[type].create, `/admin/${type}/new`, { ...VALID[type], status }, admin);
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toEqual({ type: "success", title: "Success", description: message });
  });

  it("create stores numbers as integers, empty as null, and the form's tags", async () => {
    await post(
      ROUTES.videos.create,
      "/admin/videos/new",
      { title: "Numbers", status: "published", duration: "", tags: [" a ", "a", "b"] },
      admin,
    );
    await post(ROUTES.blogs.create, "/admin/blogs/new", { title: "Numbers", status: "draft", read_time: "12" }, admin);
    const db = await getDb();
    const [video] = await db.select().from(schema.videos).where(eq(schema.videos.title, "Numbers"));
    const [blog] = await db.select().from(schema.blogs).where(eq(schema.blogs.title, "Numbers"));
    expect([video.duration, video.tags, video.status, video.publishedAt instanceof Date]).toEqual([null, ["a", "b"], "published", true]);
    expect(blog.readTime).toBe(12);
  });

  it("update toasts '{Type} updated successfully'", async () => {
    const row = await insertRow("interviews");
    const result = await post(ROUTES.interviews.edit, `/admin/interviews/${row.id}`, VALID.interviews, admin, { id: row.id });
    expect(await toastOf(result.headers)).toEqual({ type: "success", title: "Success", description: "Interview updated successfully" });
  });

  it("the edit loader gives the row as form values (numbers as text)", async () => {
    const row = await insertRow("podcasts", { duration: 61, tags: ["x"], featured: true });
    const result = await get(ROUTES.podcasts.edit, `/admin/podcasts/${row.id}`, admin, { id: row.id });
    expect(result.body).toMatchObject({
      id: row.id,
      values: { title: "Original", description: "", duration: "61", audio_url: "", tags: ["x"], featured: true, status: "draft" },
    });
  });

  it.each([
    ["videos", "00000000-0000-0000-0000-000000000000", "Video not found"],
    ["blogs", "not-a-uuid", "Blog post not found"],
    ["special-features", "00000000-0000-0000-0000-000000000000", "Special feature not found"],
  ] as const)("editing a missing %s (%s) returns to the list with '%s'", async (type, id, message) => {
    const loaded = await get(ROUTES[type].edit, `/admin/${type}/${id}`, admin, { id });
    expect(loaded.status).toBe(302);
    expect(loaded.headers.get("Location")).toBe(`/admin/${type}`);
    expect(await toastOf(loaded.headers)).toMatchObject({ type: "error", description: message });
    const saved = await post(ROUTES[type].edit, `/admin/${type}/${id}`, VALID[type], admin, { id });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.headers)).toMatchObject({ type: "error", description: message });
  });

  it("deleting a missing item answers 'Failed to delete …'", async () => {
    const result = await post(
      ROUTES.interviews.list,
      "/admin/interviews",
      { intent: "delete", id: "00000000-0000-0000-0000-000000000000" },
      admin,
    );
    expect(result).toMatchObject({ status: 404, body: { ok: false, message: "Failed to delete interview" } });
  });

  it("an unknown intent is a 400", async () => {
    const result = await post(ROUTES.videos.list, "/admin/videos", { intent: "explode" }, admin);
    expect(result.status).toBe(400);
  });
});

describe("lists through the loader", () => {
  it("search and page come from the URL", async () => {
    await insertRow("blogs", { title: "Loader search target", authorName: "Zed Q" });
    const result = await get(ROUTES.blogs.list, "/admin/blogs?q=zed%20q&page=abc", admin);
    expect(result.body).toMatchObject({ q: "zed q", page: 1, total: 1, error: null });
    expect(result.body.items[0].title).toBe("Loader search target");
  });

  it("a control character in the search (NUL, which PostgreSQL text cannot hold) is a space, not a failed load", async () => {
    await insertRow("videos", { title: "Control search target" });
    const result = await get(ROUTES.videos.list, "/admin/videos?q=control%00search", admin);
    expect(result.body).toMatchObject({ q: "control search", total: 1, error: null });
  });
});

describe("database failures keep what was typed", () => {
  async function withTableMissing(type: AdminContentType, run: () => Promise<void>) {
    const db = await getDb();
    const table = SQL_TABLE[type];
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
    await withTableMissing("videos", async () => {
      const result = await post(ROUTES.videos.create, "/admin/videos/new", { ...VALID.videos, title: "Typed title" }, admin);
      expect(result.status).toBe(503);
      expect(result.body).toMatchObject({ formError: "Failed to create video", fieldErrors: {}, values: { title: "Typed title" } });
    });
  });

  it("update: 503 and 'Failed to update blog post'", async () => {
    const row = await insertRow("blogs");
    await withTableMissing("blogs", async () => {
      const result = await post(ROUTES.blogs.edit, `/admin/blogs/${row.id}`, VALID.blogs, admin, { id: row.id });
      expect(result).toMatchObject({ status: 503, body: { formError: "Failed to update blog post" } });
    });
  });

  it("edit load: back to the list with 'Failed to load podcast'", async () => {
    const row = await insertRow("podcasts");
    await withTableMissing("podcasts", async () => {
      const result = await get(ROUTES.podcasts.edit, `/admin/podcasts/${row.id}`, admin, { id: row.id });
      expect(result.status).toBe(302);
      expect(await toastOf(result.headers)).toMatchObject({ title: "Error", description: "Failed to load podcast" });
    });
  });

  it("list: 'Failed to fetch special features'; delete: 'Failed to delete special feature'", async () => {
    await withTableMissing("special-features", async () => {
      const list = await get(ROUTES["special-features"].list, "/admin/special-features", admin);
      expect(list.body).toMatchObject({ items: [], error: "Failed to fetch special features" });
      const del = await post(
        ROUTES["special-features"].list,
        "/admin/special-features",
        { intent: "delete", id: "00000000-0000-0000-0000-000000000000" },
        admin,
      );
      expect(del).toMatchObject({ status: 503, body: { ok: false, message: "Failed to delete special feature" } });
    });
  });
});
