/**
 * Every action that reads a form, sent bodies that are not forms or hold control characters: each is a
 * 4xx with a clear message and nothing is written (PRODUCT.md "Security"). Before readForm, these were
 * 500s (TypeError from request.formData()) and, for NUL on a save, PostgreSQL errors answered 500/503.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { getDb, schema } from "~/server/db/db.server";

import { BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import * as admin from "./admin";
import * as adminList from "./admin.content";
import * as adminEdit from "./admin.content.$id";
import * as adminNew from "./admin.content.new";
import * as auth from "./auth";
import * as contact from "./contact";
import * as newsletter from "./resources.newsletter";
import * as theme from "./resources.theme";

/** A route's action, as callRoute calls it. */
type Action = Parameters<typeof callRoute>[0];

/** One list, create and edit module serves every type; the path names the type. */
const ADMIN_ROUTES = { list: adminList.action, create: adminNew.action, edit: adminEdit.action } satisfies Record<string, Action>;

/** A valid form for each type (as the admin content tests use), to carry one bad character. */
const VALID: Record<ContentType, Record<string, string>> = {
  video: { title: "New video", status: "published", videoUrl: "https://v.example.com/watch?v=1", duration: "120", featured: "false" },
  podcast: { title: "New podcast", status: "published", audioUrl: "https://a.example.com/posts/123", duration: "900", featured: "false" },
  blog: { title: "New post", status: "published", authorName: "Ann", readTime: "5" },
  interview: { title: "New interview", status: "published", intervieweeName: "Bo", duration: "60" },
  special_feature: { title: "New feature", status: "published", featureType: "deep_dive", readTime: "8" },
};

const CONTACT = { name: "Ada Lovelace", email: "ada@example.com", subject: "Coverage", message: "Please get in touch." };

const urlencoded = (form: Record<string, string>) => new URLSearchParams(form).toString();

/** The bodies that are not forms a browser sends, each with the status it must get. */
const NOT_FORMS: [string, string | null, string | undefined, number][] = [
  ["a JSON body", JSON.stringify(CONTACT), "application/json", 415],
  ["a text/plain body", urlencoded(CONTACT), "text/plain", 415],
  ["a body with no content type", urlencoded(CONTACT), undefined, 415],
  ["no body at all", null, undefined, 415],
  [
    "a malformed multipart body",
    '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@exa',
    "multipart/form-data; boundary=x",
    400,
  ],
  ["a multipart body without a boundary", "email=ada@example.com", "multipart/form-data", 400],
];

function request(path: string, body: string | null, contentType: string | undefined, cookie?: string) {
  const headers = new Headers({ Origin: BASE_URL });
  if (contentType) headers.set("Content-Type", contentType);
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${BASE_URL}${path}`, { method: "POST", headers, body });
}

/** The action's answer: it must throw readForm's Response (any other outcome fails the test). */
async function refusal(action: Action, req: Request, params: Record<string, string> = {}) {
  const { status, body, response } = await callRoute(action, req, { params, throws: true });
  expect(response, "the action answers with a thrown Response").toBeInstanceOf(Response);
  expect(response!.headers.get("Content-Type")).toMatch(/json/);
  return { status, error: (body as { error: string }).error };
}

async function count(table: string) {
  const { rows } = await (await getDb()).execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (rows[0] as { n: number }).n;
}

let adminCookie: string;
let videoId: string;

beforeAll(async () => {
  adminCookie = (await createSignedInUser({ role: "admin" })).cookie;
  const db = await getDb();
  const [video] = await db.insert(schema.videos).values({ title: "Original" }).returning();
  videoId = video!.id;
});

/** Each form action with where it lives and the table it would write to (the theme writes only a cookie). */
const FORM_ACTIONS: {
  name: string;
  action: Action;
  path: string;
  table?: string;
  admin?: boolean;
  params?: () => Record<string, string>;
}[] = [
  { name: "/contact", action: contact.action, path: "/contact", table: "contact_messages" },
  { name: "/auth", action: auth.action, path: "/auth", table: "users" },
  { name: "/resources/newsletter", action: newsletter.action, path: "/resources/newsletter", table: "newsletter_subscribers" },
  { name: "/resources/theme", action: theme.action, path: "/resources/theme" },
  { name: "/admin (sign out)", action: admin.action, path: "/admin", table: "sessions", admin: true },
  { name: "/admin/videos (list)", action: ADMIN_ROUTES.list, path: "/admin/videos", table: "videos", admin: true },
  { name: "/admin/videos/new", action: ADMIN_ROUTES.create, path: "/admin/videos/new", table: "videos", admin: true },
  {
    name: "/admin/videos/:id",
    action: ADMIN_ROUTES.edit,
    path: "/admin/videos/x",
    table: "videos",
    admin: true,
    params: () => ({ id: videoId }),
  },
];

describe.each(FORM_ACTIONS)("$name: a body that is not a readable form", ({ action, path, table, admin: asAdmin, params }) => {
  it.each(NOT_FORMS)("answers %s with a 4xx and a message, writing nothing", async (_, body, contentType, status) => {
    const before = table ? await count(table) : 0;
    const answer = await refusal(action, request(path, body, contentType, asAdmin ? adminCookie : undefined), params?.());
    expect(answer.status).toBe(status);
    expect(answer.error).toMatch(status === 415 ? /^Send this form as application\/x-www-form-urlencoded/ : /^The form could not be read/);
    if (table) expect(await count(table)).toBe(before);
  });
});

describe("control characters in a field are refused with 400, never stored or stripped", () => {
  const nul = (form: Record<string, string>, field: string) => urlencoded({ ...form, [field]: `${form[field] ?? ""}\u0000x` });
  const form = "application/x-www-form-urlencoded";

  it("/contact: NUL in the message (was a 500 from PostgreSQL)", async () => {
    const answer = await refusal(contact.action, request("/contact", nul(CONTACT, "message"), form));
    expect(answer).toEqual({
      status: 400,
      error: 'The field "message" contains a control character (such as NUL); remove it and send the form again.',
    });
    expect(await count("contact_messages")).toBe(0);
  });

  it("/resources/newsletter: a vertical tab in the address", async () => {
    const answer = await refusal(newsletter.action, request("/resources/newsletter", urlencoded({ email: "ann\u000b@example.com" }), form));
    expect(answer.status).toBe(400);
    expect(answer.error).toContain('The field "email" contains a control character');
    expect(await count("newsletter_subscribers")).toBe(0);
  });

  it("/auth: NUL in a sign-up display name", async () => {
    const users = await count("users");
    const body = urlencoded({ intent: "signup", displayName: "Ann\u0000", email: "ann-nul@example.com", password: "long-enough-password" });
    const answer = await refusal(auth.action, request("/auth", body, form));
    expect(answer.status).toBe(400);
    expect(answer.error).toContain('The field "displayName" contains a control character');
    expect(await count("users")).toBe(users);
  });

  it.each(CONTENT_TYPE_LIST)("$adminPath/new: NUL in the title (was a 503 from PostgreSQL)", async ({ key, adminPath, tableName }) => {
    const before = await count(tableName);
    const answer = await refusal(ADMIN_ROUTES.create, request(`${adminPath}/new`, nul(VALID[key], "title"), form, adminCookie));
    expect(answer.status).toBe(400);
    expect(answer.error).toContain('The field "title" contains a control character');
    expect(await count(tableName)).toBe(before);
  });

  it("/admin/videos/:id: NUL in an edit leaves the row as it was", async () => {
    const answer = await refusal(ADMIN_ROUTES.edit, request(`/admin/videos/${videoId}`, nul(VALID.video, "title"), form, adminCookie), {
      id: videoId,
    });
    expect(answer.status).toBe(400);
    const { rows } = await (await getDb()).execute(sql`select title from videos where id = ${videoId}`);
    expect(rows).toEqual([{ title: "Original" }]);
  });

  it("/admin/videos (list): NUL in the id of a delete deletes nothing", async () => {
    const answer = await refusal(
      ADMIN_ROUTES.list,
      request("/admin/videos", urlencoded({ intent: "delete", id: `${videoId}\u0000` }), form, adminCookie),
    );
    expect(answer.status).toBe(400);
    expect(await count("videos")).toBeGreaterThan(0);
  });
});

describe("Conform's reserved fields, forged, are a 400 like any unreadable form (never a 500)", () => {
  const FORGED: [string, string][] = [
    ["__intent__", "not json"],
    ["__intent__", '{"type":"validate"}'],
    ["__state__", "{"],
  ];
  const TARGETS: {
    name: string;
    action: Action;
    path: string;
    form: Record<string, string>;
    table: string;
    params?: () => Record<string, string>;
  }[] = [
    { name: "/contact", action: contact.action, path: "/contact", form: CONTACT, table: "contact_messages" },
    { name: "/admin/videos/new", action: ADMIN_ROUTES.create, path: "/admin/videos/new", form: VALID.video, table: "videos" },
    {
      name: "/admin/videos/:id",
      action: ADMIN_ROUTES.edit,
      path: "/admin/videos/x",
      form: VALID.video,
      table: "videos",
      params: () => ({ id: videoId }),
    },
  ];

  describe.each(TARGETS)("$name", ({ action, path, form, table, params }) => {
    it.each(FORGED)("%s=%j", async (name, value) => {
      const before = await count(table);
      const body = urlencoded({ ...form, [name]: value });
      const answer = await refusal(action, request(path, body, "application/x-www-form-urlencoded", adminCookie), params?.());
      expect(answer.status).toBe(400);
      expect(answer.error).toMatch(/^The form could not be read/);
      expect(await count(table)).toBe(before);
      const { rows } = await (await getDb()).execute(sql`select title from videos where id = ${videoId}`);
      expect(rows).toEqual([{ title: "Original" }]);
    });
  });
});
