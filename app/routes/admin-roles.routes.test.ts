/**
 * PRODUCT.md "Roles": every admin loader and action called as each of the five roles (and anonymously).
 * What a role may do succeeds; the rest is refused (a page: back to the dashboard, or home for a reader; a
 * mutation: 403) and changes nothing.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";
import { can, ROLES, type Right, type Role } from "~/lib/roles";
import { revisionHistory } from "~/server/content/revision-history.server";
import { saveItem } from "~/server/content/save-item.server";
import { getDb, schema } from "~/server/db/db.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { insertCompany } from "../../tests/support/companies";
import { ADMIN_USER, createItem, insertVideos } from "../../tests/support/content";
import { callRoute } from "../../tests/support/route";
import * as layout from "./admin";
import * as dashboard from "./admin._index";
import * as audit from "./admin.audit";
import * as auditCsv from "./admin.audit[.csv]";
import * as companyList from "./admin.companies";
import * as companyEdit from "./admin.companies.$id";
import * as companyNew from "./admin.companies.new";
import * as companySearch from "./admin.companies.search";
import * as contentList from "./admin.content";
import * as contentEdit from "./admin.content.$id";
import * as contentRevisions from "./admin.content.$id.revisions";
import * as contentNew from "./admin.content.new";
import * as mail from "./admin.mail";
import * as markets from "./admin.markets";
import * as media from "./admin.media";
import * as mediaUpload from "./admin.media.upload";
import * as messages from "./admin.messages";
import * as messagesCsv from "./admin.messages[.csv]";
import * as newsletter from "./admin.newsletter";
import * as newsletterNew from "./admin.newsletter.new";
import * as reviewQueue from "./admin.review";
import * as reviewItem from "./admin.review.$slug.$id";
import * as subscribers from "./admin.subscribers";
import * as subscribersCsv from "./admin.subscribers[.csv]";
import * as users from "./admin.users";

const cookies = {} as Record<Role, string>;
const BLANK: ContentInput = { title: "", description: null, content: null, status: "draft", tags: [], featured: false };
let videoId: string;
let companyId: string;

beforeAll(async () => {
  for (const role of ROLES) cookies[role] = (await createSignedInUser({ role })).cookie;
  videoId = await newVideo("Matrix video");
  ({ id: companyId } = await insertCompany({ name: "Matrix Mining Ltd", slug: "matrix-mining", ticker: "MMX" }));
});

type RouteFunction = Parameters<typeof callRoute>[0];

interface PageCase {
  name: string;
  loader: RouteFunction;
  path: () => string;
  params?: () => Record<string, string>;
  right: Right;
}

const PAGES: PageCase[] = [
  { name: "the admin layout", loader: layout.loader, path: () => "/admin", right: "admin.enter" },
  { name: "the dashboard", loader: dashboard.loader, path: () => "/admin", right: "admin.enter" },
  { name: "a content list", loader: contentList.loader, path: () => "/admin/videos", right: "content.read" },
  { name: "a new item's editor", loader: contentNew.loader, path: () => "/admin/videos/new", right: "content.create" },
  {
    name: "an item's editor",
    loader: contentEdit.loader,
    path: () => `/admin/videos/${videoId}`,
    params: () => ({ id: videoId }),
    right: "content.read",
  },
  {
    name: "an item's revisions",
    loader: contentRevisions.loader,
    path: () => `/admin/videos/${videoId}/revisions`,
    params: () => ({ id: videoId }),
    right: "content.read",
  },
  { name: "the companies list", loader: companyList.loader, path: () => "/admin/companies", right: "companies.read" },
  { name: "a new company's editor", loader: companyNew.loader, path: () => "/admin/companies/new", right: "companies.manage" },
  {
    name: "a company's editor",
    loader: companyEdit.loader,
    path: () => `/admin/companies/${companyId}`,
    params: () => ({ id: companyId }),
    right: "companies.read",
  },
  {
    name: "the company picker's search",
    loader: companySearch.loader,
    path: () => "/admin/companies/search?q=MMX",
    right: "companies.read",
  },
  { name: "the media library", loader: media.loader, path: () => "/admin/media", right: "media.read" },
  { name: "the messages", loader: messages.loader, path: () => "/admin/messages", right: "inbox.read" },
  { name: "the subscribers", loader: subscribers.loader, path: () => "/admin/subscribers", right: "inbox.read" },
  { name: "the mail outbox", loader: mail.loader, path: () => "/admin/mail", right: "inbox.read" },
  { name: "the newsletter editions", loader: newsletter.loader, path: () => "/admin/newsletter", right: "newsletter.read" },
  { name: "a new edition", loader: newsletterNew.loader, path: () => "/admin/newsletter/new", right: "newsletter.send" },
  { name: "the messages export", loader: messagesCsv.loader, path: () => "/admin/messages.csv", right: "inbox.manage" },
  { name: "the subscribers export", loader: subscribersCsv.loader, path: () => "/admin/subscribers.csv", right: "inbox.manage" },
  { name: "the accounts", loader: users.loader, path: () => "/admin/users", right: "users.manage" },
  { name: "the review queue", loader: reviewQueue.loader, path: () => "/admin/review", right: "content.read" },
  { name: "the audit log", loader: audit.loader, path: () => "/admin/audit", right: "audit.read" },
  { name: "the audit log export", loader: auditCsv.loader, path: () => "/admin/audit.csv", right: "audit.read" },
  { name: "the market data imports", loader: markets.loader, path: () => "/admin/markets", right: "markets.manage" },
  {
    name: "a piece's review",
    loader: reviewItem.loader,
    path: () => `/admin/review/videos/${videoId}`,
    params: () => ({ slug: "videos", id: videoId }),
    right: "content.read",
  },
];

const refusedPage = (role: Role) => (role === "reader" ? "/" : "/admin");

describe.each(PAGES)("$name", ({ loader, path, params, right }) => {
  it.each(ROLES)(`as %s: open only with '${right}'`, async (role) => {
    const answer = await callRoute(loader, appRequest(path(), { cookie: cookies[role] }), { params: params?.() ?? {} });
    if (can(role, right)) {
      expect(answer.status, `${role} opens ${path()}`).toBe(200);
    } else {
      expect(answer.status, `${role} is sent away from ${path()}`).toBe(302);
      expect(answer.location).toBe(refusedPage(role));
      expect(answer.headers.get("Set-Cookie")).toContain("mw_toast=");
    }
  });

  it("anonymously: sent to sign in", async () => {
    const answer = await callRoute(loader, appRequest(path()), { params: params?.() ?? {} });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/auth\?redirectTo=/);
  });
});

const videoCount = async () => (await (await getDb()).select({ n: count() }).from(schema.videos))[0]!.n;
const videoTitle = async (id: string) =>
  (await (await getDb()).select({ title: schema.videos.title }).from(schema.videos).where(eq(schema.videos.id, id)))[0]?.title;
async function newVideo(title: string) {
  const [row] = await insertVideos([{ title }]);
  return row!.id;
}

/** A refused mutation's answer: 403 for a signed-in role, whatever the role. */
function expectRefused(answer: { status: number }, role: Role) {
  expect(answer.status, `${role} is refused`).toBe(403);
}

describe("content mutations", () => {
  it.each(ROLES)("as %s: creating a draft needs 'content.create'", async (role) => {
    const before = await videoCount();
    const form = { title: `Draft by ${role}`, status: "draft", featured: "false" };
    const answer = await callRoute(contentNew.action, appRequest("/admin/videos/new", { method: "POST", cookie: cookies[role], form }));
    if (can(role, "content.create")) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/admin/videos");
      expect(await videoCount()).toBe(before + 1);
    } else {
      expectRefused(answer, role);
      expect(await videoCount()).toBe(before);
    }
  });

  it.each(ROLES)("as %s: publishing a new item needs 'content.publish'", async (role) => {
    const before = await videoCount();
    const form = { title: `Live by ${role}`, status: "published", featured: "false" };
    const answer = await callRoute(contentNew.action, appRequest("/admin/videos/new", { method: "POST", cookie: cookies[role], form }));
    if (can(role, "content.publish")) {
      expect(answer.status).toBe(302);
      expect(await videoCount()).toBe(before + 1);
    } else {
      // A contributor is told beside the field; the others never reach the form.
      expect(answer.status).toBe(can(role, "content.create") ? 400 : 403);
      expect(await videoCount()).toBe(before);
    }
  });

  it.each(ROLES)("as %s: editing another's item needs 'content.edit'", async (role) => {
    const id = await newVideo("Someone else's");
    const form = { title: `Edited by ${role}`, status: "draft", featured: "false" };
    const answer = await callRoute(contentEdit.action, appRequest(`/admin/videos/${id}`, { method: "POST", cookie: cookies[role], form }), {
      params: { id },
    });
    if (can(role, "content.edit")) {
      expect(answer.status).toBe(302);
      expect(await videoTitle(id)).toBe(`Edited by ${role}`);
    } else {
      expectRefused(answer, role);
      expect(await videoTitle(id)).toBe("Someone else's");
    }
  });

  it.each([
    ["delete", "content.delete"],
    ["feature", "content.feature"],
  ] as const)("list intent %s needs '%s'", async (intent, right) => {
    for (const role of ROLES) {
      const id = await newVideo(`${intent} target for ${role}`);
      const form: Record<string, string> = intent === "delete" ? { intent, id } : { intent, id, featured: "true" };
      const answer = await callRoute(contentList.action, appRequest("/admin/videos", { method: "POST", cookie: cookies[role], form }));
      const [row] = await (await getDb()).select({ featured: schema.videos.featured }).from(schema.videos).where(eq(schema.videos.id, id));
      if (can(role, right)) {
        expect(answer.status, role).toBe(200);
        expect(intent === "delete" ? row : row?.featured, role).toBe(intent === "delete" ? undefined : true);
      } else {
        expectRefused(answer, role);
        expect(row, role).toEqual({ featured: false });
      }
    }
  });
});

describe('restoring a revision (PRODUCT.md "Revisions")', () => {
  it.each(ROLES)("as %s: restoring another's item needs 'content.edit'", async (role) => {
    const { id } = await createItem("video", { ...BLANK, title: "First text" });
    await saveItem({ type: "video", id, input: { ...BLANK, title: "Second text" }, user: ADMIN_USER });
    const [, first] = (await revisionHistory("video", id))!.revisions;
    const answer = await callRoute(
      contentRevisions.action,
      appRequest(`/admin/videos/${id}/revisions`, {
        method: "POST",
        cookie: cookies[role],
        form: { intent: "restore", revisionId: first!.id },
      }),
      { params: { id } },
    );
    if (can(role, "content.edit")) {
      expect(answer.status).toBe(302);
      expect(await videoTitle(id)).toBe("First text");
    } else {
      expectRefused(answer, role);
      expect(await videoTitle(id)).toBe("Second text");
      expect((await revisionHistory("video", id))!.revisions).toHaveLength(2);
    }
  });
});

describe('review mutations (PRODUCT.md "Review")', () => {
  const reviewOf = async (id: string) =>
    (await (await getDb()).select().from(schema.contentReviews).where(eq(schema.contentReviews.contentId, id)))[0];
  const post = (role: Role, id: string, form: Record<string, string>) =>
    callRoute(reviewItem.action, appRequest(`/admin/review/videos/${id}`, { method: "POST", cookie: cookies[role], form }), {
      params: { slug: "videos", id },
    });

  it.each(ROLES)("as %s: submitting another's item needs 'content.edit' (a contributor submits only their own drafts)", async (role) => {
    const id = await newVideo(`Submitted by ${role}`);
    const answer = await post(role, id, { intent: "submit", note: "Please check" });
    if (can(role, "content.submit") && can(role, "content.edit")) {
      expect(answer.status).toBe(302);
      expect((await reviewOf(id))?.state).toBe("submitted");
    } else {
      if (can(role, "content.submit")) expect(answer.status).toBe(409);
      else expectRefused(answer, role);
      expect(await reviewOf(id)).toBeUndefined();
    }
  });

  it.each(ROLES)("as %s: approving needs 'content.review'", async (role) => {
    const id = await newVideo(`Approved by ${role}`);
    expect((await post("editor", id, { intent: "submit" })).status).toBe(302);
    const { revisionId } = (await reviewOf(id))!;
    const answer = await post(role, id, { intent: "approve", revisionId });
    if (can(role, "content.review")) {
      expect(answer.status).toBe(302);
      expect((await reviewOf(id))?.state).toBe("approved");
    } else {
      expectRefused(answer, role);
      expect((await reviewOf(id))?.state).toBe("submitted");
    }
  });

  it("a request for changes without a note is a 400 that changes nothing", async () => {
    const id = await newVideo("No note");
    await post("editor", id, { intent: "submit" });
    const { revisionId } = (await reviewOf(id))!;
    const answer = await post("compliance", id, { intent: "request-changes", revisionId, note: "  " });
    expect(answer.status).toBe(400);
    expect((await reviewOf(id))?.state).toBe("submitted");
  });
});

describe("companies, media and inbox mutations", () => {
  it.each(ROLES)("as %s: creating a company needs 'companies.manage'", async (role) => {
    const slug = `company-by-${role}`;
    const form = { name: `Company by ${role}`, slug, ticker: role.slice(0, 4).toUpperCase(), exchange: "ASX", sector: "mining" };
    const answer = await callRoute(companyNew.action, appRequest("/admin/companies/new", { method: "POST", cookie: cookies[role], form }));
    const [row] = await (await getDb()).select({ id: schema.companies.id }).from(schema.companies).where(eq(schema.companies.slug, slug));
    if (can(role, "companies.manage")) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(302);
      expect(row).toBeDefined();
    } else {
      expectRefused(answer, role);
      expect(row).toBeUndefined();
    }
  });

  it.each(ROLES)("as %s: deleting a company needs 'companies.manage'", async (role) => {
    const { id } = await insertCompany({ name: `Doomed ${role}`, slug: `doomed-${role}`, ticker: `D${role.slice(0, 3).toUpperCase()}` });
    const form = { intent: "delete", id };
    const answer = await callRoute(companyList.action, appRequest("/admin/companies", { method: "POST", cookie: cookies[role], form }));
    const [row] = await (await getDb()).select({ id: schema.companies.id }).from(schema.companies).where(eq(schema.companies.id, id));
    if (can(role, "companies.manage")) {
      expect(answer.status).toBe(200);
      expect(row).toBeUndefined();
    } else {
      expectRefused(answer, role);
      expect(row).toEqual({ id });
    }
  });

  it.each(ROLES)("as %s: deleting from the media library needs 'media.delete'", async (role) => {
    // No such file: a role that may delete is told so (404); the others are refused before looking. URL-encoded,
    // as the page's fetcher sends it (a multipart body is an upload).
    const request = new Request("http://localhost:3000/admin/media", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", Cookie: cookies[role], "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: "00000000-0000-0000-0000-000000000000" }),
    });
    const answer = await callRoute(media.action, request);
    if (can(role, "media.delete")) expect(answer.status).toBe(404);
    else expectRefused(answer, role);
  });

  it.each(ROLES)("as %s: uploading needs 'media.upload'", async (role) => {
    // An empty multipart body: a role that may upload gets the form's own refusal (400), the others 403.
    const body = new FormData();
    const request = new Request("http://localhost:3000/admin/media/upload", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", Cookie: cookies[role] },
      body,
    });
    const answer = await callRoute(mediaUpload.action, request);
    if (can(role, "media.upload")) expect(answer.status).toBe(400);
    else expectRefused(answer, role);
  });

  it.each([
    ["messages", messages.action, "/admin/messages", { intent: "read", id: "00000000-0000-0000-0000-000000000000" }],
    ["subscribers", subscribers.action, "/admin/subscribers", { intent: "remove", id: "00000000-0000-0000-0000-000000000000" }],
    ["mail", mail.action, "/admin/mail", { intent: "retry", id: "999999999" }],
  ] as const)("the %s actions need 'inbox.manage'", async (_name, action, path, form) => {
    for (const role of ROLES) {
      const answer = await callRoute(action, appRequest(path, { method: "POST", cookie: cookies[role], form: { ...form } }));
      // No such row: a role that may manage the inbox is told so (404).
      if (can(role, "inbox.manage")) expect(answer.status, role).toBe(404);
      else expectRefused(answer, role);
    }
  });

  it("writing an edition needs 'newsletter.send'", async () => {
    for (const role of ROLES) {
      // No subject: a role that may send is told what is missing (400); nothing is stored either way.
      const answer = await callRoute(
        newsletterNew.action,
        appRequest("/admin/newsletter/new", { method: "POST", cookie: cookies[role], form: { intent: "save", subject: "" } }),
      );
      if (can(role, "newsletter.send")) expect(answer.status, role).toBe(400);
      else expectRefused(answer, role);
    }
  });

  it.each(ROLES)("as %s: changing an account's role needs 'users.manage'", async (role) => {
    const target = await createSignedInUser();
    const form = { intent: "role", userId: target.user.id, role: "contributor" };
    const answer = await callRoute(users.action, appRequest("/admin/users", { method: "POST", cookie: cookies[role], form }));
    const [row] = await (
      await getDb()
    )
      .select({ role: schema.profiles.role })
      .from(schema.profiles)
      .where(eq(schema.profiles.userId, target.user.id));
    if (can(role, "users.manage")) {
      expect(answer.status).toBe(302);
      expect(row).toEqual({ role: "contributor" });
    } else {
      expectRefused(answer, role);
      expect(row).toEqual({ role: "reader" });
    }
  });
});
