/**
 * PRODUCT.md "Webhooks", in the browser: an admin adds an endpoint and copies its secret, shown once; a company
 * saved is delivered, the receiver's 500 tried again until it answers 200, each attempt verified with the
 * `standardwebhooks` reference library; the delivery log shows it, and 'Send again' sends the same message once
 * more. The pages pass axe. Rules and refusals are proven below the browser (app/server/webhooks/, app/routes/).
 */
import { E2E_WEBHOOK_PORT } from "../../playwright.config";
import { startWebhookReceiver, verifiedPayload } from "../support/webhook-receiver";
import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

test("an admin adds an endpoint, its deliveries are signed and retried, and the log sends one again", async ({ browser, adminSession }) => {
  const receiver = await startWebhookReceiver(E2E_WEBHOOK_PORT);
  // The admin's CSP admits only scripts carrying the render's nonce; axe is injected from outside.
  const context = await browser.newContext({ bypassCSP: true });
  await context.addCookies(adminSession.cookies);
  const page = await context.newPage();
  try {
    receiver.answers.push({ status: 500 });
    await page.goto("/admin/webhooks");
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("Journey receiver");
    await page.getByLabel(/company\.updated/).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.mouse.move(0, 0);
    expect(await axeViolations(page), "axe on /admin/webhooks").toEqual([]);
    await page.getByRole("row").nth(1).hover();
    expect(await axeViolations(page), "axe on /admin/webhooks, row hovered").toEqual([]);

    // Shown once: the list, reloaded, does not hold it.
    await page.reload();
    await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));

    // A company saved as it is: 'company.updated'. The first answer is a 500; the retry, about 5 s later, a 200.
    await page.goto("/admin/companies");
    await page.locator("a[href^='/admin/companies/']").filter({ hasNotText: /add/i }).first().click();
    await page.getByRole("button", { name: "Update Company" }).click();
    await expect(page.getByText("Company updated successfully")).toBeVisible();
    await receiver.waitFor(2);
    const [first, second] = receiver.received;
    expect(verifiedPayload(secret, first!).type).toBe("company.updated");
    expect(verifiedPayload(secret, second!).data).toEqual(verifiedPayload(secret, first!).data);
    expect(second!.id).toBe(first!.id);

    // The log: delivered on the second attempt; 'Send again' sends the same message once more.
    await page.goto("/admin/webhooks");
    await page.getByRole("link", { name: receiver.url }).click();
    const row = page.getByRole("row").filter({ hasText: "company.updated" });
    await expect(row).toContainText(/delivered/i);
    await expect(row).toContainText("HTTP 200");
    expect(await axeViolations(page), "axe on an endpoint's page").toEqual([]);
    await row.getByRole("button", { name: /^Send again/ }).click();
    await expect(page.getByText("Delivery queued again")).toBeVisible();
    await receiver.waitFor(3);
    expect(receiver.received[2]!.id).toBe(first!.id);
    verifiedPayload(secret, receiver.received[2]!);

    // Deleted, after the dialog asks.
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
  } finally {
    await context.close();
    await receiver.close();
  }
});
