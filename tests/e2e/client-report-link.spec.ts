/**
 * PRODUCT.md "Client reports", in the browser: an admin shares a demo client's report; the link opens it in a
 * browser with no account (private, never cached, no referrer), and once revoked says so in one message. The
 * admin page with its share section, the shared page and the refusal pass axe and the Nu Html Checker. Rules
 * and refusals are proven below the browser (app/routes/reports.$token.test.ts).
 */
import { expect, test } from "./fixtures";
import { axeViolations, nuHtmlCheck } from "./page-checks";

const REPORT = "/admin/companies/ironbark-gold/report";

test("an admin shares a client report; the link opens it without an account until revoked", async ({ browser, adminSession }) => {
  // The pages' CSP admits only scripts carrying the render's nonce; axe is injected from outside.
  const admin = await browser.newContext({ bypassCSP: true });
  await admin.addCookies(adminSession.cookies);
  const client = await browser.newContext({ bypassCSP: true });
  try {
    const page = await admin.newPage();
    await page.goto(REPORT);
    await page.getByLabel("Expires after (days)").fill("3");
    await page.getByRole("button", { name: "Create link" }).click();
    const field = page.getByLabel(/^Link \(expires /);
    await expect(field).toHaveValue(/\/reports\/[A-Za-z0-9_-]{43}$/);
    const url = await field.inputValue();
    const path = new URL(url).pathname;
    await expect(page.getByRole("row").filter({ hasText: "Active" })).toHaveCount(1);
    expect(await axeViolations(page), `axe on ${REPORT} with a link made`).toEqual([]);

    // The client: no account, the same figures' sections, and headers that keep the page to them.
    const shared = await client.newPage();
    const answer = await shared.goto(path);
    expect(answer!.status()).toBe(200);
    const headers = answer!.headers();
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-robots-tag"]).toBe("noindex");
    // The page's own policy, not beside the site's (http/security-headers.server.ts).
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-cache"] ?? "BYPASS").toBe("BYPASS");
    await expect(shared.getByRole("heading", { level: 1, name: "Ironbark Gold" })).toBeVisible();
    await expect(shared.getByRole("heading", { level: 2, name: "Coverage" })).toBeVisible();
    await expect(shared.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `${path}.csv`);
    await expect(shared.getByText("Share with the client")).toHaveCount(0);
    expect(await axeViolations(shared), `axe on ${path}`).toEqual([]);
    const openHtml = await (await client.request.get(path)).text();

    // Revoked on the admin page: the link now says so, and shows nothing of the report.
    await page.goto(REPORT);
    await page
      .getByRole("row")
      .filter({ hasText: "Active" })
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(page.getByText("The report link was revoked.")).toBeVisible();
    const gone = await shared.goto(path);
    expect(gone!.status()).toBe(410);
    await expect(shared.getByRole("heading", { level: 1, name: "This report link has expired or been revoked." })).toBeVisible();
    await expect(shared.getByTestId("report-totals")).toHaveCount(0);
    expect(await axeViolations(shared), `axe on ${path}, revoked`).toEqual([]);
    const csv = await client.request.get(`${path}.csv`);
    expect([csv.status(), await csv.text()]).toEqual([410, "This report link has expired or been revoked.\n"]);

    const { errors } = await nuHtmlCheck([
      { path, html: openHtml },
      { path: `${path} (revoked)`, html: await (await client.request.get(path)).text() },
      { path: REPORT, html: await (await adminSession.request.get(REPORT)).text() },
    ]);
    expect(errors, "Nu Html Checker errors").toBe("");
  } finally {
    await admin.close();
    await client.close();
  }
});
