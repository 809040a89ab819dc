import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { emptyOutbox, mailFigures } from "../../../tests/support/mail";
import { startSmtpSink, type SinkOptions, type SmtpSink } from "../../../tests/support/smtp-sink";
import { getDb, schema } from "../db/db.server";
import { backoffAfter, sendDueMails, startMailWorker, type MailWorkerOptions } from "./mail-worker.server";
import { queueMail, sendLater, type OutgoingMail } from "./outbox.server";
import { smtpTransport, type MailTransport } from "./smtp-transport.server";

const t = schema.mailOutbox;
const FROM = "MarketWire <no-reply@marketwire.test>";

let sinks: SmtpSink[] = [];
let transports: MailTransport[] = [];
async function sink(options?: SinkOptions) {
  const started = await startSmtpSink(options);
  sinks.push(started);
  return started;
}

function worker(to: SmtpSink | string, options: Partial<MailWorkerOptions> = {}): MailWorkerOptions {
  const url = typeof to === "string" ? to : to.url;
  const transport = smtpTransport(url, FROM, 2);
  transports.push(transport);
  return { transport, ratePerMinute: 10_000, ...options };
}

function mails(count: number, extra: Partial<OutgoingMail> = {}): OutgoingMail[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: "edition",
    to: `reader${i}@example.com`,
    subject: `Edition ${i}`,
    text: `Hello reader ${i}`,
    ...extra,
  }));
}

async function rows() {
  const db = await getDb();
  return db.select().from(t).orderBy(asc(t.id));
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeEach(emptyOutbox);
afterEach(async () => {
  // Pooled connections left open would hold each server's close for its 30-second grace.
  for (const transport of transports) transport.close();
  transports = [];
  await Promise.all(sinks.map((s) => s.close()));
  sinks = [];
});

describe("backoffAfter", () => {
  it("waits a minute after the first failure, doubling to at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffAfter(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe("queueMail", () => {
  it("queues a mail once per dedupe key", async () => {
    const db = await getDb();
    expect(await queueMail(db, mails(1, { dedupeKey: "alert:1" }))).toBe(1);
    expect(await queueMail(db, mails(1, { dedupeKey: "alert:1" }))).toBe(0);
    expect(await rows()).toHaveLength(1);
  });
});

describe("sending through a real SMTP server", () => {
  it("sends each queued mail once, with both parts, its headers and a Message-ID named after its row", async () => {
    const smtp = await sink();
    await queueMail(await getDb(), mails(3, { html: "<p>Hello</p>", headers: { "List-Unsubscribe": "<https://example.com/u>" } }));
    expect(await sendDueMails(worker(smtp))).toBe(3);
    expect(smtp.received.map((m) => m.to).sort()).toEqual(["reader0@example.com", "reader1@example.com", "reader2@example.com"]);
    const ids = (await rows()).map((row) => row.id);
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<outbox-${id}@marketwire.test>`).sort());
    expect(smtp.received[0]).toMatchObject({ html: "<p>Hello</p>", headers: { "list-unsubscribe": "<https://example.com/u>" } });
    expect(smtp.received[0]!.text.trim()).toMatch(/^Hello reader \d$/);
    expect(await rows()).toMatchObject(Array(3).fill({ status: "sent", attempts: 1, lastError: null, claimedUntil: null }));
    expect((await rows()).every((row) => row.sentAt instanceof Date)).toBe(true);
    // Nothing is sent twice.
    expect(await sendDueMails(worker(smtp))).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it("counts one send per item an edition or alert carries once the server accepts it; a refused mail, or another kind, none", async () => {
    const smtp = await sink({ refuse: (to) => (to.includes("refused") ? { code: 550, message: "No such mailbox" } : undefined) });
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const items = [
      { type: "video" as const, id: a },
      { type: "blog" as const, id: b },
    ];
    await queueMail(await getDb(), [
      ...mails(2, { items }),
      { kind: "alert", to: "ann@example.com", subject: "Alert", text: "New", items: [items[0]!] },
      { kind: "alert", to: "refused@example.com", subject: "Alert", text: "New", items: [items[0]!] },
      { kind: "verification", to: "new@example.com", subject: "Verify", text: "Link", items },
    ]);
    await sendDueMails(worker(smtp));
    expect(smtp.received).toHaveLength(4);
    expect(await mailFigures()).toEqual([`blog:${b}:newsletter 2/0`, `video:${a}:alert 1/0`, `video:${a}:newsletter 2/0`].sort());
  });

  it("tries a mail refused with a 4xx again after its backoff, and then it is sent", async () => {
    const smtp = await sink({ refuse: (_to, attempt) => (attempt === 1 ? { code: 451, message: "Try again later" } : undefined) });
    await queueMail(await getDb(), mails(1));
    await sendDueMails(worker(smtp));
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("451") });
    expect(waiting!.notBefore.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await sendDueMails(worker(smtp))).toBe(0); // not before its time

    const db = await getDb();
    await db.update(t).set({ notBefore: sql`now()` });
    expect(await sendDueMails(worker(smtp))).toBe(1);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 2, lastError: null }]);
    expect(smtp.received).toHaveLength(1);
  });

  it("records a mail refused with a 5xx as failed, with the server's answer, and never tries it again", async () => {
    const smtp = await sink({ refuse: () => ({ code: 550, message: "No such mailbox" }) });
    await queueMail(await getDb(), mails(1));
    await sendDueMails(worker(smtp));
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 1, lastError: expect.stringMatching(/550.*No such mailbox/) }]);
    expect(await sendDueMails(worker(smtp))).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("gives up after the last attempt when the server keeps answering 4xx", async () => {
    const smtp = await sink({ refuse: () => ({ code: 421, message: "Busy" }) });
    await queueMail(await getDb(), mails(1));
    await sendDueMails(worker(smtp, { maxAttempts: 3, backoffMs: () => 0 }));
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 3, lastError: expect.stringContaining("421") }]);
  });

  it("treats an SMTP server that cannot be reached as a temporary failure", async () => {
    const smtp = await sink();
    const url = smtp.url;
    await smtp.close();
    sinks = [];
    await queueMail(await getDb(), mails(1));
    await sendDueMails(worker(url));
    expect(await rows()).toMatchObject([{ status: "queued", attempts: 1, lastError: expect.stringContaining("ECONNREFUSED") }]);
  });

  it("hands the SMTP server no more mails in a minute than MAIL_RATE_PER_MINUTE allows", async () => {
    const smtp = await sink();
    await queueMail(await getDb(), mails(8));
    expect(await sendDueMails(worker(smtp, { ratePerMinute: 5 }))).toBe(5);
    expect(smtp.received).toHaveLength(5);
    expect((await rows()).filter((row) => row.status === "queued")).toHaveLength(3);
  });

  it("never sends a mail twice when two workers share the outbox", async () => {
    const smtp = await sink();
    await queueMail(await getDb(), mails(120));
    const [a, b] = await Promise.all([sendDueMails(worker(smtp, { batchSize: 7 })), sendDueMails(worker(smtp, { batchSize: 5 }))]);
    expect(a + b).toBe(120);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(120);
    expect(smtp.received).toHaveLength(120);
  });

  it("takes over a mail whose claim has run out (its worker stopped), never one still claimed", async () => {
    const smtp = await sink();
    const db = await getDb();
    await queueMail(db, mails(2));
    const [stale, live] = await rows();
    await db
      .update(t)
      .set({ status: "sending", attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(t.id, stale!.id));
    await db
      .update(t)
      .set({ status: "sending", attempts: 1, claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(t.id, live!.id));
    expect(await sendDueMails(worker(smtp))).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([stale!.toAddress]);
    expect(await rows()).toMatchObject([
      { status: "sent", attempts: 2 },
      { status: "sending", attempts: 1 },
    ]);
  });
});

/** A transport whose every send waits until `release` is called (an SMTP server taking its time). */
function heldTransport() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transport: MailTransport = { send: () => held, close: () => {} };
  return { transport, release };
}

describe('claims and the rate (PRODUCT.md "Mail")', () => {
  it("renews its claim while it sends, so a slow mail is never taken over by another worker", async () => {
    const smtp = await sink();
    await queueMail(await getDb(), mails(1));
    const slow = heldTransport();
    const sending = sendDueMails({ transport: slow.transport, ratePerMinute: 10_000, claimMs: 300 });
    await until(async () => (await rows())[0]?.status === "sending");
    const firstEnd = (await rows())[0]!.claimedUntil!;
    // Past the claim's first end, it has been moved on (every 100 ms here): the mail is still this worker's.
    await until(async () => Date.now() > firstEnd.getTime() + 100 && (await rows())[0]!.claimedUntil! > firstEnd);
    expect(await sendDueMails(worker(smtp))).toBe(0);
    slow.release();
    await sending;
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 1 }]);
    expect(smtp.received).toEqual([]);
  });

  it("counts a mail still being sent against the rate however long ago it was claimed, and each attempt from when it began", async () => {
    const smtp = await sink();
    const db = await getDb();
    await queueMail(db, mails(10));
    const slow = heldTransport();
    const sending = sendDueMails({ transport: slow.transport, ratePerMinute: 5, batchSize: 5 });
    await until(async () => (await rows()).filter((row) => row.status === "sending").length === 5);
    // An SMTP server so slow that the claim is two minutes old: the five are still on their way.
    await db
      .update(t)
      .set({ attemptedAt: sql`now() - interval '2 minutes'` })
      .where(eq(t.status, "sending"));
    expect(await sendDueMails(worker(smtp, { ratePerMinute: 5 }))).toBe(0);
    slow.release();
    await sending;
    const sent = (await rows()).filter((row) => row.status === "sent");
    expect(sent).toHaveLength(5);
    // Dated when they began, within the last minute: the minute still holds no more.
    for (const row of sent) expect(Date.now() - row.attemptedAt!.getTime()).toBeLessThan(60_000);
    expect(await sendDueMails(worker(smtp, { ratePerMinute: 5 }))).toBe(0);
    expect(smtp.received).toEqual([]);
  });
});

describe("startMailWorker", () => {
  it("sends a mail queued in this process at once, without waiting for its next look", async () => {
    const smtp = await sink();
    const timers = vi.spyOn(globalThis, "setTimeout");
    const running = startMailWorker(worker(smtp, { pollMs: 60_000 }));
    try {
      // Its first look found nothing: it sleeps until its next look, a minute away.
      await until(() => timers.mock.calls.some(([, ms]) => ms === 60_000), 5_000);
      await sendLater(mails(1));
      await until(() => smtp.received.length === 1, 5_000);
    } finally {
      timers.mockRestore();
      await running.stop();
    }
    expect(await rows()).toMatchObject([{ status: "sent" }]);
  });

  it("stops after the mail it is sending, giving back the rest of its claim for the next worker", async () => {
    const smtp = await sink({ delayMs: 150 });
    await queueMail(await getDb(), mails(10));
    const running = startMailWorker(worker(smtp, { concurrency: 1, batchSize: 10 }));
    await until(() => smtp.received.length >= 1);
    await running.stop();
    const after = await rows();
    const sent = after.filter((row) => row.status === "sent");
    expect(sent.length).toBe(smtp.received.length);
    expect(sent.length).toBeLessThan(10);
    expect(after.filter((row) => row.status === "sending")).toEqual([]);
    expect(after.filter((row) => row.status === "queued").every((row) => row.attempts === 0 && row.claimedUntil === null)).toBe(true);
    // The next worker sends the rest, and nothing twice.
    await sendDueMails(worker(smtp));
    expect(new Set(smtp.received.map((m) => m.to)).size).toBe(10);
    expect(smtp.received).toHaveLength(10);
  });
});
