/**
 * Mail benchmark (issue 28): `npm run bench:mail`.
 *
 * An edition to 10,000 confirmed subscribers, on a fresh embedded database in a temporary folder (or,
 * with DATABASE_URL, on that PostgreSQL database: use a throw-away one, the outbox and subscribers are
 * emptied first). Prints:
 * - the time to queue it: reading the confirmed addresses and writing one outbox row each, with its own
 *   signed unsubscribe link, in one transaction (PRODUCT.md "Mail");
 * - the worker's sending pace into a local SMTP server (smtp-server, in this process) beside the pace of
 *   the same SMTP server fed the same mails directly by nodemailer with the same connections and no database: the ratio
 *   says how much of the sink's pace the outbox keeps;
 * - the process's memory while sending, sampled every 100 ms: at the start, at its peak and at the end.
 *
 * Options (environment): BENCH_MAILS (default 10000), BENCH_RATE (MAIL_RATE_PER_MINUTE, default 1000000).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";

import { startSmtpSink } from "../tests/support/smtp-sink";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_000_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-bench-mail-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";

const { connectDatabase, closeDatabase, getDb, schema } = await import("~/server/db/db.server");
const { newsletterLink } = await import("~/server/newsletter/subscriber-links.server");
const { queueMail, wakeMailWorker } = await import("~/server/mail/outbox.server");
const { MAIL_DEFAULTS, startMailWorker } = await import("~/server/mail/mail-worker.server");
const { smtpTransport } = await import("~/server/mail/smtp-transport.server");
const { eq, isNotNull, sql } = await import("drizzle-orm");

/** One subscriber's copy of the edition: its own signed unsubscribe link in both parts and the headers. */
function editionMail(to: string) {
  const unsubscribe = newsletterLink("unsubscribe", to);
  return {
    to,
    subject: "MarketWire weekly",
    text: `This week on MarketWire\n\n…\n\nUnsubscribe: ${unsubscribe}\n`,
    html: `<h1>This week on MarketWire</h1><p>…</p><p><a href="${unsubscribe}">Unsubscribe</a></p>`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const connection = await connectDatabase();
  const db = await getDb();
  console.log(`Mail benchmark: ${MAILS.toLocaleString("en-US")} mails, ${connection.kind === "pglite" ? "embedded PGlite" : "PostgreSQL"}`);
  await db.delete(schema.mailOutbox);
  await db.delete(schema.newsletterSubscribers);
  await db.execute(sql`
    insert into newsletter_subscribers (email, confirmed_at)
    select 'reader' || i || '@example.com', now() from generate_series(1, ${MAILS}::int) as i`);

  // 1. Queue the edition: one transaction, as sending an edition does.
  const queueStart = performance.now();
  const queued = await db.transaction(async (tx) => {
    const t = schema.newsletterSubscribers;
    const subscribers = await tx.select({ email: t.email }).from(t).where(isNotNull(t.confirmedAt));
    return queueMail(
      tx,
      subscribers.map(({ email }) => ({ kind: "edition" as const, ...editionMail(email), batch: "edition:bench" })),
    );
  });
  const queueMs = performance.now() - queueStart;
  console.log(`Queued ${queued.toLocaleString("en-US")} mails in ${(queueMs / 1000).toFixed(2)} s (target: under 5 s)`);

  // 2. The sink's own pace: nodemailer straight into it, same connections, no database.
  const direct = await startSmtpSink({ countOnly: true });
  const transporter = nodemailer.createTransport({ url: direct.url, pool: true, maxConnections: MAIL_DEFAULTS.concurrency });
  const directStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: MAIL_DEFAULTS.concurrency }, async () => {
      while (next < MAILS) {
        const i = next++;
        await transporter.sendMail({
          from: "bench@marketwire.test",
          to: `reader${i}@example.com`,
          subject: "MarketWire weekly",
          text: "…",
          html: "<p>…</p>",
        });
      }
    }),
  );
  const directPerSecond = MAILS / ((performance.now() - directStart) / 1000);
  transporter.close();
  await direct.close();

  // 3. The worker sends the edition.
  const sink = await startSmtpSink({ countOnly: true });
  const memory = { start: process.memoryUsage().rss, peak: 0, end: 0 };
  const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, process.memoryUsage().rss)), 100);
  const sendStart = performance.now();
  const worker = startMailWorker({
    transport: smtpTransport(sink.url, "MarketWire <news@marketwire.test>", MAIL_DEFAULTS.concurrency),
    ratePerMinute: RATE,
  });
  wakeMailWorker();
  while (sink.accepted() < queued) await new Promise((resolve) => setTimeout(resolve, 50));
  const sendSeconds = (performance.now() - sendStart) / 1000;
  memory.end = process.memoryUsage().rss;
  clearInterval(sampler);
  await worker.stop();
  await sink.close();
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.status, "queued"));
  const perSecond = queued / sendSeconds;

  console.log(`Sent ${sink.accepted().toLocaleString("en-US")} in ${sendSeconds.toFixed(1)} s: ${perSecond.toFixed(0)} mails/s`);
  console.log(
    `The SMTP sink fed directly (no outbox): ${directPerSecond.toFixed(0)} mails/s; outbox / direct = ${(perSecond / directPerSecond).toFixed(2)}`,
  );
  console.log(`Memory (RSS) while sending: start ${mb(memory.start)}, peak ${mb(memory.peak)}, end ${mb(memory.end)}`);
  console.log(`Left in the outbox: ${left?.n ?? 0}`);
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
