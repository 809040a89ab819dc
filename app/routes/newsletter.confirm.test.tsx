import "../../tests/support/dom";

import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { createNewsletterToken } from "~/server/newsletter/subscriber-links.server";
import { subscriberState, subscribeToNewsletter } from "~/server/newsletter/subscribers.server";

import { readOutboxInto, type Mail } from "../../tests/support/mail";
import { formOf, mailedLink, mailingBeforeEach } from "../../tests/support/newsletter";
import { newsletterLinkPage } from "../../tests/support/newsletter-page";
import NewsletterConfirm, { action, headers, loader, meta } from "./newsletter.confirm";

const sent: Mail[] = [];

const DAY = 24 * 60 * 60 * 1000;

const { open, render, heading } = newsletterLinkPage(NewsletterConfirm, loader, action);

/** The confirmation link mailed to `email` when it subscribes (SMTP_URL set), as a path with its token. */
async function mailedConfirmLink(email: string) {
  await subscribeToNewsletter(email);
  await readOutboxInto(sent);
  return mailedLink(
    sent.findLast((m) => m.to === email),
    "confirm",
  )!;
}

mailingBeforeEach(sent);

describe("/newsletter/confirm", () => {
  it("the mailed link shows a button (GET changes nothing); pressing it confirms the address", async () => {
    const link = await mailedConfirmLink("ann@example.com");
    const shown = await open(link);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ state: "pending", email: "ann@example.com" });
    expect(await subscriberState("ann@example.com")).toBe("pending");
    const page = render(link, shown.body);
    expect(heading()).toBe("Confirm your subscription");
    expect(formOf(page)).toEqual({ method: "post", action: link, button: "Confirm subscription" });

    const pressed = await open(link, "POST");
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toBe(link);
    expect(await subscriberState("ann@example.com")).toBe("confirmed");

    const after = await open(link);
    expect(after).toMatchObject({ status: 200, body: { state: "confirmed", email: "ann@example.com" } });
    render(link, after.body);
    expect(heading()).toBe("Subscription confirmed");
  });

  it.each([
    ["no token", "/newsletter/confirm"],
    ["a damaged token", "/newsletter/confirm?token=abc.def"],
    ["an unsubscribe token", `/newsletter/confirm?token=${createNewsletterToken("unsubscribe", "ann@example.com")}`],
  ])("%s: 400 'This link is not valid', and nothing is confirmed", async (_case, path) => {
    await subscribeToNewsletter("ann@example.com");
    for (const method of ["GET", "POST"] as const) {
      const answer = await open(path, method);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: "invalid" });
    }
    render(path, { state: "invalid" });
    expect(heading()).toBe("This link is not valid");
    expect(await subscriberState("ann@example.com")).toBe("pending");
  });

  it("a forged token (address changed, signature kept) is refused", async () => {
    await subscribeToNewsletter("victim@example.com");
    const [, signature] = createNewsletterToken("confirm", "attacker@example.com").split(".");
    const payload = Buffer.from(`confirm\n${Math.floor(Date.now() / 1000) + 3600}\nvictim@example.com`).toString("base64url");
    const answer = await open(`/newsletter/confirm?token=${payload}.${signature}`, "POST");
    expect(answer.status).toBe(400);
    expect(await subscriberState("victim@example.com")).toBe("pending");
  });

  it("an expired link: 410 with the box to subscribe again, and nothing is confirmed", async () => {
    await subscribeToNewsletter("ann@example.com");
    const token = createNewsletterToken("confirm", "ann@example.com", new Date(Date.now() - 8 * DAY));
    const path = `/newsletter/confirm?token=${token}`;
    for (const method of ["GET", "POST"] as const) {
      const answer = await open(path, method);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({ state: "expired" });
    }
    const page = render(path, { state: "expired" });
    expect(heading()).toBe("This link has expired");
    expect(page.querySelector("#newsletter")).not.toBeNull();
    expect(await subscriberState("ann@example.com")).toBe("pending");
  });

  it("an expired link of an address that is already confirmed still says all is well", async () => {
    const link = await mailedConfirmLink("ann@example.com");
    await open(link, "POST");
    const old = `/newsletter/confirm?token=${createNewsletterToken("confirm", "ann@example.com", new Date(Date.now() - 30 * DAY))}`;
    expect(await open(old)).toMatchObject({ status: 200, body: { state: "confirmed" } });
  });

  it("after unsubscribing, the confirmation link cannot put the address back (410)", async () => {
    const link = await mailedConfirmLink("ann@example.com");
    const db = await getDb();
    await db.delete(schema.newsletterSubscribers);
    const answer = await open(link, "POST");
    expect(answer).toMatchObject({ status: 410, body: { state: "gone" } });
    expect(await subscriberState("ann@example.com")).toBeNull();
  });

  it("is personal, never cached and never indexed, and sends its token to no other site as a Referer", async () => {
    const link = await mailedConfirmLink("ann@example.com");
    const shown = await open(link);
    const sentHeaders = new Headers(headers({} as never) as HeadersInit);
    for (const h of [shown.headers, sentHeaders]) {
      expect(h.get("Cache-Control")).toBe("private, no-store");
      expect(h.get("X-Robots-Tag")).toBe("noindex");
      expect(h.get("Referrer-Policy")).toBe("same-origin");
    }
    expect(meta({} as never)).toContainEqual({ name: "robots", content: "noindex" });
  });
});
