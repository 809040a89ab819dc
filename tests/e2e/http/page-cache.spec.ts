import type { APIRequestContext } from "@playwright/test";

import { cachedResponse } from "../fixtures";
import { expect, htmlOf, labelledControl, parseHtml, siteOrigin, submitForm, test } from "./request-test";

/**
 * The anonymous page cache against the production server (PRODUCT.md "Page cache"): pages come from
 * memory, already compressed; a write shows on the next request; nothing personal is ever shared. The
 * admin's writes are the editors' and the lists' forms, posted as a browser without JavaScript posts them;
 * the editors at work in a browser are admin-content.spec.ts's and company-tagging.spec.ts's.
 */

/**
 * A page no write touched is still answered from the cache: a HIT, or STALE when its entry has outlived the
 * 30-second freshness during a slow write (served from memory all the same); a MISS would mean it was purged.
 */
async function expectStillCached(request: APIRequestContext, path: string) {
  expect(["HIT", "STALE"], path).toContain((await request.get(path)).headers()["x-cache"]);
}

/**
 * Saves an admin editor: fills its fields by their labels (`companyIds` by name: the picker's combobox,
 * which posts it, needs JavaScript), posts the form, follows the redirect and expects its flash toast.
 * Answers the page the redirect led to.
 */
async function saveEditor(admin: APIRequestContext, path: string, fill: Record<string, string | string[]>, toast: string) {
  const { document } = await htmlOf(await admin.get(path));
  // The editor's form: the one holding its Name (a company) or Title (an item).
  const form = labelledControl(document, path.startsWith("/admin/companies") ? "Name" : "Title").closest("form");
  expect(form, `the editor's form on ${path}`).toBeTruthy();
  const fields: Record<string, string | string[]> = {};
  for (const [label, value] of Object.entries(fill)) {
    fields[label === "companyIds" ? label : labelledControl(document, label).getAttribute("name")!] = value;
  }
  const saved = await submitForm(admin, form!, path, fields);
  expect(saved.status(), `saving ${path}`).toBe(200);
  const html = await saved.text();
  expect(html, `the toast after saving ${path}`).toContain(toast);
  return html;
}

/** The editor's path of a row on an admin list page, from its Edit link. */
function editPath(listHtml: string, name: string) {
  const href = parseHtml(listHtml)
    .screen.getByRole("link", { name: `Edit ${name}` })
    .getAttribute("href");
  expect(href).toMatch(/^\/admin\/[a-z-]+\/[0-9a-f-]{36}$/);
  return href!;
}

/** Posts the form of an admin list row's button (as the list's fetcher does), expecting the list's message. */
async function listAction(admin: APIRequestContext, listPath: string, button: string, message: string) {
  const { screen } = await htmlOf(await admin.get(listPath));
  const form = screen.getByRole("button", { name: button }).closest("form");
  expect(form, `the form of ${button}`).toBeTruthy();
  const answer = await submitForm(admin, form!, listPath);
  expect(answer.status(), button).toBe(200);
  expect(await answer.text(), button).toContain(message);
}

test("a public page is answered from the cache, compressed, and the same for a signed-in reader", async ({ request, readerRequest }) => {
  const cached = await cachedResponse(request, "/about", { "Accept-Encoding": "br" });
  expect(cached.headers()["content-encoding"]).toBe("br");
  expect(cached.headers()["vary"]).toContain("Cookie");
  const anonymousHtml = await cached.text();
  expect(anonymousHtml).toContain("<title>");

  // A signed-in reader gets the very same bytes: the session is read in the browser.
  const forReader = await readerRequest.get("/about");
  expect(forReader.headers()["x-cache"]).toBe("HIT");
  expect(await forReader.text()).toBe(anonymousHtml);
});

test("the company pages come from the cache; an unknown company's 404 never does", async ({ request }) => {
  for (const path of ["/companies", "/companies/ironbark-gold", "/clients"]) {
    const cached = await cachedResponse(request, path);
    expect(cached.status(), path).toBe(200);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const missing = await request.get("/companies/no-such-company");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-cache"]).toBe("BYPASS");
    expect(missing.headers()["cache-control"]).toBe("no-store");
  }
});

test("a company edit shows on its cached page at the next request", async ({ adminRequest, request }) => {
  const run = Date.now().toString(36).toUpperCase();
  const name = `Cached Minerals ${run}`;
  await saveEditor(
    adminRequest,
    "/admin/companies/new",
    { Name: name, Ticker: `C${run.slice(-5)}`, Exchange: "ASX" },
    "Company created successfully",
  );
  const path = `/companies/cached-minerals-${run.toLowerCase()}`;
  expect(await (await cachedResponse(request, path)).text()).toContain(name);

  const list = await (await adminRequest.get(`/admin/companies?q=${encodeURIComponent(name)}`)).text();
  await saveEditor(adminRequest, editPath(list, name), { Description: "Now producing copper too." }, "Company updated successfully");
  const after = await request.get(path);
  expect(after.headers()["x-cache"]).toBe("MISS");
  expect(await after.text()).toContain("Now producing copper too.");
});

test("admin pages, sign-in and APIs never come from the cache", async ({ request }) => {
  for (const path of ["/auth", "/admin", "/healthz"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["x-cache"], path).toBeUndefined();
  }
});

test("one theme's HTML is never served to a visitor with another theme", async ({ request, playwright, baseURL }) => {
  const dark = await playwright.request.newContext({ baseURL });
  const chosen = await dark.post("/resources/theme", { form: { theme: "dark" }, headers: { Origin: baseURL! } });
  expect(chosen.ok()).toBe(true);
  await cachedResponse(dark, "/programme");
  expect(await (await dark.get("/programme")).text()).toMatch(/<html[^>]*class="dark"/);
  await dark.dispose();

  const anonymous = await cachedResponse(request, "/programme");
  expect(await anonymous.text()).not.toMatch(/<html[^>]*class="dark"/);
});

test("a flash toast is shown to its visitor only, never stored for others", async ({ request, playwright, baseURL }) => {
  await cachedResponse(request, "/clients");
  const visitor = await playwright.request.newContext({ baseURL });
  // The no-JavaScript newsletter form answers with a redirect and a toast cookie.
  const subscribed = await visitor.post("/resources/newsletter", {
    headers: { Origin: baseURL! },
    form: { email: `cache-toast-${Date.now()}@example.com`, redirectTo: "/clients" },
    maxRedirects: 0,
  });
  expect(subscribed.status()).toBe(302);
  const withToast = await visitor.get("/clients");
  expect(withToast.headers()["x-cache"]).toBeUndefined();
  expect(await withToast.text()).toContain("Subscribed");
  await visitor.dispose();

  const other = await request.get("/clients");
  expect(other.headers()["x-cache"]).toBe("HIT");
  expect(await other.text()).not.toContain("Subscribed");
});

test("an edit and a publish show on the next request, wherever the item can show; another type's pages stay cached", async ({
  adminRequest,
  request,
}) => {
  const title = `E2E cached video ${Date.now().toString(36)}`;
  await cachedResponse(request, "/videos");
  // Pages that can show a new video (home, another video's related list) and one that cannot (a podcast's).
  const otherVideo = /href="(\/video\/[0-9a-f-]{36})"/.exec(await (await request.get("/videos")).text())![1]!;
  const podcast = /href="(\/podcast\/[0-9a-f-]{36})"/.exec(await (await request.get("/podcasts")).text())![1]!;
  for (const path of ["/", otherVideo, podcast]) await cachedResponse(request, path);

  // Create as a draft: not public, and the cached list is not changed by it.
  const list = await saveEditor(adminRequest, "/admin/videos/new", { Title: title }, "Video saved as draft successfully");
  expect(await (await request.get("/videos")).text()).not.toContain(title);

  // Publish: the very next request for the list shows it.
  const edit = editPath(list, title);
  const id = edit.split("/").pop()!;
  await saveEditor(adminRequest, edit, { Status: "published" }, "Video updated successfully");
  const afterPublish = await request.get("/videos");
  expect(afterPublish.headers()["x-cache"]).toBe("MISS");
  expect(await afterPublish.text()).toContain(title);
  for (const path of ["/", otherVideo, `/search?q=${encodeURIComponent(title)}`]) {
    expect(await (await request.get(path)).text(), path).toContain(title);
  }
  await expectStillCached(request, podcast);

  // Edit the title: the cached detail page follows at once.
  await cachedResponse(request, `/video/${id}`);
  await saveEditor(adminRequest, edit, { Title: `${title} (renamed)` }, "Video updated successfully");
  expect(await (await request.get(`/video/${id}`)).text()).toContain(`${title} (renamed)`);
  expect(await (await request.get(otherVideo)).text()).toContain(`${title} (renamed)`);
  await expectStillCached(request, podcast);
});

test("featuring, tagging a company, unpublishing and deleting a live video show on the next request; podcast pages stay cached", async ({
  adminRequest,
  request,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const title = `E2E stale check ${run}`;
  const companyName = `Stale Check Mining ${run}`;
  const ticker = `S${run.slice(-5)}`;
  const companyPath = `/companies/stale-check-mining-${run.toLowerCase()}`;
  const podcast = /href="(\/podcast\/[0-9a-f-]{36})"/.exec(await (await request.get("/podcasts")).text())![1]!;

  await saveEditor(
    adminRequest,
    "/admin/companies/new",
    { Name: companyName, Ticker: ticker, Exchange: "ASX" },
    "Company created successfully",
  );
  const list = await saveEditor(adminRequest, "/admin/videos/new", { Title: title, Status: "published" }, "Video published successfully");
  const edit = editPath(list, title);
  const id = edit.split("/").pop()!;
  const listPath = `/admin/videos?q=${encodeURIComponent(title)}`;

  /** Caches the pages, then runs the write: afterwards the untouched podcast page is still a HIT. */
  async function afterWrite(paths: string[], write: () => Promise<unknown>) {
    for (const path of [...paths, podcast]) await cachedResponse(request, path);
    await write();
    await expectStillCached(request, podcast);
  }

  // Featured: the home page is rendered anew at once, with the video's slide marked as featured.
  await afterWrite(["/"], () => listAction(adminRequest, listPath, `Feature: ${title}`, "Video featured"));
  const home = await request.get("/");
  expect(home.headers()["x-cache"]).toBe("MISS");
  expect(await home.text()).toContain(title);

  // Tagged with a company: the company's cached page lists it at once.
  await afterWrite([companyPath], async () => {
    // What the picker finds for the ticker typed in lower case, its first match chosen.
    const found = await adminRequest.get(`/admin/companies/search?q=${encodeURIComponent(ticker.toLowerCase())}`);
    const { companies } = (await found.json()) as { companies: { id: string; name: string }[] };
    expect(companies[0]?.name).toContain(companyName);
    await saveEditor(adminRequest, edit, { companyIds: companies[0]!.id }, "Video updated successfully");
  });
  expect(await (await request.get(companyPath)).text()).toContain(title);

  // Unpublished: gone from its page, its list, the home page and the company's page at once.
  await afterWrite(["/videos", `/video/${id}`], () => saveEditor(adminRequest, edit, { Status: "draft" }, "Video updated successfully"));
  expect((await request.get(`/video/${id}`)).status()).toBe(404);
  for (const path of ["/videos", "/", companyPath]) expect(await (await request.get(path)).text(), path).not.toContain(title);

  // Published again, then deleted from the list: gone everywhere at once.
  await saveEditor(adminRequest, edit, { Status: "published" }, "Video updated successfully");
  await afterWrite(["/videos", `/video/${id}`], async () => {
    // The row's Delete button opens a dialog (admin-content.spec.ts) which, confirmed, posts the row's id
    // with the delete intent.
    const { screen } = await htmlOf(await adminRequest.get(listPath));
    expect(screen.getByRole("button", { name: `Delete ${title}` })).toBeTruthy();
    const deleted = await adminRequest.post(listPath, {
      form: { intent: "delete", id },
      headers: { Origin: siteOrigin() },
    });
    expect(deleted.status()).toBe(200);
    expect(await deleted.text()).toContain("Video deleted successfully");
  });
  expect((await request.get(`/video/${id}`)).status()).toBe(404);
  for (const path of ["/videos", "/", companyPath]) expect(await (await request.get(path)).text(), path).not.toContain(title);
});
