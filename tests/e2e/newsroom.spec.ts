import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

/**
 * PRODUCT.md "Roles" and "Review", walked by four people: an admin gives three new accounts the contributor,
 * editor and compliance roles; the contributor drafts a paid interview and submits it; compliance asks for a
 * change; the contributor makes it and submits again; compliance approves; the editor publishes; a later edit
 * of the published piece waits for approval while readers keep the approved text.
 */
test.setTimeout(300_000);

const run = Date.now().toString(36);
const TITLE = `Newsroom interview ${run}`;
const EDITED_TITLE = `Newsroom interview ${run}, edited`;
const SENTENCE = "MarketWire received A$7,500 in cash from Ironbark Gold (ASX:IBG) for this interview.";

interface Person {
  email: string;
  page: Page;
}

async function signUp(browser: Browser, baseURL: string, label: string): Promise<Person & { password: string }> {
  // The pages' CSP admits only their own scripts; axe is injected from outside.
  const context = await browser.newContext({ bypassCSP: true });
  const email = `${label}-${run}@example.com`;
  const password = `${label}-password-${run}`;
  const response = await context.request.post("/api/auth/sign-up/email", {
    data: { email, password, name: `${label[0]!.toUpperCase()}${label.slice(1)} ${run}` },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { email, password, page: await context.newPage() };
}

/** A role change ends the account's sessions (PRODUCT.md "Roles"): it signs in again with its new rights. */
async function signIn(person: Person & { password: string }, baseURL: string) {
  const response = await person.page.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function hydrated(page: Page) {
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

test("roles, a paid interview through review to publication, and an edit that waits for approval", async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const contributor = await signUp(browser, baseURL!, "contributor");
  const editor = await signUp(browser, baseURL!, "editor");
  const compliance = await signUp(browser, baseURL!, "compliance");

  // The admin gives each its role on /admin/users.
  for (const [person, role, named] of [
    [contributor, "Contributor", "a contributor"],
    [editor, "Editor", "an editor"],
    [compliance, "Compliance", "a compliance reviewer"],
  ] as const) {
    await adminPage.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    await adminPage.getByLabel(`Role of ${person.email}`, { exact: true }).selectOption(role);
    await adminPage.getByRole("button", { name: `Save the role of ${person.email}` }).click();
    await expect(adminPage.getByText(`${person.email} is now ${named}`)).toBeVisible();
    await signIn(person, baseURL!);
  }

  // The contributor drafts a paid interview; publishing is not theirs to choose.
  const page = contributor.page;
  await page.goto("/admin/interviews/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
  // It names Ironbark Gold, which paid for it (PRODUCT.md "Paid promotion": the payer is a company the piece names).
  const picker = page.getByRole("combobox", { name: "Companies" });
  await picker.fill("IBG");
  await expect(page.getByRole("listbox", { name: "Matching companies" }).getByRole("option").first()).toContainText("Ironbark Gold");
  await picker.press("Enter");
  await page.getByLabel("Paid promotion").check();
  await page.getByLabel("Paid for by").selectOption({ label: "Ironbark Gold (ASX:IBG)" });
  await page.getByLabel("Paid in").selectOption("cash");
  await page.getByLabel("Amount").fill("7,500");
  await page.getByLabel("Date of the agreement").fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  await expect(page.getByText("MarketWire was paid by Ironbark Gold (ASX:IBG) for this interview.")).toBeVisible();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Interview saved as draft successfully")).toBeVisible();
  const href = await page.getByRole("link", { name: `Edit ${TITLE}`, exact: true }).getAttribute("href");
  const id = href!.split("/").pop()!;
  const reviewPath = `/admin/review/interviews/${id}`;

  // From the editor's review line to the review page: submitted with a note.
  await page.goto(`/admin/interviews/${id}`);
  await page.getByRole("link", { name: "Open the review page" }).click();
  await expect(page).toHaveURL(new RegExp(`${reviewPath}$`));
  await page.getByLabel("Note to compliance (optional)").fill("Sponsored by Ironbark; please check the disclosure.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted for review.")).toBeVisible();

  // Compliance finds it in the queue and asks for a change.
  const reviewer = compliance.page;
  await reviewer.goto("/admin/review");
  await expect(reviewer.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Review", exact: true })).toBeVisible();
  const waiting = reviewer.getByRole("region", { name: /Waiting for review/ });
  await expect(waiting.getByRole("link", { name: TITLE })).toBeVisible();
  expect(await axeViolations(reviewer), "axe on /admin/review").toEqual([]);
  await waiting.getByRole("link", { name: TITLE }).click();
  await expect(reviewer.getByText("Sponsored by Ironbark; please check the disclosure.")).toBeVisible();
  await reviewer.getByLabel("Note to the author (required to request changes)").fill("Name the currency of the payment.");
  await reviewer.getByRole("button", { name: "Request changes" }).click();
  await expect(reviewer.getByText("Changes requested: the author sees your note.")).toBeVisible();

  // The contributor sees the note in the editor, makes the change and submits again.
  await page.goto(`/admin/interviews/${id}`);
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Compliance review" })).toContainText("Name the currency of the payment.");
  await page.getByLabel("Currency").selectOption("AUD");
  await expect(page.getByText(SENTENCE)).toBeVisible();
  await page.getByRole("button", { name: "Update Interview" }).click();
  await expect(page.getByText("Interview updated successfully")).toBeVisible();
  await page.goto(reviewPath);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted for review.")).toBeVisible();

  // Compliance approves the text it reads.
  await reviewer.goto(reviewPath);
  await expect(reviewer.getByRole("main")).toContainText(SENTENCE);
  await reviewer.getByRole("button", { name: /^Approve revision \d+$/ }).click();
  await expect(reviewer.getByText("Approved.", { exact: true })).toBeVisible();

  // The editor publishes it; readers see the disclosure.
  const desk = editor.page;
  await desk.goto(`/admin/interviews/${id}`);
  await hydrated(desk);
  await desk.getByLabel("Status").selectOption("published");
  await desk.getByRole("button", { name: "Update Interview" }).click();
  await expect(desk.getByText("Interview updated successfully")).toBeVisible();
  await desk.goto(`/interviews/${id}`);
  await expect(desk.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  // The page names the payer and the amount; the label travels to the list, the company's page and search.
  await expect(desk.getByRole("region", { name: "Paid promotion" })).toContainText(SENTENCE);
  const cardOf = (title: string) =>
    desk.getByRole("link", { name: title, exact: true }).first().locator("xpath=ancestor::*[self::article or self::li][1]");
  for (const where of ["/interviews", "/companies/ironbark-gold", `/search?q=${encodeURIComponent(TITLE)}`]) {
    await desk.goto(where);
    await expect(cardOf(TITLE), where).toContainText("Paid promotion");
  }

  // A later edit waits for approval; readers keep the approved text until compliance approves it.
  await desk.goto(`/admin/interviews/${id}`);
  await hydrated(desk);
  await desk.getByRole("textbox", { name: "Title", exact: true }).fill(EDITED_TITLE);
  await desk.getByRole("button", { name: "Update Interview" }).click();
  await expect(desk.getByText("Saved for review: readers see the published version until compliance approves this edit.")).toBeVisible();
  await desk.goto(`/interviews/${id}`);
  await expect(desk.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  // The editor reopens the edit, not the published text.
  await desk.goto(`/admin/interviews/${id}`);
  await hydrated(desk);
  await expect(desk.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(EDITED_TITLE);

  await reviewer.goto(reviewPath);
  await expect(reviewer.getByRole("heading", { level: 2, name: /^Under review: revision \d+$/ })).toBeVisible();
  await expect(reviewer.getByRole("heading", { level: 2, name: "What readers see" })).toBeVisible();
  for (const width of [1280, 375]) {
    await reviewer.setViewportSize({ width, height: 900 });
    expect(await axeViolations(reviewer), `axe on the review page at ${width} px`).toEqual([]);
  }
  await reviewer.setViewportSize({ width: 1280, height: 900 });
  await reviewer.getByRole("button", { name: /^Approve revision \d+$/ }).click();
  await expect(reviewer.getByText("Approved: the edit is now published.")).toBeVisible();
  await desk.goto(`/interviews/${id}`);
  await expect(desk.getByRole("heading", { level: 1, name: EDITED_TITLE })).toBeVisible();

  // The revisions screen shows what the edit changed, word by word, and restores the published text as a new
  // revision, which goes to review like any edit of a paid piece (PRODUCT.md "Revisions").
  await desk.goto(`/admin/interviews/${id}`);
  await desk.getByRole("link", { name: "Revisions", exact: true }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/interviews/${id}/revisions$`));
  await expect(desk.getByRole("heading", { level: 1, name: "Revisions" })).toBeVisible();
  const published = desk.locator("#compare-from option", { hasText: ": Published," });
  const publishedNumber = /Revision (\d+)/.exec((await published.textContent()) ?? "")![1];
  await desk.getByLabel("From").selectOption((await published.getAttribute("value"))!);
  await desk.getByRole("button", { name: "Compare" }).click();
  const comparison = desk.getByRole("region", { name: new RegExp(`^Revision ${publishedNumber} → revision \\d+$`) });
  await expect(comparison.locator("ins")).toContainText("edited");
  for (const width of [1280, 375]) {
    await desk.setViewportSize({ width, height: 900 });
    expect(await axeViolations(desk), `axe on the revisions screen at ${width} px`).toEqual([]);
  }
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.getByRole("button", { name: `Restore revision ${publishedNumber}` }).click();
  await expect(desk.getByText("Restored for review: readers see the published version until compliance approves it.")).toBeVisible();
  await expect(desk.getByRole("row").nth(1)).toContainText(`Restored from revision ${publishedNumber}.`);

  // The audit log shows each step (PRODUCT.md "Audit log"), newest first, and the role changes.
  // Compliance reads it (its context admits axe).
  await reviewer.goto(`/admin/audit?item=${encodeURIComponent(run)}`);
  const steps = await reviewer.locator("tbody tr td:nth-child(3) span.font-medium").allTextContents();
  // The three accounts' emails carry the run's tag too.
  expect(steps.reverse()).toEqual([
    "Changed a role",
    "Changed a role",
    "Changed a role",
    "Created",
    "Submitted for review",
    "Requested changes",
    "Edited",
    "Submitted for review",
    "Approved",
    "Published",
    "Submitted for review",
    "Approved",
    "Submitted for review",
  ]);
  await reviewer.goto("/admin/audit?action=role-change");
  for (const person of [contributor, editor, compliance]) await expect(reviewer.getByRole("main")).toContainText(person.email);
  expect(await axeViolations(reviewer), "axe on /admin/audit").toEqual([]);

  for (const person of [contributor, editor, compliance]) await person.page.context().close();
});
