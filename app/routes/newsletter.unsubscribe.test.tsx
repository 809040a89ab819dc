import "../../tests/support/dom";

import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { createNewsletterToken } from "~/server/newsletter/subscriber-links.server";
import { confirmSubscriber, subscriberState, subscribeToNewsletter } from "~/server/newsletter/subscribers.server";

import { readOutboxInto, type Mail } from "../../tests/support/mail";
import { formOf, mailedLink, mailingBeforeEach } from "../../tests/support/newsletter";
import { newsletterLinkPage } from "../../tests/support/newsletter-page";
import { callRoute } from "../../tests/support/route";
import NewsletterUnsubscribe, { action, headers, loader, meta } from "./newsletter.unsubscribe";

const sent: Mail[] = [];

const { open, render, heading } = newsletterLinkPage(NewsletterUnsubscribe, loader, action);

async function storedEmails() {
  const db = await getDb();
  return (await db.select({ email: schema.newsletterSubscribers.email }).from(schema.newsletterSubscribers)).map((r) => r.email).sort();
}

mailingBeforeEach(sent);

describe("/newsletter/unsubscribe", () => {
  it("the link in the confirmation mail shows a button (GET removes nothing); pressing it removes the address", async () => {
    await subscribeToNewsletter("ann@example.com");
    await subscribeToNewsletter("bob@example.com");
    await readOutboxInto(sent);
    const link = mailedLink(
      sent.find((m) => m.to === "ann@example.com"),
      "unsubscribe",
    )!;

    const shown = await open(link);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ state: "subscribed", email: "ann@example.com" });
    expect(await storedEmails()).toEqual(["ann@example.com", "bob@example.com"]);
    expect(formOf(render(link, shown.body))).toEqual({ method: "post", action: link, button: "Unsubscribe" });

    const pressed = await open(link, "POST");
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toBe(link);
    expect(await storedEmails()).toEqual(["bob@example.com"]);

    const after = await open(link);
    expect(after).toMatchObject({ status: 200, body: { state: "unsubscribed", email: "ann@example.com" } });
    const page = render(link, after.body);
    expect(heading()).toBe("You are unsubscribed");
    expect(page.querySelector("form")).toBeNull();
  });

  it("unsubscribes at once on a mail provider's one-click POST (RFC 8058), answering the new state rather than a redirect", async () => {
    await subscribeToNewsletter("ann@example.com");
    await confirmSubscriber("ann@example.com");
    const link = `/newsletter/unsubscribe?token=${createNewsletterToken("unsubscribe", "ann@example.com")}`;
    // What Gmail and others send: no Origin of ours, no cookie, the body List-Unsubscribe=One-Click.
    const request = new Request(`http://localhost:3000${link}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = await callRoute(action, request, { throws: false });
    expect(answer).toMatchObject({ status: 200, body: { state: "unsubscribed", email: "ann@example.com" } });
    expect(await subscriberState("ann@example.com")).toBeNull();
  });

  it("a one-click POST with a forged token unsubscribes nobody", async () => {
    await subscribeToNewsletter("ann@example.com");
    const [, signature] = createNewsletterToken("unsubscribe", "someone@example.com").split(".");
    const forged = `${Buffer.from("unsubscribe\n\nann@example.com").toString("base64url")}.${signature}`;
    const request = new Request(`http://localhost:3000/newsletter/unsubscribe?token=${forged}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect((await callRoute(action, request, { throws: false })).status).toBe(400);
    expect(await subscriberState("ann@example.com")).toBe("pending");
  });

  it("works for a confirmed subscriber, and pressing twice is harmless", async () => {
    await subscribeToNewsletter("ann@example.com");
    await confirmSubscriber("ann@example.com");
    const link = `/newsletter/unsubscribe?token=${createNewsletterToken("unsubscribe", "ann@example.com")}`;
    expect((await open(link, "POST")).status).toBe(303);
    expect((await open(link, "POST")).status).toBe(303);
    expect(await subscriberState("ann@example.com")).toBeNull();
  });

  it.each([
    ["no token", () => "/newsletter/unsubscribe"],
    ["a damaged token", () => "/newsletter/unsubscribe?token=abc.def"],
    ["a confirm token", () => `/newsletter/unsubscribe?token=${createNewsletterToken("confirm", "ann@example.com")}`],
    [
      "a forged token (address changed, signature kept)",
      () => {
        const [, signature] = createNewsletterToken("unsubscribe", "attacker@example.com").split(".");
        return `/newsletter/unsubscribe?token=${Buffer.from("unsubscribe\n\nann@example.com").toString("base64url")}.${signature}`;
      },
    ],
  ])("%s: 400 'This link is not valid', and nobody is removed", async (_case, path) => {
    await subscribeToNewsletter("ann@example.com");
    for (const method of ["GET", "POST"] as const) {
      const answer = await open(path(), method);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: "invalid" });
    }
    render(path(), { state: "invalid" });
    expect(heading()).toBe("This link is not valid");
    expect(await storedEmails()).toEqual(["ann@example.com"]);
  });

  it("is personal, never cached and never indexed, and sends its token to no other site as a Referer", async () => {
    await subscribeToNewsletter("ann@example.com");
    const shown = await open(`/newsletter/unsubscribe?token=${createNewsletterToken("unsubscribe", "ann@example.com")}`);
    for (const h of [shown.headers, new Headers(headers({} as never) as HeadersInit)]) {
      expect(h.get("Cache-Control")).toBe("private, no-store");
      expect(h.get("X-Robots-Tag")).toBe("noindex");
      expect(h.get("Referrer-Policy")).toBe("same-origin");
    }
    expect(meta({} as never)).toContainEqual({ name: "robots", content: "noindex" });
  });
});
