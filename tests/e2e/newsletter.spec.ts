import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { resetEnvCache } from "../../app/server/env.server";
import { newsletterLink } from "../../app/server/newsletter/subscriber-links.server";
import { expect, test } from "./fixtures";

/**
 * The signed links a confirmation mail carries (PRODUCT.md "Newsletter"). The end-to-end server sends no
 * mail, so the links are made here with its secret, the one it generated into its data folder.
 */
function signedLink(page: "confirm" | "unsubscribe", email: string, baseURL: string) {
  const port = new URL(baseURL).port;
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `marketwire-e2e-${port}`);
  process.env.BETTER_AUTH_SECRET = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  process.env.BETTER_AUTH_URL = baseURL;
  resetEnvCache();
  const url = new URL(newsletterLink(page, email));
  return `${url.pathname}${url.search}`;
}

async function subscribe(request: import("@playwright/test").APIRequestContext, email: string, baseURL: string) {
  const answer = await request.post("/resources/newsletter", { form: { email }, headers: { Origin: baseURL } });
  expect(await answer.json()).toEqual({ ok: true, outcome: "subscribed" });
}

test.describe("newsletter links", () => {
  test("confirm, then unsubscribe, each by pressing the page's button; the old link cannot bring the address back", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = `links-${Date.now()}@example.com`;
    await subscribe(request, email, baseURL!);
    const confirm = signedLink("confirm", email, baseURL!);
    const unsubscribe = signedLink("unsubscribe", email, baseURL!);

    const shown = await page.goto(confirm);
    expect(shown!.headers()["cache-control"]).toBe("private, no-store");
    expect(shown!.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();

    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" })).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();

    const gone = await page.goto(confirm);
    expect(gone!.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "This subscription no longer exists" })).toBeVisible();
  });

  test("a forged link gets a clear 400 page that is never indexed", async ({ page }) => {
    for (const link of ["/newsletter/unsubscribe?token=forged.link", "/newsletter/confirm?token=forged.link"]) {
      const response = await page.goto(link);
      expect(response!.status()).toBe(400);
      expect(response!.headers()["x-robots-tag"]).toBe("noindex");
      await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the buttons work as plain forms (their post is same-origin, so the cross-site check lets it through)", async ({
      page,
      request,
      baseURL,
    }) => {
      const email = `links-nojs-${Date.now()}@example.com`;
      await subscribe(request, email, baseURL!);
      await page.goto(signedLink("confirm", email, baseURL!));
      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
      await page.goto(signedLink("unsubscribe", email, baseURL!));
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    });
  });
});
