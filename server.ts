/**
 * HTTP entry: opens the database (applying migrations), seeds demo content, starts the background work,
 * listens with the app create-app.ts builds, and stops cleanly.
 */
import "dotenv/config";

import path from "node:path";
import { fileURLToPath } from "node:url";

import { startAuditAnchorLog } from "./app/server/audit/audit-log.server";
import { closeDatabase, connectDatabase } from "./app/server/db/db.server";
import { getEnv, StartupError } from "./app/server/env.server";
import { trackRequests } from "./app/server/http/http-drain.server";
import { answerUnknownMethods } from "./app/server/http/method-guard.server";
import { applyTimeouts } from "./app/server/http/server-timeouts.server";
import { flushFoldedErrors, log, logError } from "./app/server/log.server";
import { MAIL_DEFAULTS, startMailWorker, type MailWorker } from "./app/server/mail/mail-worker.server";
import { smtpTransport } from "./app/server/mail/smtp-transport.server";
import { refreshedProvider } from "./app/server/markets/providers.server";
import { startMarketRefresh } from "./app/server/markets/refresh.server";
import { startDownloadsJob } from "./app/server/measurement/downloads-job.server";
import { startEditionScheduler } from "./app/server/newsletter/edition-scheduler.server";
import { listenForSnapshotRequests } from "./app/server/ops/backup-socket.server";
import { startAlertScheduler } from "./app/server/readers/alert-scheduler.server";
import { prepareDemoSite } from "./app/server/seed/prepare.server";
import { startWebhookWorker } from "./app/server/webhooks/webhook-worker.server";
import { createApp } from "./create-app";

/** A stop waits this long (after SHUTDOWN_DELAY_MS) for requests in progress, then ends them. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Under `npm start`, npm passes on the Ctrl-C the terminal has already sent to the whole process group:
 * a repeat this soon after the first is the same signal, not a second one.
 */
const SAME_SIGNAL_WINDOW_MS = 1_000;

const isProduction = process.env.NODE_ENV === "production";
/** The compiled entry (scripts/build-server.ts) sits in the build it serves; `tsx server.ts` reads BUILD_DIR. */
const entry = fileURLToPath(import.meta.url);
const buildDir = entry.endsWith(".js") ? path.dirname(entry) : path.resolve(process.env.BUILD_DIR ?? "build");

async function main() {
  const env = getEnv();
  const connection = await connectDatabase();
  // Instances started together on one PostgreSQL take turns (PRODUCT.md "Operations").
  await connection.exclusive(() => prepareDemoSite(connection.kind));
  // `npm run backup` asks this process for the embedded database's snapshot: the folder is locked to it.
  const snapshots = await listenForSnapshotRequests(env.DATA_DIR, connection);
  // Every instance sends what the outbox holds (PRODUCT.md "Mail"); without SMTP_URL mails wait there.
  let mailWorker: MailWorker | undefined;
  if (env.SMTP_URL) {
    const transport = smtpTransport(env.SMTP_URL, env.MAIL_FROM, MAIL_DEFAULTS.concurrency);
    mailWorker = startMailWorker({ transport, ratePerMinute: env.MAIL_RATE_PER_MINUTE });
  }
  // Every instance delivers webhooks (PRODUCT.md "Webhooks"); each delivery is claimed by one at a time.
  const webhookWorker = startWebhookWorker({
    allowHosts: env.WEBHOOK_ALLOW_HOSTS,
    retryDelaysSeconds: env.WEBHOOK_RETRY_DELAYS_SECONDS,
  });
  // Scheduled editions are queued by whichever instance looks first (PRODUCT.md "Newsletter editions").
  const editionScheduler = startEditionScheduler();
  // Company alerts are queued by whichever instance looks first (PRODUCT.md "Following and alerts").
  const alertScheduler = startAlertScheduler();
  // The audit chain's newest entry goes to the log, outside the database (PRODUCT.md "Audit log").
  const auditAnchorLog = startAuditAnchorLog();
  // Podcast downloads are counted by whichever instance takes the job's turn (PRODUCT.md "Measurement").
  const downloadsJob = startDownloadsJob({ everySeconds: env.MEASUREMENT_INTERVAL_SECONDS, retentionDays: env.MEASUREMENT_RETENTION_DAYS });
  // Market data is refreshed in the background, each listing by one instance at a time (PRODUCT.md "Markets").
  const marketProvider = refreshedProvider(env.MARKETS_PROVIDER, { secUserAgent: env.SEC_USER_AGENT });
  const marketRefresh = marketProvider
    ? startMarketRefresh({ provider: marketProvider, intervalSeconds: env.MARKETS_REFRESH_SECONDS, timeoutMs: env.MARKETS_TIMEOUT_MS })
    : null;

  let stoppingSince: number | undefined;
  const { app, close: closeApp } = await createApp({
    env,
    connection,
    buildDir,
    production: isProduction,
    isStopping: () => stoppingSince !== undefined,
  });

  // Express 5 calls this on a failed listen too, with the error (answered by the 'error' listener below).
  const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
    if (error) return;
    log.info(
      `MarketWire is running on ${env.BETTER_AUTH_URL} (${connection.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL"})`,
    );
  });
  // Keep-alive outlasting the load balancer's idle timeout (KEEP_ALIVE_TIMEOUT_SECONDS), headers after it,
  // and an hour for a large audio upload (PRODUCT.md "Media library"): see server-timeouts.server.ts.
  applyTimeouts(server, env);
  answerUnknownMethods(server, { bodyMs: env.BODY_TIMEOUT_SECONDS * 1000 });
  const requests = trackRequests(server);
  server.on("error", (error: NodeJS.ErrnoException) => {
    log.error(
      error.code === "EADDRINUSE"
        ? `Port ${env.PORT} is already in use: stop the other server or set PORT.`
        : `Cannot listen on HOST ${env.HOST}, PORT ${env.PORT}: ${error.code ?? error.message}`,
    );
    void closeDatabase().finally(() => process.exit(1));
  });

  // Stop (PRODUCT.md "Operations"): /readyz answers 503 at once while requests are still served for
  // SHUTDOWN_DELAY_MS, so load balancers stop sending; then no new connections, requests in progress
  // finish, and the database closes and its lock is released. A second signal or the deadline (counted
  // from the end of the delay) stops at once, with exit code 1.
  const unanswered = () => (requests.inFlight === 1 ? "1 request" : `${requests.inFlight} requests`);
  const shutdown = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < SAME_SIGNAL_WINDOW_MS) {
        // npm passes on the Ctrl-C the server also got: one stop, said once per signal so the log explains it.
        log.info(`${signal} received again within ${SAME_SIGNAL_WINDOW_MS / 1000} s: the same stop, carrying on.`);
        return;
      }
      log.error(`${signal} received again: stopping at once, ${unanswered()} unanswered.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    const delay = env.SHUTDOWN_DELAY_MS;
    log.info(
      delay > 0
        ? `${signal} received: not ready; serving ${delay} ms more, then finishing the requests in progress and closing the database.`
        : `${signal} received: finishing ${unanswered()} in progress, then closing the database.`,
    );
    setTimeout(() => {
      log.error(`Stopping at once: ${unanswered()} still unanswered after ${SHUTDOWN_DEADLINE_MS / 1000} s.`);
      process.exit(1);
    }, delay + SHUTDOWN_DEADLINE_MS).unref();
    // Without a delay the drain starts here, in the signal's own turn: a timer, even of 0 ms, let a request
    // whose body arrived meanwhile be answered (on the embedded database, all in one turn) without
    // 'Connection: close' (a CI run of tests/reliability/shutdown.test.ts caught it).
    const drained = delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)).then(() => requests.drain()) : requests.drain();
    drained
      .then(() => closeApp())
      .then(() => editionScheduler.stop())
      .then(() => alertScheduler.stop())
      .then(() => auditAnchorLog.stop())
      .then(() => downloadsJob.stop())
      .then(() => marketRefresh?.stop())
      // The mail being sent is finished and recorded; the rest of the worker's claim goes back to the outbox.
      .then(() => mailWorker?.stop())
      // The deliveries being posted are finished and recorded; the rest of the claim goes back.
      .then(() => webhookWorker.stop())
      .then(() => snapshots?.close())
      .then(() => closeDatabase())
      // Repeats of an error still being counted are written before the process ends (PRODUCT.md "Logs").
      .finally(flushFoldedErrors)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logError("Shutdown failed", error);
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch(async (error) => {
  if (error instanceof StartupError) {
    log.error(`Start-up failed: ${error.message}`);
  } else {
    logError("Start-up failed", error);
  }
  await closeDatabase().catch(() => {});
  process.exit(1);
});
