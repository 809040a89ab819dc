/**
 * The admin content journey of every type (PRODUCT.md "Editor", "Admin editor messages"), below the browser:
 * the create and edit screens rendered from their loaders and filled in by their labels, what their form
 * posts handed to the routes' actions on a fresh database, and the admin list and the public page and list
 * read back. tests/e2e/admin-content.spec.ts walks the same journey in Chromium, for videos only.
 */
import "../../tests/support/dom";

import { fireEvent, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor, type ContentTypeInfo } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { getContent } from "~/server/content/admin-content.server";
import { itemCompanies } from "~/server/content/item-companies.server";
import { getDb } from "~/server/db/db.server";
import { DEMO_BLOGS } from "~/server/seed/catalogue/blogs";
import { DEMO_INTERVIEWS } from "~/server/seed/catalogue/interviews";
import { DEMO_AUDIO_PATH } from "~/server/seed/catalogue/media";
import { DEMO_PODCASTS } from "~/server/seed/catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "~/server/seed/catalogue/special-features";
import { DEMO_VIDEOS } from "~/server/seed/catalogue/videos";
import { seedDemoContent } from "~/server/seed/demo-content.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import { toastOf } from "../../tests/support/toast";
import AdminContentList, { action as listAction, loader as listLoader } from "./admin.content";
import AdminContentEdit, { action as editAction, loader as editLoader } from "./admin.content.$id";
import AdminContentNew, { action as createAction, loader as createLoader } from "./admin.content.new";
import { loader as blogList } from "./blog";
import { loader as blogPage } from "./blog.$id";
import { loader as interviewList } from "./interviews";
import { loader as interviewPage } from "./interviews.$id";
import { loader as podcastPage } from "./podcast.$id";
import { loader as podcastList } from "./podcasts";
import { loader as specialFeatureList } from "./special-features";
import { loader as specialFeaturePage } from "./special-features.$id";
import { loader as videoPage } from "./video.$id";
import { loader as videoList } from "./videos";

// The Content field as it is before the rich-text editor loads: its textarea, which the editor writes into
// once it is there (rich-text-field.test.tsx and tests/e2e/rich-text-editor.spec.ts test the editor).
vi.mock("~/components/admin/rich-text-editor", () => ({ default: () => null }));
// The edit screen's chart of daily views has its own tests (daily-chart.test.tsx); happy-dom gives it no size.
vi.mock("~/components/admin/daily-chart", () => ({ DailyChart: () => null }));

/** What the journey types into each type's own fields, by label, and the messages it expects, word for word. */
interface Journey {
  /** The type's name in headings and buttons: 'Create New Blog Post', 'Update Blog Post'. */
  name: string;
  savedAsDraft: string;
  updated: string;
  /** Field name → [its label, the value typed]. */
  fields: Record<string, [label: string, value: string]>;
}

const JOURNEYS: Record<ContentType, Journey> = {
  video: {
    name: "Video",
    savedAsDraft: "Video saved as draft successfully",
    updated: "Video updated successfully",
    fields: { duration: ["Duration (seconds)", "125"] },
  },
  podcast: {
    name: "Podcast",
    savedAsDraft: "Podcast saved as draft successfully",
    updated: "Podcast updated successfully",
    fields: { duration: ["Duration (seconds)", "1800"] },
  },
  blog: {
    name: "Blog Post",
    savedAsDraft: "Blog post saved as draft successfully",
    updated: "Blog post updated successfully",
    fields: { authorName: ["Author Name", "Ada Analyst"], readTime: ["Read Time (minutes)", "4"] },
  },
  interview: {
    name: "Interview",
    savedAsDraft: "Interview saved as draft successfully",
    updated: "Interview updated successfully",
    fields: { intervieweeName: ["Interviewee Name", "Ivy Investor"], intervieweeTitle: ["Interviewee Title", "CEO, Example Corp"] },
  },
  special_feature: {
    name: "Special Feature",
    savedAsDraft: "Special feature saved as draft successfully",
    updated: "Special feature updated successfully",
    fields: { featureType: ["Feature Type", "deep_dive"], readTime: ["Read Time (minutes)", "6"] },
  },
};

/** Where an item shows on the public site: its own page (the title it shows, or a 404) and its type's list. */
interface PublicSite {
  page: (id: string) => Promise<{ status: number; title: string | undefined }>;
  listTitles: () => Promise<string[]>;
}

/** Calls a public page's loader at the item's own address. */
async function publicPage<F extends Parameters<typeof callRoute>[0]>(loader: F, type: ContentType, id: string) {
  return callRoute(loader, publicUrlFor(type, id), { params: { id }, throws: false });
}

const titles = (items: readonly { title: string }[] | undefined) => (items ?? []).map((item) => item.title);

const PUBLIC: Record<ContentType, PublicSite> = {
  video: {
    page: async (id) => {
      const { status, body } = await publicPage(videoPage, "video", id);
      return { status, title: body.video?.title };
    },
    listTitles: async () => {
      const { body } = await callRoute(videoList, "/videos", { throws: false });
      return titles("items" in body ? body.items : undefined);
    },
  },
  podcast: {
    page: async (id) => {
      const { status, body } = await publicPage(podcastPage, "podcast", id);
      return { status, title: body.podcast?.title };
    },
    listTitles: async () => titles((await callRoute(podcastList, "/podcasts", { throws: false })).body.podcasts),
  },
  blog: {
    page: async (id) => {
      const { status, body } = await publicPage(blogPage, "blog", id);
      return { status, title: body.article?.title };
    },
    listTitles: async () => {
      const { body } = await callRoute(blogList, "/blog", { throws: false });
      return titles("items" in body ? body.items : undefined);
    },
  },
  interview: {
    page: async (id) => {
      const { status, body } = await publicPage(interviewPage, "interview", id);
      return { status, title: body.interview?.title };
    },
    listTitles: async () => titles((await callRoute(interviewList, "/interviews", { throws: false })).body.interviews),
  },
  special_feature: {
    page: async (id) => {
      const { status, body } = await publicPage(specialFeaturePage, "special_feature", id);
      return { status, title: body.feature?.title };
    },
    listTitles: async () => titles((await callRoute(specialFeatureList, "/special-features", { throws: false })).body.features),
  },
};

let admin: string;

beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin" })).cookie;
});

/**
 * A form on screen, posted as the page posts it: happy-dom reads the fields as a browser does, and the body
 * is URL-encoded (the forms' encoding) with what was typed as is, as React Router sends it. (A multipart
 * body, as `appRequest` sends, would turn each newline of the content into CR LF.)
 */
function submitForm(form: HTMLFormElement | null, path: string) {
  if (!form) throw new Error(`no form on screen to post to ${path}`);
  const BrowserFormData = (form.ownerDocument.defaultView as unknown as { FormData: typeof FormData }).FormData;
  const body = new URLSearchParams();
  for (const [name, value] of new BrowserFormData(form)) {
    if (typeof value !== "string") throw new Error(`the form posts a file as ${name}`);
    body.append(name, value);
  }
  return new Request(`${BASE_URL}${path}`, { method: "POST", headers: { Origin: BASE_URL, Cookie: admin }, body });
}

const editorForm = () => document.querySelector<HTMLFormElement>("form#content-editor");

/** Types into the field with this label (a select: chooses the option with this value). */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const titleField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Title" });

/** Opens the create screen, fills it in as the browser journey does, saves it, and returns the redirect and the new item's id. */
async function createDraft(info: ContentTypeInfo, title: string) {
  const journey = JOURNEYS[info.key];
  const loaded = await callRoute(createLoader, appRequest(`${info.adminPath}/new`, { cookie: admin }), { throws: false });
  renderRoute(AdminContentNew, `${info.adminPath}/new`, { loaderData: loaded.body });
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Create New ${journey.name}`);
  fireEvent.change(titleField(), { target: { value: title } });
  fill("Description", `About ${title}`);
  fill("Content", `<p>Body of ${title}</p>`);
  for (const [label, value] of Object.values(journey.fields)) fill(label, value);
  fill("New tag", "e2e");
  fireEvent.keyDown(screen.getByLabelText("New tag"), { key: "Enter" });
  expect(screen.getByRole("button", { name: "Remove tag e2e" })).toBeTruthy();

  const saved = await callRoute(createAction, submitForm(editorForm(), `${info.adminPath}/new`));
  const list = await adminList(info, title);
  return { saved, id: list.id, list };
}

/** The admin list searched for `title`, rendered: the item's row (its status badge) and its id from its edit link. */
async function adminList(info: ContentTypeInfo, title: string) {
  const loaded = await callRoute(listLoader, appRequest(`${info.adminPath}?q=${encodeURIComponent(title)}`, { cookie: admin }), {
    throws: false,
  });
  renderRoute(AdminContentList, info.adminPath, { loaderData: loaded.body });
  const edit = screen.getByRole("link", { name: `Edit ${title}` });
  const row = edit.closest("tr")!;
  return {
    id: edit.getAttribute("href")!.split("/").pop()!,
    status: (status: string) => within(row).queryAllByText(status, { exact: true }).length > 0,
  };
}

/** Opens the item's edit screen, rendered from its loader. */
async function openEditor(info: ContentTypeInfo, id: string) {
  const loaded = await callRoute(editLoader, appRequest(`${info.adminPath}/${id}`, { cookie: admin }), { params: { id }, throws: false });
  renderRoute(AdminContentEdit, `${info.adminPath}/${id}`, { loaderData: loaded.body });
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Edit ${JOURNEYS[info.key].name}`);
  return loaded.body;
}

/** Posts the edit screen's form as it stands ('Update …'). */
function saveEdit(info: ContentTypeInfo, id: string) {
  return callRoute(editAction, submitForm(editorForm(), `${info.adminPath}/${id}`), { params: { id } });
}

const run = crypto.randomUUID().slice(0, 8);

describe.each(CONTENT_TYPE_LIST)("$adminPath: the editor's journey", (info) => {
  const journey = JOURNEYS[info.key];

  it("create as a draft: the type's message, back to the list as a draft, its fields load back, not public", async () => {
    const title = `Draft ${info.title} ${run}`;
    const { saved, id, list } = await createDraft(info, title);
    expect([saved.status, saved.location]).toEqual([302, info.adminPath]);
    expect(await toastOf(saved.headers)).toEqual({ type: "success", title: "Success", description: journey.savedAsDraft });
    expect(list.status("draft")).toBe(true);

    const editor = await openEditor(info, id);
    expect(editor.values).toMatchObject({
      title,
      description: `About ${title}`,
      content: `<p>Body of ${title}</p>`,
      tags: ["e2e"],
      status: "draft",
      ...Object.fromEntries(Object.entries(journey.fields).map(([field, [, value]]) => [field, value])),
    });
    // The screen shows them back by their labels.
    expect(titleField().value).toBe(title);
    for (const [label, value] of Object.values(journey.fields)) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(value);
    }
    expect(screen.getByRole("button", { name: "Remove tag e2e" })).toBeTruthy();
    expect(
      within(screen.getByLabelText("Status"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Draft", "Published", "Archived"]);

    expect(await PUBLIC[info.key].page(id)).toEqual({ status: 404, title: undefined });
    expect(await PUBLIC[info.key].listTitles()).not.toContain(title);
  });

  it("publishing from the editor: the type's 'updated' message, listed as published, on its public page and list", async () => {
    const title = `Published ${info.title} ${run}`;
    const { id } = await createDraft(info, title);
    await openEditor(info, id);
    fill("Status", "published");
    const saved = await saveEdit(info, id);
    expect([saved.status, saved.location]).toEqual([302, info.adminPath]);
    expect(await toastOf(saved.headers)).toEqual({ type: "success", title: "Success", description: journey.updated });
    expect((await adminList(info, title)).status("published")).toBe(true);

    expect(await PUBLIC[info.key].page(id)).toEqual({ status: 200, title });
    expect(await PUBLIC[info.key].listTitles()).toContain(title);
  });

  it("a new title shows in the admin list and on the public page and list", async () => {
    const title = `Renamed ${info.title} ${run}`;
    const { id } = await createDraft(info, title);
    await openEditor(info, id);
    fill("Status", "published");
    await saveEdit(info, id);

    const renamed = `${title} (edited)`;
    await openEditor(info, id);
    fireEvent.change(titleField(), { target: { value: renamed } });
    const saved = await saveEdit(info, id);
    expect(await toastOf(saved.headers)).toEqual({ type: "success", title: "Success", description: journey.updated });
    expect((await adminList(info, renamed)).id).toBe(id);
    expect(await PUBLIC[info.key].page(id)).toEqual({ status: 200, title: renamed });
    expect(await PUBLIC[info.key].listTitles()).toContain(renamed);
  });

  it("archiving a published item takes it off the public site and lists it as archived", async () => {
    const title = `Archived ${info.title} ${run}`;
    const { id } = await createDraft(info, title);
    await openEditor(info, id);
    fill("Status", "published");
    await saveEdit(info, id);
    expect((await PUBLIC[info.key].page(id)).status).toBe(200);

    await openEditor(info, id);
    fill("Status", "archived");
    const saved = await saveEdit(info, id);
    expect(await toastOf(saved.headers)).toEqual({ type: "success", title: "Success", description: journey.updated });
    expect((await adminList(info, title)).status("archived")).toBe(true);
    expect(await PUBLIC[info.key].page(id)).toEqual({ status: 404, title: undefined });
    expect(await PUBLIC[info.key].listTitles()).not.toContain(title);
  });
});

// The items an admin meets first: each type's first demo item; the podcast plays the site's own audio file.
const DEMO_TITLES: Record<ContentType, string> = {
  video: DEMO_VIDEOS[0]!.title,
  podcast: DEMO_PODCASTS.find((podcast) => podcast.audioUrl === DEMO_AUDIO_PATH)!.title,
  blog: DEMO_BLOGS[0]!.title,
  interview: DEMO_INTERVIEWS[0]!.title,
  special_feature: DEMO_SPECIAL_FEATURES[0]!.title,
};

describe("a demo item saved from its edit screen as it opened", () => {
  beforeAll(async () => {
    await seedDemoContent(await getDb());
  });

  it.each(CONTENT_TYPE_LIST)("$adminPath: the type's 'updated' message, and the item and its companies unchanged", async (info) => {
    const title = DEMO_TITLES[info.key];
    const { id } = await adminList(info, title);
    const opened = await openEditor(info, id);
    expect(titleField().value).toBe(title);
    const [row, companies] = [await getContent(info.key, id), await itemCompanies(info.key, id)];

    const saved = await saveEdit(info, id);
    expect([saved.status, saved.location]).toEqual([302, info.adminPath]);
    expect(await toastOf(saved.headers)).toEqual({ type: "success", title: "Success", description: JOURNEYS[info.key].updated });
    expect(await getContent(info.key, id)).toEqual({ ...row, updatedAt: expect.any(Date) });
    expect(await itemCompanies(info.key, id)).toEqual(companies);
    expect((await openEditor(info, id)).values).toEqual(opened.values);
  });
});

/** The list's messages for the featured flag (PRODUCT.md "Admin list messages"), for the types that have it. */
const FEATURE_MESSAGES: Partial<Record<ContentType, { on: string; off: string }>> = {
  video: { on: "Video featured", off: "Video unfeatured" },
  podcast: { on: "Podcast featured", off: "Podcast unfeatured" },
};

describe.each(CONTENT_TYPE_LIST.filter((info) => info.featurable))("$adminPath: feature and unfeature from the list", (info) => {
  const messages = FEATURE_MESSAGES[info.key]!;

  /** Renders the list from its loader and posts the form of the row's button named `name`; the button's pressed state as rendered, and the answer. */
  async function pressListButton(title: string, name: string) {
    await adminList(info, title);
    const button = screen.getByRole("button", { name });
    const answer = await callRoute(listAction, submitForm(button.closest("form"), info.adminPath), { throws: false });
    return { pressed: button.getAttribute("aria-pressed"), answer };
  }

  it("the type's messages; the reloaded list and the editor show the flag set, then cleared", async () => {
    const title = `Featured ${info.title} ${run}`;
    const { id } = await createDraft(info, title);

    const feature = await pressListButton(title, `Feature: ${title}`);
    expect(feature.pressed).toBe("false");
    expect(feature.answer).toMatchObject({ status: 200, body: { ok: true, featured: true, message: messages.on } });
    await openEditor(info, id);
    expect(screen.getByRole("button", { name: `Featured ${info.title}` }).getAttribute("aria-pressed")).toBe("true");

    const unfeature = await pressListButton(title, `Featured: ${title}`);
    expect(unfeature.pressed).toBe("true");
    expect(unfeature.answer).toMatchObject({ status: 200, body: { ok: true, featured: false, message: messages.off } });
    await adminList(info, title);
    expect(screen.getByRole("button", { name: `Feature: ${title}` }).getAttribute("aria-pressed")).toBe("false");
  });
});

/** The page the server sends for `Component` at `path` with this loader data (and a post's answer): parsed, before any script runs. */
function serverPage(Component: ComponentType<never>, path: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as ComponentType }]);
  const html = renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { page: loaderData }, actionData: actionData ? { page: actionData } : null }}
    />,
  );
  return new DOMParser().parseFromString(html, "text/html");
}

describe("without JavaScript", () => {
  it("the server checks the form, and the page it answers shows the messages and keeps what was typed", async () => {
    const info = CONTENT_REGISTRY.interview;
    const path = `${info.adminPath}/new`;
    const loaded = await callRoute(createLoader, appRequest(path, { cookie: admin }), { throws: false });
    const page = within(serverPage(AdminContentNew, path, loaded.body).body);
    const field = (label: string) => page.getByLabelText(label) as HTMLInputElement;
    page.getByRole<HTMLInputElement>("textbox", { name: "Title" }).value = "x".repeat(10_000);
    field("Interviewee Name").value = "Kept Name";
    field("Duration (seconds)").value = "-1";

    const refused = await callRoute(createAction, submitForm(page.getByRole("button", { name: "Save Draft" }).closest("form"), path));
    expect(refused.status).toBe(400);
    const answered = within(serverPage(AdminContentNew, path, loaded.body, refused.body).body);
    expect(answered.getByText("Title must be at most 300 characters")).toBeTruthy();
    expect(answered.getByText("Duration must be 0 or more")).toBeTruthy();
    expect((answered.getByLabelText("Interviewee Name") as HTMLInputElement).value).toBe("Kept Name");
    expect((answered.getByLabelText("Duration (seconds)") as HTMLInputElement).value).toBe("-1");
  });
});
