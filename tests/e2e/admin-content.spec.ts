import type { Page } from "@playwright/test";

import { DEMO_BLOGS } from "../../app/server/seed/catalogue/blogs";
import { expect, test } from "./fixtures";

/**
 * The admin content journeys of issue 5 in Chromium, one type per kind of journey: create a video as a draft,
 * publish it and find it on the public site, edit it; save a demo blog post unchanged; feature a video from
 * the list; and what only a browser shows (the editor's controls, dialogs, toasts after a fetcher, field
 * messages, the loading state, layout). app/routes/admin-content.journeys.test.tsx holds the journeys for
 * every type (fields, messages, public pages, archiving, demo items, featuring), and the editor without
 * JavaScript, through the rendered screens, loaders and actions.
 */

type TypeCase = {
  type: string;
  name: string; // 'Video', 'Blog Post'
  message: string; // 'Video', 'Blog post'
  fill: (page: Page) => Promise<void>;
};

const run = Date.now().toString(36);

const TYPES = {
  videos: {
    type: "videos",
    name: "Video",
    message: "Video",
    fill: async (page) => {
      await page.getByLabel("Duration (seconds)").fill("125");
    },
  },
  blogs: {
    type: "blogs",
    name: "Blog Post",
    message: "Blog post",
    fill: async (page) => {
      await page.getByLabel("Author Name").fill("Ada Analyst");
      await page.getByLabel("Read Time (minutes)").fill("4");
    },
  },
  interviews: {
    type: "interviews",
    name: "Interview",
    message: "Interview",
    fill: async (page) => {
      await page.getByLabel("Interviewee Name").fill("Ivy Investor");
      await page.getByLabel("Interviewee Title", { exact: true }).fill("CEO, Example Corp");
    },
  },
} satisfies Record<string, TypeCase>;

async function hydrated(page: Page) {
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

/** Creates a draft through the form and returns its id (from its edit link in the list). */
async function createDraft(page: Page, t: TypeCase, title: string) {
  await page.goto(`/admin/${t.type}/new`);
  await expect(page.getByRole("heading", { name: `Create New ${t.name}` })).toBeVisible();
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Description").fill(`About ${title}`);
  await page.getByRole("textbox", { name: "Content", exact: true }).fill(`Body of ${title}`);
  await t.fill(page);
  await page.getByLabel("New tag").fill("e2e");
  await page.getByLabel("New tag").press("Enter");
  await expect(page.getByRole("button", { name: "Remove tag e2e" })).toBeVisible();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${t.type}$`));
  await expect(page.getByText(`${t.message} saved as draft successfully`)).toBeVisible();
  const editLink = page.getByRole("link", { name: `Edit ${title}`, exact: true });
  const href = await editLink.getAttribute("href");
  return href!.split("/").pop()!;
}

async function openEditor(page: Page, t: TypeCase, id: string) {
  await page.goto(`/admin/${t.type}/${id}`);
  await expect(page.getByRole("heading", { name: `Edit ${t.name}` })).toBeVisible();
  await hydrated(page);
}

async function saveEdit(page: Page, t: TypeCase) {
  await page.getByRole("button", { name: `Update ${t.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${t.type}$`));
  await expect(page.getByText(`${t.message} updated successfully`)).toBeVisible();
}

test("videos: create as draft, publish, see it publicly, edit it", async ({ adminPage: page }) => {
  const t = TYPES.videos;
  const title = `E2E ${t.name} ${run}`;
  const id = await createDraft(page, t, title);
  const publicUrl = `/video/${id}`;
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("draft", { exact: true }).filter({ visible: true })).toBeVisible();

  // Not public while a draft.
  await page.goto(publicUrl);
  await expect(page.getByText(title)).toHaveCount(0);

  // Publish: the status choices of an edit form, and the values loaded back as typed.
  await openEditor(page, t, id);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await expect(page.getByRole("button", { name: "Remove tag e2e" })).toBeVisible();
  await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft", "Published", "Archived"]);
  await page.getByLabel("Status").selectOption("published");
  await saveEdit(page, t);
  await expect(
    page.getByRole("row").filter({ hasText: title }).getByText("published", { exact: true }).filter({ visible: true }),
  ).toBeVisible();

  await page.goto(publicUrl);
  await expect(page.getByText(title).first()).toBeVisible();

  // Edit the title; the list and the public page follow.
  const renamed = `${title} (edited)`;
  await openEditor(page, t, id);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(renamed);
  await saveEdit(page, t);
  await expect(page.getByRole("link", { name: `Edit ${renamed}`, exact: true })).toBeVisible();
  await page.goto(publicUrl);
  await expect(page.getByText(renamed).first()).toBeVisible();
});

// The first demo blog post: published, its article HTML in the loaded rich-text editor, and it names a client
// company, so text the browser changed would answer 'Saved for review…' instead (PRODUCT.md "Review").
test("blogs: a demo item saves unchanged", async ({ adminPage: page }) => {
  const t = TYPES.blogs;
  const title = DEMO_BLOGS[0]!.title;
  await page.goto(`/admin/${t.type}?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Edit ${t.name}` })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await saveEdit(page, t);
});

test("videos: feature and unfeature from the list", async ({ adminPage: page }) => {
  const t = TYPES.videos;
  const title = `E2E featured ${t.name} ${run}`;
  await createDraft(page, t, title);
  await page.goto(`/admin/${t.type}?q=${encodeURIComponent(title)}`);
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: `Feature: ${title}` }).click();
  await expect(page.getByText(`${t.message} featured`, { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Featured: ${title}` })).toHaveAttribute("aria-pressed", "true");

  // Stored: a reload shows it, and the editor's toggle agrees.
  await page.reload();
  await hydrated(page);
  await expect(row.getByRole("button", { name: `Featured: ${title}` })).toBeVisible();
  await row.getByRole("button", { name: `Featured: ${title}` }).click();
  await expect(page.getByText(`${t.message} unfeatured`, { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Feature: ${title}` })).toHaveAttribute("aria-pressed", "false");
});

test("the editor's featured toggle and submit label follow the form", async ({ adminPage: page }) => {
  await page.goto("/admin/podcasts/new");
  await hydrated(page);
  const submit = page.getByRole("button", { name: "Save Draft" });
  await expect(submit).toBeDisabled(); // PRODUCT.md "Editor": disabled while the title is empty
  const toggle = page.getByRole("button", { name: "Mark as Featured" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Featured Podcast" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Status").selectOption("published");
  await expect(page.getByRole("button", { name: "Publish" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`E2E published podcast ${run}`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Podcast published successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `E2E published podcast ${run}` });
  await expect(row.getByRole("button", { name: /^Featured:/ })).toBeVisible();
});

test("delete asks for confirmation", async ({ adminPage: page }) => {
  const t = TYPES.blogs;
  const title = `E2E deleted blog ${run}`;
  await createDraft(page, t, title);
  await hydrated(page);
  const deleteButton = page.getByRole("button", { name: `Delete ${title}`, exact: true });

  await deleteButton.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeVisible();

  await deleteButton.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("link", { name: `Edit ${title}`, exact: true })).toHaveCount(0);
});

for (const action of ["Feature", "Delete"] as const) {
  test(`${action} on a row deleted in another tab shows the error and the row disappears`, async ({ adminPage: page }) => {
    const t = TYPES.videos;
    const title = `E2E stale ${action} ${run}`;
    await createDraft(page, t, title);
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);

    // Another tab deletes the item while this list still shows it.
    const other = await page.context().newPage();
    await other.goto(`/admin/videos?q=${encodeURIComponent(title)}`);
    await hydrated(other);
    await other.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(other.getByText("Video deleted successfully")).toBeVisible();
    await other.close();

    if (action === "Feature") {
      await row.getByRole("button", { name: `Feature: ${title}` }).click();
      await expect(page.getByText("Failed to update featured status")).toBeVisible();
    } else {
      await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Failed to delete video")).toBeVisible();
    }
    await expect(row).toHaveCount(0);
  });
}

test("invalid input shows field messages and keeps what was typed", async ({ adminPage: page }) => {
  await page.goto("/admin/videos/new");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Save Draft" })).toBeDisabled();

  await page.getByRole("textbox", { name: "Title", exact: true }).fill("E2E invalid video");
  await page.getByLabel("Description").fill("Typed description");
  await page.getByLabel("Duration (seconds)").fill("-5");
  await page.getByLabel("Video URL").fill("javascript:alert(1)");
  await page.getByLabel("New tag").fill("kept-tag");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: "Save Draft" }).click();

  await expect(page.getByText("Duration must be 0 or more")).toBeVisible();
  await expect(page.getByText("Enter a valid URL starting with http:// or https://")).toBeVisible();
  await expect(page.getByLabel("Duration (seconds)")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/videos\/new$/);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("E2E invalid video");
  await expect(page.getByLabel("Description")).toHaveValue("Typed description");
  await expect(page.getByRole("button", { name: "Remove tag kept-tag" })).toBeVisible();

  // Fixing the field clears its message.
  await page.getByLabel("Duration (seconds)").fill("5");
  await expect(page.getByText("Duration must be 0 or more")).toHaveCount(0);
});

test("an edit link shows 'Loading … data...' while the item loads", async ({ adminPage: page }) => {
  const t = TYPES.interviews;
  const title = `E2E slow interview ${run}`;
  await createDraft(page, t, title);
  await hydrated(page);
  // Hold the edit screen's data request so the pending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/interviews\/[0-9a-f-]{36}\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByText("Loading Interview data...")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Edit Interview" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
});

test("list search is on the server and kept in the URL", async ({ adminPage: page }) => {
  const t = TYPES.blogs;
  const title = `E2E searchable ${run}`;
  await createDraft(page, t, title);
  await page.goto("/admin/blogs?page=2");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Search blogs" }).fill("Ada Analyst");
  await expect(page).toHaveURL(/\/admin\/blogs\?q=Ada\+Analyst$/);
  await expect(page.getByRole("link", { name: `Edit ${title}`, exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search blogs" }).fill(`no such thing ${run}`);
  await expect(page.getByText("No blogs found")).toBeVisible();
});

test("screens fit a phone and a desktop", async ({ adminPage: page }, testInfo) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const path of ["/admin/videos", "/admin/videos/new"]) {
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`${path.slice(1).replace(/\//g, "-")}-${width}.png`),
        fullPage: true,
      });
    }
    // The editor with messages and a tag, as an admin sees it after a rejected save.
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("A video with a long enough title to wrap on phones");
    await page.getByLabel("Duration (seconds)").fill("-5");
    await page.getByLabel("Thumbnail URL").fill("not a url");
    await page.getByLabel("New tag").fill("markets");
    await page.getByLabel("New tag").press("Enter");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Duration must be 0 or more")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the editor with messages at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`admin-videos-new-invalid-${width}.png`), fullPage: true });
  }
});
