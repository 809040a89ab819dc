import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { getDb, schema } from "../db/db.server";
import { resetEnvCache } from "../env.server";
import type { Mail } from "../mail.server";
import { readNewsletterToken } from "./newsletter-links.server";
import { confirmSubscriber, settleNewsletterMail, subscriberState, subscribeToNewsletter, unsubscribe } from "./newsletter.server";

// The transport is replaced so the tests read the mail instead of sending it (no SMTP server needed).
const sent: Mail[] = [];
vi.mock("../mail.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../mail.server")>()),
  sendMail: vi.fn(async (mail: Mail) => {
    sent.push(mail);
  }),
}));

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = "smtp://mail.test:2525";
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

async function subscribe(email: string) {
  await subscribeToNewsletter(email);
  await settleNewsletterMail();
}

async function rows() {
  const db = await getDb();
  return db.select().from(schema.newsletterSubscribers);
}

/** The links of a mail, by page. */
function linksIn(mail: Mail) {
  const urls = mail.text.match(/https?:\/\/\S+/g) ?? [];
  return {
    confirm: urls.find((u) => u.includes("/newsletter/confirm?token=")),
    unsubscribe: urls.find((u) => u.includes("/newsletter/unsubscribe?token=")),
  };
}

beforeEach(async () => {
  sent.length = 0;
  const db = await getDb();
  await db.delete(schema.newsletterSubscribers);
});

afterEach(() => useSmtp(false));

describe("subscribeToNewsletter without SMTP_URL", () => {
  it("stores the address once, pending, and sends no mail", async () => {
    await subscribe("ann@example.com");
    await subscribe("ann@example.com");
    expect((await rows()).map((r) => [r.email, r.confirmedAt, r.lastMailedAt])).toEqual([["ann@example.com", null, null]]);
    expect(await subscriberState("ann@example.com")).toBe("pending");
    expect(sent).toEqual([]);
  });
});

describe("subscribeToNewsletter with SMTP_URL (double opt-in)", () => {
  beforeEach(() => useSmtp(true));

  it("mails a new address its confirmation link and its unsubscribe link, and keeps it pending", async () => {
    await subscribe("ann@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("ann@example.com");
    expect(sent[0]!.subject).toBe("Confirm your MarketWire newsletter subscription");
    const { confirm, unsubscribe: unsubscribeUrl } = linksIn(sent[0]!);
    expect(readNewsletterToken("confirm", new URL(confirm!).searchParams.get("token"))).toMatchObject({
      valid: true,
      email: "ann@example.com",
    });
    expect(readNewsletterToken("unsubscribe", new URL(unsubscribeUrl!).searchParams.get("token"))).toMatchObject({
      valid: true,
      email: "ann@example.com",
    });
    expect(await subscriberState("ann@example.com")).toBe("pending");
  });

  it("mails a pending address at most once in 15 minutes", async () => {
    await subscribe("ann@example.com");
    await subscribe("ann@example.com");
    expect(sent).toHaveLength(1);

    const db = await getDb();
    await db.update(schema.newsletterSubscribers).set({ lastMailedAt: sql`now() - interval '16 minutes'` });
    await subscribe("ann@example.com");
    expect(sent).toHaveLength(2);
    expect(linksIn(sent[1]!).confirm).toBeDefined();
  });

  it("tells a confirmed address that it already is, with its unsubscribe link and no confirmation link", async () => {
    await subscribe("ann@example.com");
    await confirmSubscriber("ann@example.com");
    const db = await getDb();
    await db.update(schema.newsletterSubscribers).set({ lastMailedAt: sql`now() - interval '16 minutes'` });
    await subscribe("ann@example.com");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe("You are already subscribed to the MarketWire newsletter");
    expect(linksIn(sent[1]!)).toMatchObject({ confirm: undefined, unsubscribe: expect.any(String) });
    expect(await subscriberState("ann@example.com")).toBe("confirmed");
  });

  it("an address stored while no mail could be sent gets its link when entered again", async () => {
    useSmtp(false);
    await subscribe("ann@example.com");
    useSmtp(true);
    await subscribe("ann@example.com");
    expect(sent.map((m) => m.subject)).toEqual(["Confirm your MarketWire newsletter subscription"]);
  });

  it("keeps one row and sends one mail under concurrent subscriptions of the same address", async () => {
    await Promise.all(Array.from({ length: 10 }, () => subscribeToNewsletter("bob@example.com")));
    await settleNewsletterMail();
    expect(await rows()).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("returns before the mail is sent, so a slow mail server cannot show which addresses are new", async () => {
    const { sendMail } = await import("../mail.server");
    let release!: () => void;
    vi.mocked(sendMail).mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    await subscribeToNewsletter("slow@example.com");
    expect(release).toBeTypeOf("function"); // the mail is under way, and the call has already returned
    release();
    await settleNewsletterMail();
  });

  it("logs a failed mail without the address and never throws", async () => {
    const { sendMail } = await import("../mail.server");
    vi.mocked(sendMail).mockRejectedValueOnce(new Error("connection refused"));
    const logged = vi.mocked(console.error).mockImplementation(() => {}); // expected here
    await subscribe("fail@example.com");
    // Under Vitest a log line reaches the console as its JSON text (log.server.ts).
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { level: string; msg: string })).toMatchObject([
      { level: "error", msg: "[newsletter] a subscription mail could not be sent: connection refused" },
    ]);
    expect(String(logged.mock.calls[0]![0])).not.toContain("fail@example.com");
    expect(await subscriberState("fail@example.com")).toBe("pending");
  });
});

describe("confirmSubscriber and unsubscribe", () => {
  it("confirms once (keeping the first time), and not an address that is gone", async () => {
    await subscribe("ann@example.com");
    expect(await confirmSubscriber("ann@example.com")).toBe("confirmed");
    const [first] = await rows();
    expect(first!.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmSubscriber("ann@example.com")).toBe("confirmed");
    expect((await rows())[0]!.confirmedAt).toEqual(first!.confirmedAt);

    await unsubscribe("ann@example.com");
    expect(await rows()).toEqual([]);
    expect(await subscriberState("ann@example.com")).toBeNull();
    expect(await confirmSubscriber("ann@example.com")).toBeNull();
    expect(await rows()).toEqual([]);
  });
});
