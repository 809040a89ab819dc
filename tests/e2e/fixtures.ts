import fs from "node:fs";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

import { E2E_ADMIN, E2E_SESSION_COOKIES } from "../../playwright.config";

export { expect };

/**
 * Asks until the page cache answers HIT (PRODUCT.md "Page cache"): the first request may be the one that
 * renders, and a page cached more than 30 s ago by an earlier test is STALE until its background render
 * lands.
 */
export async function cachedResponse(request: APIRequestContext, path: string, headers?: Record<string, string>) {
  let last = "";
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await request.get(path, { headers });
    last = response.headers()["x-cache"] ?? "";
    if (last === "HIT") return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never a cache HIT (last: ${last || "no X-Cache"})`);
}

/**
 * Signs the page's browser context in through Better Auth's API (fast; the /auth screen has its own
 * tests): `sign-in` with an account's credentials, or `sign-up` of a new one, which signs it in when
 * there is no mail transport (as in these tests).
 */
async function authenticate(page: Page, endpoint: "sign-in" | "sign-up", data: Record<string, string>) {
  // Better Auth refuses cookie-carrying requests without an Origin (CSRF check).
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.post(`/api/auth/${endpoint}/email`, { data, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The session token values among `cookies`, noted for the log check (log-secrets.teardown.ts). */
function recordSessionTokens(cookies: { name: string; value: string }[]) {
  const values = cookies.filter((cookie) => cookie.name.includes("session_token")).map((cookie) => cookie.value);
  if (values.length > 0) fs.appendFileSync(E2E_SESSION_COOKIES, values.map((value) => `${value}\n`).join(""));
}

type Cookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];

type WorkerFixtures = {
  /**
   * The e2e admin's session, signed in once per worker: a sign-in checks the password's argon2 hash (0.2–0.8 s
   * of server time on a loaded 2-core machine), and every admin test used to sign in. `cookies` go into a
   * browser context (`adminPage` does it, or `context.addCookies(adminSession.cookies)` for a context of the
   * test's own); `request` carries them. Every test that uses it shares the one session, so none may end
   * it: a test that signs out takes `ownAdminPage`.
   */
  adminSession: { cookies: Cookies; request: APIRequestContext };
};

type Fixtures = {
  failOnConsoleErrors: void;
  /** Notes the session cookies the test's browser ended with, for the log check (log-secrets.teardown.ts). */
  recordSessionCookies: void;
  /** `page`, signed in as the e2e admin with the worker's shared session (`adminSession`). */
  adminPage: Page;
  /** `page`, signed in as the e2e admin with a session of its own, for a test that ends it (signing out). */
  ownAdminPage: Page;
  /** Credentials for a new plain user (a reader, not an admin); `readerPage` creates the account. */
  reader: { email: string; password: string; name: string };
  /** `page`, signed in as `reader`. */
  readerPage: Page;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  adminSession: [
    async ({ playwright }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const request = await playwright.request.newContext({ baseURL });
      // Better Auth refuses cookie-carrying requests without an Origin (CSRF check).
      const response = await request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { Origin: baseURL } });
      expect(response.ok(), await response.text()).toBe(true);
      const { cookies } = await request.storageState();
      recordSessionTokens(cookies);
      await provide({ cookies, request });
      await request.dispose();
    },
    { scope: "worker" },
  ],
  adminPage: async ({ page, adminSession }, provide) => {
    await page.context().addCookies(adminSession.cookies);
    await provide(page);
    // Caught here, in the test that did it, rather than as a sign-in screen in every later admin test.
    const session = await adminSession.request.get("/api/auth/get-session");
    expect(await session.json(), "the worker's admin session is still valid (a test that signs out takes ownAdminPage)").not.toBeNull();
  },
  ownAdminPage: async ({ page }, provide) => {
    await authenticate(page, "sign-in", E2E_ADMIN);
    await provide(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  reader: async ({}, provide) => {
    const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await provide({ email, password: "reader-password", name: "Plain Reader" });
  },
  readerPage: async ({ page, reader }, provide) => {
    await authenticate(page, "sign-up", reader);
    await provide(page);
  },
  /** Fails the test on any console error or uncaught page error. */
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page that answers 404/403 on purpose makes the browser log the status; that is not an error.
      const intendedErrorDocuments = new Set<string>();
      page.on("response", (response) => {
        // Documents answering 404/403, and form submissions (.data requests) answering 400 with field errors.
        const type = response.request().resourceType();
        const dataRequest = type === "fetch" && new URL(response.url()).pathname.endsWith(".data");
        if ((type === "document" || dataRequest) && response.status() >= 400) {
          intendedErrorDocuments.add(response.url());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (message.text().startsWith("Failed to load resource") && intendedErrorDocuments.has(message.location().url)) return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
  recordSessionCookies: [
    async ({ context }, use) => {
      await use();
      recordSessionTokens(await context.cookies());
    },
    { auto: true },
  ],
});
