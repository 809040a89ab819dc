import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { emptyOutbox, readOutboxInto, type Mail } from "../../../tests/support/mail";
import { getDb, schema } from "../db/db.server";
import { resetEnvCache } from "../env.server";
import { readNewsletterToken } from "./subscriber-links.server";
import { confirmSubscriber, subscriberState, subscribeToNewsletter, unsubscribe } from "./subscribers.server";

const sent: Mail[] = [];

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = "smtp://mail.test:2525";
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

async function subscribe(email: string) {
  await subscribeToNewsletter(email);
  await readOutboxInto(sent);
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
  await emptyOutbox();
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
    await readOutboxInto(sent);
    expect(await rows()).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("only queues the mail: nothing is sent in the request, so a slow mail server cannot show which addresses are new", async () => {
    // SMTP_URL names a host that does not exist: subscribing still succeeds, and the mail waits in the outbox.
    await subscribe("slow@example.com");
    expect(sent).toMatchObject([{ kind: "newsletter-confirmation", to: "slow@example.com", status: "queued" }]);
  });

  it("stores the address and its mail in one transaction: when the mail cannot be queued, neither is stored", async () => {
    const db = await getDb();
    // A check the test adds to the outbox makes the queueing statement fail inside the transaction.
    await db.execute(sql`alter table mail_outbox add constraint test_refuse_all check (to_address <> 'fail@example.com')`);
    try {
      await expect(subscribeToNewsletter("fail@example.com")).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table mail_outbox drop constraint test_refuse_all`);
    }
    expect(await subscriberState("fail@example.com")).toBeNull();
    await readOutboxInto(sent);
    expect(sent).toEqual([]);
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
