import { type Page, expect, test as base } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

export { expect };

let userCounter = 0;

/** Signs the page's browser context in through Better Auth's API (fast; the /auth screen has its own tests). */
export async function signIn(page: Page, credentials: { email: string; password: string }) {
  // Better Auth refuses cookie-carrying requests without an Origin (CSRF check).
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.post("/api/auth/sign-in/email", { data: credentials, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN);
}

/** Creates a plain (non-admin) user and signs in as them. */
export async function signInAsNewUser(page: Page) {
  userCounter += 1;
  const credentials = { email: `reader${userCounter}-${Date.now()}@example.com`, password: "reader-password" };
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { ...credentials, name: "Reader" },
    headers: { Origin: test.info().project.use.baseURL! },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await signIn(page, credentials);
  return credentials;
}

/** Fails the test on any console error or uncaught page error. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
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
});
