import { expect, htmlOf, test } from "./request-test";

test("the home page is server-rendered", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<html");
  expect(html).toContain("MarketWire");
});

test("an unknown path shows the 404 page with a way home", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  const { screen } = await htmlOf(response);
  expect(screen.getByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
});

test("build assets are sent precompressed (brotli, else gzip) with a year's immutable cache", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
  expect(script, "the framework chunk is linked from the page").toBeTruthy();
  const br = await request.get(script!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(br.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const gz = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gz.headers()["content-encoding"]).toBe("gzip");
  // Both decode to the same file (Playwright decompresses the body).
  expect(await br.text()).toBe(await gz.text());
});

test("answers the page cache does not keep are compressed as they are rendered", async ({ request }) => {
  // The sign-in page is never cached; a feed is passed on by the cache (BYPASS).
  for (const path of ["/auth", "/rss.xml"]) {
    const response = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-encoding"], path).toBe("gzip");
  }
  expect((await request.get("/rss.xml")).headers()["x-cache"]).toBe("BYPASS");
});
