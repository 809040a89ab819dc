import { cachedResponse, expect, test } from "./fixtures";

/**
 * The anonymous page cache against the production server (PRODUCT.md "Page cache"): pages come from
 * memory, already compressed; a write shows on the next request; nothing personal is ever shared.
 */

test("a public page is answered from the cache, compressed, and the same for a signed-in reader", async ({ request, readerPage }) => {
  const cached = await cachedResponse(request, "/about", { "Accept-Encoding": "br" });
  expect(cached.headers()["content-encoding"]).toBe("br");
  expect(cached.headers()["vary"]).toContain("Cookie");
  const anonymousHtml = await cached.text();
  expect(anonymousHtml).toContain("<title>");

  // A signed-in reader gets the very same bytes: the session is read in the browser.
  const forReader = await readerPage.request.get("/about");
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

test("a company edit shows on its cached page at the next request", async ({ adminPage: page, request }) => {
  const run = Date.now().toString(36).toUpperCase();
  const name = `Cached Minerals ${run}`;
  await page.goto("/admin/companies/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Ticker").fill(`C${run.slice(-5)}`);
  await page.getByLabel("Exchange").selectOption("ASX");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Company created successfully")).toBeVisible();
  const path = `/companies/cached-minerals-${run.toLowerCase()}`;
  expect(await (await cachedResponse(request, path)).text()).toContain(name);

  await page.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Description").fill("Now producing copper too.");
  await page.getByRole("button", { name: "Update Company" }).click();
  await expect(page.getByText("Company updated successfully")).toBeVisible();
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
  adminPage: page,
  request,
}) => {
  const title = `E2E cached video ${Date.now().toString(36)}`;
  await cachedResponse(request, "/videos");
  // Pages that can show a new video (home, another video's related list) and one that cannot (a podcast's).
  const otherVideo = /href="(\/video\/[0-9a-f-]{36})"/.exec(await (await request.get("/videos")).text())![1]!;
  const podcast = /href="(\/podcast\/[0-9a-f-]{36})"/.exec(await (await request.get("/podcasts")).text())![1]!;
  for (const path of ["/", otherVideo, podcast]) await cachedResponse(request, path);

  // Create as a draft: not public, and the cached list is not changed by it.
  await page.goto("/admin/videos/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Video saved as draft successfully")).toBeVisible();
  expect(await (await request.get("/videos")).text()).not.toContain(title);

  // Publish: the very next request for the list shows it.
  const href = await page.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  const id = href!.split("/").pop()!;
  await page.goto(`/admin/videos/${id}`);
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Update Video" }).click();
  await expect(page.getByText("Video updated successfully")).toBeVisible();
  const afterPublish = await request.get("/videos");
  expect(afterPublish.headers()["x-cache"]).toBe("MISS");
  expect(await afterPublish.text()).toContain(title);
  for (const path of ["/", otherVideo, `/search?q=${encodeURIComponent(title)}`]) {
    expect(await (await request.get(path)).text(), path).toContain(title);
  }
  expect((await request.get(podcast)).headers()["x-cache"]).toBe("HIT");

  // Edit the title: the cached detail page follows at once.
  await cachedResponse(request, `/video/${id}`);
  await page.goto(`/admin/videos/${id}`);
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} (renamed)`);
  await page.getByRole("button", { name: "Update Video" }).click();
  await expect(page.getByText("Video updated successfully")).toBeVisible();
  expect(await (await request.get(`/video/${id}`)).text()).toContain(`${title} (renamed)`);
  expect(await (await request.get(otherVideo)).text()).toContain(`${title} (renamed)`);
  expect((await request.get(podcast)).headers()["x-cache"]).toBe("HIT");
});

test("featuring, tagging a company, unpublishing and deleting a live video show on the next request; podcast pages stay cached", async ({
  adminPage: page,
  request,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const title = `E2E stale check ${run}`;
  const companyName = `Stale Check Mining ${run}`;
  const ticker = `S${run.slice(-5)}`;
  const companyPath = `/companies/stale-check-mining-${run.toLowerCase()}`;
  const podcast = /href="(\/podcast\/[0-9a-f-]{36})"/.exec(await (await request.get("/podcasts")).text())![1]!;

  await page.goto("/admin/companies/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Name").fill(companyName);
  await page.getByLabel("Ticker").fill(ticker);
  await page.getByLabel("Exchange").selectOption("ASX");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Company created successfully")).toBeVisible();

  await page.goto("/admin/videos/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Video published successfully")).toBeVisible();
  const href = await page.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  const id = href!.split("/").pop()!;
  const list = page.getByRole("row").filter({ hasText: title });

  /** Caches the pages, then runs the write: afterwards the untouched podcast page is still a HIT. */
  async function afterWrite(paths: string[], write: () => Promise<void>) {
    for (const path of [...paths, podcast]) await cachedResponse(request, path);
    await write();
    expect((await request.get(podcast)).headers()["x-cache"], podcast).toBe("HIT");
  }

  // Featured: the home page is rendered anew at once, with the video's slide marked as featured.
  await afterWrite(["/"], async () => {
    await page.goto(`/admin/videos?q=${encodeURIComponent(title)}`);
    await expect(page.locator("[data-hydrated]")).toBeVisible();
    await list.getByRole("button", { name: `Feature: ${title}` }).click();
    await expect(page.getByText("Video featured", { exact: true })).toBeVisible();
  });
  const home = await request.get("/");
  expect(home.headers()["x-cache"]).toBe("MISS");
  expect(await home.text()).toContain(title);

  // Tagged with a company: the company's cached page lists it at once.
  await afterWrite([companyPath], async () => {
    await page.goto(`/admin/videos/${id}`);
    await expect(page.locator("[data-hydrated]")).toBeVisible();
    const picker = page.getByRole("combobox", { name: "Companies" });
    await picker.fill(ticker.toLowerCase());
    await expect(page.getByRole("listbox", { name: "Matching companies" }).getByRole("option").first()).toContainText(companyName);
    await picker.press("Enter");
    await page.getByRole("button", { name: "Update Video" }).click();
    await expect(page.getByText("Video updated successfully")).toBeVisible();
  });
  expect(await (await request.get(companyPath)).text()).toContain(title);

  // Unpublished: gone from its page, its list, the home page and the company's page at once.
  await afterWrite(["/videos", `/video/${id}`], async () => {
    await page.goto(`/admin/videos/${id}`);
    await expect(page.locator("[data-hydrated]")).toBeVisible();
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Update Video" }).click();
    await expect(page.getByText("Video updated successfully")).toBeVisible();
  });
  expect((await request.get(`/video/${id}`)).status()).toBe(404);
  for (const path of ["/videos", "/", companyPath]) expect(await (await request.get(path)).text(), path).not.toContain(title);

  // Published again, then deleted from the list: gone everywhere at once.
  await page.goto(`/admin/videos/${id}`);
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Update Video" }).click();
  await expect(page.getByText("Video updated successfully")).toBeVisible();
  await afterWrite(["/videos", `/video/${id}`], async () => {
    await page.goto(`/admin/videos?q=${encodeURIComponent(title)}`);
    await expect(page.locator("[data-hydrated]")).toBeVisible();
    await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Video deleted successfully")).toBeVisible();
  });
  expect((await request.get(`/video/${id}`)).status()).toBe(404);
  for (const path of ["/videos", "/", companyPath]) expect(await (await request.get(path)).text(), path).not.toContain(title);
});
