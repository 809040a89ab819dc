import http from "node:http";
import net from "node:net";

import { expect, test } from "./fixtures";

/**
 * A form on another site, posted by Chromium itself (PRODUCT.md "Security"): the browser sends that site's
 * Origin and the guard refuses it. The guards' other answers need no browser: http/request-guards.spec.ts.
 */

test("a form on another site, submitted in the browser, is refused", async ({ page, baseURL }) => {
  // Another origin for real: a page served on another port, whose form Chromium posts to this site.
  const evil = http.createServer((_, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end(`<!doctype html><title>evil</title><form method="post" action="${baseURL}/resources/theme">
      <input type="hidden" name="theme" value="dark"><button>Win</button></form>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
  const evilOrigin = `http://127.0.0.1:${(evil.address() as net.AddressInfo).port}`;
  // The refusal is a plain-text page, for which Chromium asks for /favicon.ico (the site has an SVG icon).
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204 }));
  try {
    await page.goto(evilOrigin);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseURL}/resources/theme`),
      page.getByRole("button", { name: "Win" }).click(),
    ]);
    expect(response.request().headers()["origin"]).toBe(evilOrigin);
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    await expect(page.locator("body")).toContainText("cross-site request refused");
  } finally {
    evil.close();
  }
});
