/**
 * The mail outbox on the built server (PRODUCT.md "Mail"), against a real SMTP server the test starts:
 * a subscription's confirmation mail reaches it; two instances on one PostgreSQL send a batch with no
 * mail twice; a server stopped mid-batch (SIGTERM) gives its claim back and the next one finishes with
 * one copy each; one killed mid-batch (SIGKILL) leaves its claim, which the next server takes over once
 * it runs out, repeating at most the mails it had in flight, each with its first copy's Message-ID.
 */
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";

import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../support/smtp-sink";
import { freshSite, sameOrigin, send, startServer, stopAllServers, until, type Site } from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
let sink: SmtpSink | undefined;
afterEach(async () => {
  await stopAllServers();
  await sink?.close();
  sink = undefined;
});
afterAll(async () => {
  for (const site of sites) await site.remove();
});

async function site() {
  const fresh = await freshSite();
  sites.push(fresh);
  return fresh;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Queues `count` edition mails straight into the outbox, as an edition's send will. */
async function queueBatch(url: string, count: number) {
  await query(
    url,
    `insert into mail_outbox (kind, to_address, subject, text_body, batch)
     select 'edition', 'reader' || i || '@example.com', 'Edition', 'Hello reader ' || i, 'edition:test'
     from generate_series(1, $1::int) as i`,
    [count],
  );
}

function copiesByRecipient(received: ReceivedMail[]) {
  const copies = new Map<string, ReceivedMail[]>();
  for (const mail of received) copies.set(mail.to, [...(copies.get(mail.to) ?? []), mail]);
  return copies;
}

const smtpEnv = (smtp: SmtpSink) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "MarketWire <news@marketwire.test>",
  MAIL_RATE_PER_MINUTE: "100000",
});

describe("the mail outbox on PostgreSQL", () => {
  it("mails a newsletter confirmation link that opens the confirm page", async () => {
    sink = await startSmtpSink();
    const server = await startServer(buildDir, await site(), { env: smtpEnv(sink) });
    const answer = await send(server.origin, {
      path: "/resources/newsletter",
      headers: sameOrigin(server),
      form: { email: "new.reader@example.com" },
    });
    expect(answer.status).toBe(200);
    await until("the confirmation mail", () => sink!.received.length === 1, 15_000);
    const [mail] = sink.received;
    expect(mail).toMatchObject({ to: "new.reader@example.com", subject: "Confirm your MarketWire newsletter subscription" });
    expect(mail!.messageId).toMatch(/^<outbox-\d+@marketwire\.test>$/);
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail!.text)![0]);
    const page = await send(server.origin, { path: `${link.pathname}${link.search}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Confirm");
  });

  it("two instances send a batch of 300 with every recipient receiving exactly one copy", async () => {
    sink = await startSmtpSink({ delayMs: 5 });
    const shared = await site();
    const servers = await Promise.all([
      startServer(buildDir, shared, { env: smtpEnv(sink) }),
      startServer(buildDir, shared, { env: smtpEnv(sink) }),
    ]);
    await queueBatch(shared.env.DATABASE_URL!, 300);
    await until("300 mails", () => sink!.received.length >= 300, 60_000);
    // A stop finishes the mail being sent: once both have stopped, any duplicate has arrived.
    for (const server of servers) expect((await server.stop()).code).toBe(0);
    const copies = copiesByRecipient(sink.received);
    expect(copies.size).toBe(300);
    expect([...copies.values()].every((list) => list.length === 1)).toBe(true);
    expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(300);
    const states = await query<{ status: string; n: string }>(
      shared.env.DATABASE_URL!,
      "select status, count(*) as n from mail_outbox group by status",
    );
    expect(states).toEqual([{ status: "sent", n: "300" }]);
  });

  it("a server stopped mid-batch finishes the mail it is sending; the next server sends the rest, one copy each", async () => {
    sink = await startSmtpSink({ delayMs: 40 });
    const shared = await site();
    const first = await startServer(buildDir, shared, { env: smtpEnv(sink) });
    await queueBatch(shared.env.DATABASE_URL!, 200);
    await until("the first 40 mails", () => sink!.received.length >= 40, 60_000);
    expect((await first.stop()).code).toBe(0);
    const beforeRestart = sink.received.length;
    expect(beforeRestart).toBeLessThan(200);
    const second = await startServer(buildDir, shared, { env: smtpEnv(sink) });
    await until("200 mails", () => sink!.received.length >= 200, 60_000);
    expect((await second.stop()).code).toBe(0);
    const copies = copiesByRecipient(sink.received);
    expect(copies.size).toBe(200);
    expect(sink.received).toHaveLength(200);
  });

  it("a server killed mid-batch: its claim runs out, the next server finishes, repeating only mails it had in flight", async () => {
    sink = await startSmtpSink({ delayMs: 40 });
    const shared = await site();
    const url = shared.env.DATABASE_URL!;
    const first = await startServer(buildDir, shared, { env: smtpEnv(sink) });
    await queueBatch(url, 200);
    await until("the first 40 mails", () => sink!.received.length >= 40, 60_000);
    first.signal("SIGKILL");
    await first.exited;
    const stuck = await query<{ n: string; seconds: number }>(
      url,
      "select count(*) as n, extract(epoch from max(claimed_until) - now())::float as seconds from mail_outbox where status = 'sending'",
    );
    expect(Number(stuck[0]!.n)).toBeGreaterThan(0);
    // The dead worker's claim is short (30 s, renewed only while it lived): the next server takes over in that time.
    expect(stuck[0]!.seconds).toBeLessThanOrEqual(30);
    // Those seconds pass.
    await query(url, "update mail_outbox set claimed_until = now() - interval '1 second' where status = 'sending'");
    const next = await startServer(buildDir, shared, { env: smtpEnv(sink) });
    await until(
      "every mail sent",
      async () => {
        const [row] = await query<{ n: string }>(url, "select count(*) as n from mail_outbox where status <> 'sent'");
        return row!.n === "0";
      },
      60_000,
    );
    expect((await next.stop()).code).toBe(0);
    const copies = copiesByRecipient(sink.received);
    expect(copies.size).toBe(200);
    const repeated = [...copies.values()].filter((list) => list.length > 1);
    // At most the 4 mails on the wire when the process died, each repeated under its first Message-ID.
    expect(repeated.length).toBeLessThanOrEqual(4);
    for (const list of repeated) expect(new Set(list.map((mail) => mail.messageId)).size).toBe(1);
    expect(sink.received.length).toBe(200 + repeated.length);
  });
});
