import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_SUCCESS } from "~/lib/newsletter";
import { getDb, schema } from "~/server/db/db.server";
import { resetEnvCache } from "~/server/env.server";
import { confirmSubscriber } from "~/server/newsletter/subscribers.server";
import { getToast } from "~/server/toast.server";

import { appRequest, cookieHeaderFrom } from "../../tests/support/auth";
import { emptyOutbox, readOutboxInto, type Mail } from "../../tests/support/mail";
import { callRoute } from "../../tests/support/route";
import { action, loader } from "./resources.newsletter";

const sent: Mail[] = [];

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = "smtp://mail.test:2525";
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

const subscribe = (form: Record<string, string>) => callRoute(action, appRequest("/resources/newsletter", { form }), { throws: false });

async function storedEmails() {
  const db = await getDb();
  return (await db.select({ email: schema.newsletterSubscribers.email }).from(schema.newsletterSubscribers)).map((r) => r.email);
}

beforeEach(async () => {
  sent.length = 0;
  await emptyOutbox();
  const db = await getDb();
  await db.delete(schema.newsletterSubscribers);
});

afterEach(() => useSmtp(false));

/** Everything a visitor can see of an answer: status, headers (cookies included), body, and the toast it sets. */
async function visibleAnswer(form: Record<string, string>) {
  const { status, body, headers, response, location } = await subscribe(form);
  const toast = response ? (await getToast(appRequest("/", { cookie: cookieHeaderFrom(response) }))).toast : null;
  return { status, headers: [...headers], body, location: location ?? null, toast };
}

describe("/resources/newsletter action (fetcher)", () => {
  it("stores the address trimmed and lower-cased", async () => {
    const { status, body } = await subscribe({ email: "  Ann.Lee@Example.COM " });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, outcome: "subscribed" });
    expect(await storedEmails()).toEqual(["ann.lee@example.com"]);
  });

  it("answers an address already on the list exactly like a new one, without a second row", async () => {
    const first = await subscribe({ email: "ann@example.com" });
    const again = await subscribe({ email: "ANN@example.com" });
    expect(again).toEqual(first);
    expect(again).toEqual({ status: 200, body: { ok: true, outcome: "subscribed" }, headers: expect.any(Headers) });
    expect(await storedEmails()).toEqual(["ann@example.com"]);
  });

  it.each([
    ["a malformed address", "not-an-email", "Please enter a valid email address."],
    ["an empty address", "   ", "Please enter your email address."],
  ])("answers 400 with a field message for %s and stores nothing", async (_case, email, message) => {
    const { status, body } = await subscribe({ email });
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      result: { status: "error", error: { email: [message] }, initialValue: { email }, fields: ["email"] },
    });
    expect(await storedEmails()).toEqual([]);
  });

  it("answers 400 when the field is missing", async () => {
    const { status } = await subscribe({});
    expect(status).toBe(400);
  });
});

describe("/resources/newsletter action (plain form, before JavaScript)", () => {
  it("redirects back to the page with the result and a toast", async () => {
    const { status, response } = await subscribe({ email: "bob@example.com", redirectTo: "/videos?page=2" });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/videos?page=2&newsletter=subscribed#newsletter");
    expect(response!.headers.get("Set-Cookie")).toContain("mw_toast=");
    expect(await storedEmails()).toEqual(["bob@example.com"]);
  });

  it("redirects back with the invalid flag for a bad address", async () => {
    const { status, response } = await subscribe({ email: "bob@", redirectTo: "/" });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/?newsletter=invalid#newsletter");
  });

  it.each(["//evil.example/", "https://evil.example/", "/\\evil.example"])("never redirects off-site (%s)", async (redirectTo) => {
    const { status } = await subscribe({ email: "carol@example.com", redirectTo });
    expect(status).toBe(200);
  });

  // PRODUCT.md "Accounts": `/.//evil.example` normalises to `//evil.example`, another host.
  it.each([
    ["a valid address", "dan@example.com"],
    ["an invalid address", "dan@"],
  ])("for %s, never sends a Location that leaves the site, whatever normalisation makes of it", async (_, email) => {
    for (const redirectTo of [
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/a/..//evil.example",
      "/.%2F/evil.example",
      "/%5C%5Cevil.example",
    ]) {
      const { status, response, location } = await subscribe({ email, redirectTo });
      expect({ redirectTo, status, location }).toEqual({ redirectTo, status: email.endsWith("@") ? 400 : 200, location: undefined });
      expect(response?.headers.get("Location") ?? null).toBeNull();
    }
  });

  it("sends the visitor to the normalised path on this site", async () => {
    const { status, response } = await subscribe({ email: "erin@example.com", redirectTo: "/./videos/../blog?page=2" });
    expect(status).toBe(302);
    const location = response!.headers.get("Location")!;
    expect(location).toBe("/blog?page=2&newsletter=subscribed#newsletter");
    expect(new URL(location, "https://marketwire.example").origin).toBe("https://marketwire.example");
  });

  it("sends a stray GET to the home page's box", async () => {
    const response = await loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#newsletter");
  });
});

describe("/resources/newsletter never tells whether an address is on the list", () => {
  it.each([
    ["without SMTP_URL", false],
    ["with SMTP_URL", true],
  ])("%s: a new, a pending and a confirmed address get the same answer, with and without JavaScript", async (_case, smtp) => {
    useSmtp(smtp);
    await subscribe({ email: "pending@example.com" });
    await subscribe({ email: "confirmed@example.com" });
    await confirmSubscriber("confirmed@example.com");
    for (const redirectTo of [undefined, "/videos"]) {
      const extra: Record<string, string> = redirectTo ? { redirectTo } : {};
      const answers = [];
      for (const email of ["new@example.com", "pending@example.com", "confirmed@example.com"]) {
        answers.push(await visibleAnswer({ email, ...extra }));
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
  });

  // Each row: SMTP_URL set or not, the address sent without JavaScript (after ann@example.com with it),
  // the outcome both are answered, the toast of the plain form, and who is mailed (each its confirmation link).
  it.each([
    [
      "without SMTP_URL: the thanks text, stored pending, and no mail",
      false,
      "ann@example.com",
      "subscribed",
      { title: "Subscribed", description: NEWSLETTER_SUCCESS },
      [],
    ],
    [
      "with SMTP_URL: asks the visitor to check their inbox, and mails the new address its confirmation link",
      true,
      "bob@example.com",
      "confirm",
      { title: "Check your inbox", description: NEWSLETTER_CHECK_INBOX },
      ["ann@example.com", "bob@example.com"],
    ],
  ])("%s", async (_case, smtp, plainEmail, outcome, toast, mailedTo) => {
    useSmtp(smtp);
    const fetcher = await visibleAnswer({ email: "ann@example.com" });
    expect(fetcher.body).toEqual({ ok: true, outcome });
    const plain = await visibleAnswer({ email: plainEmail, redirectTo: "/" });
    expect(plain.location).toBe(`/?newsletter=${outcome}#newsletter`);
    expect(plain.toast).toEqual({ type: "success", ...toast });
    await readOutboxInto(sent);
    expect(sent.map((mail) => mail.to).sort()).toEqual(mailedTo);
    for (const mail of sent) expect(mail.text).toMatch(/http:\/\/localhost:3000\/newsletter\/confirm\?token=\S+/);
  });
});
