/**
 * HTTP entry: Express serving the React Router app, static assets with long caching, and a clean
 * shutdown. Opens the database (applying migrations) and seeds demo content before listening.
 */
import "dotenv/config";

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler as createFetchRequestHandler, type ServerBuild } from "react-router";

import { startAuditAnchorLog } from "./app/server/audit/audit-log.server";
import { nextPageExpiry } from "./app/server/content/scheduled-publication.server";
import { counterRoutes } from "./app/server/counting/endpoint.server";
import { closeDatabase, connectDatabase, getDb, MIGRATIONS_FOLDER } from "./app/server/db/db.server";
import { getEnv, StartupError } from "./app/server/env.server";
import { limitBodyTime } from "./app/server/http/body-timeout.server";
import { installClientAddress, plainHttpBehindHttpsWarning, warnOfPlainHttpBehindHttps } from "./app/server/http/client-address.server";
import { listenForContentChanges, type ContentChangeListener } from "./app/server/http/content-events.server";
import { answerDatabaseOutagesWith503 } from "./app/server/http/database-outage.server";
import { trackRequests } from "./app/server/http/http-drain.server";
import { answerUnknownMethods, refuseUnservedMethods } from "./app/server/http/method-guard.server";
import { refuseCrossSiteRequests } from "./app/server/http/origin-guard.server";
import { pageCacheMiddleware } from "./app/server/http/page-cache-middleware.server";
import { installPageCache, PageCache } from "./app/server/http/page-cache.server";
import { cacheKeysAffectedBy } from "./app/server/http/page-scope.server";
import { refuseForeignRequestTargets } from "./app/server/http/request-target.server";
import { policyContext, securityHeaders } from "./app/server/http/security-headers.server";
import { applyTimeouts } from "./app/server/http/server-timeouts.server";
import { flushFoldedErrors, log, logError } from "./app/server/log.server";
import { MAIL_DEFAULTS, startMailWorker, type MailWorker } from "./app/server/mail/mail-worker.server";
import { mailCounts } from "./app/server/mail/outbox.server";
import { smtpTransport } from "./app/server/mail/smtp-transport.server";
import { startEditionScheduler } from "./app/server/newsletter/edition-scheduler.server";
import { accessLog, labelRoute } from "./app/server/ops/access-log.server";
import { listenForSnapshotRequests } from "./app/server/ops/backup-socket.server";
import { healthRoutes, migrationCount } from "./app/server/ops/health.server";
import { createMetrics, metricsRoute, startMetricsServer } from "./app/server/ops/metrics.server";
import { assignRequestId } from "./app/server/ops/request-id.server";
import { NO_ROUTE, routePatterns } from "./app/server/ops/route-pattern.server";
import { startAlertScheduler } from "./app/server/readers/alert-scheduler.server";
import { prepareDemoSite } from "./app/server/seed/prepare.server";

/** PRODUCT.md "Page cache": bounds and lifetimes. */
const PAGE_CACHE_OPTIONS = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, freshMs: 30_000, staleMs: 300_000 };

/** A 256 KB brotli window: larger than any page's HTML. */
const PAGE_BROTLI_WINDOW_BITS = 18;

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
  // Scheduled editions are queued by whichever instance looks first (PRODUCT.md "Newsletter editions").
  const editionScheduler = startEditionScheduler();
  // Company alerts are queued by whichever instance looks first (PRODUCT.md "Following and alerts").
  const alertScheduler = startAlertScheduler();
  // The audit chain's newest entry goes to the log, outside the database (PRODUCT.md "Audit log").
  const auditAnchorLog = startAuditAnchorLog();

  let contentListener: ContentChangeListener | undefined;
  let stoppingSince: number | undefined;
  const app = express();
  app.disable("x-powered-by");
  // First, so every answer (refusals and cache hits too) carries the request id and gets its access line;
  // before compression, so the bytes counted are the bytes sent (PRODUCT.md "Logs").
  let routeOf: (pathname: string) => string = () => NO_ROUTE;
  const metrics = createMetrics({ poolStats: connection.poolStats, mailCounts: () => mailCounts() });
  app.use(
    assignRequestId,
    accessLog((pathname) => routeOf(pathname), metrics.recordAnswer),
  );
  // On every answer, refusals included (PRODUCT.md "Security headers").
  app.use(securityHeaders(policyContext(env)));
  // PRODUCT.md "Operations": answered before anything else can hold them up.
  const health = healthRoutes({
    getDb,
    timeoutMs: env.READINESS_TIMEOUT_MS,
    migrations: migrationCount(MIGRATIONS_FOLDER),
    isStopping: () => stoppingSince !== undefined,
  });
  app.get("/healthz", labelRoute("/healthz", health.live));
  app.get("/readyz", labelRoute("/readyz", health.ready));
  // PRODUCT.md "Metrics": with METRICS_TOKEN, on this port to a bearer of it; with METRICS_PORT, on 127.0.0.1.
  app.get("/metrics", labelRoute("/metrics", metricsRoute(metrics, env.METRICS_TOKEN)));
  if (env.METRICS_PORT !== undefined) {
    await startMetricsServer(metrics, env.METRICS_PORT).catch((error: NodeJS.ErrnoException) => {
      throw new StartupError(`Cannot serve metrics on 127.0.0.1:${env.METRICS_PORT}: ${error.code ?? error.message}`);
    });
  }
  // A request that meets a database outage is answered 503, not 500 (PRODUCT.md "Operations").
  app.use(answerDatabaseOutagesWith503);
  // A body gets BODY_TIMEOUT_SECONDS to arrive, an upload an hour; a request names a path here, never
  // another host (PRODUCT.md "Security").
  app.use(limitBodyTime({ bodyMs: env.BODY_TIMEOUT_SECONDS * 1000 }), refuseForeignRequestTargets);
  // Before anything reads it: X-Forwarded-For becomes the one client address (PRODUCT.md "Security").
  installClientAddress(app, env.TRUST_PROXY);
  // PRODUCT.md "Operations": an https site reached over plain http refuses every form; say why, once.
  const httpsWarning = plainHttpBehindHttpsWarning(env.BETTER_AUTH_URL, env.TRUST_PROXY);
  if (httpsWarning) log.warn(httpsWarning);
  app.use(warnOfPlainHttpBehindHttps(env.BETTER_AUTH_URL, env.TRUST_PROXY, (message) => log.warn(message)));
  // Unserved methods and cross-site writes never reach a handler or the page cache (PRODUCT.md "Security").
  app.use(refuseUnservedMethods, refuseCrossSiteRequests([env.PUBLIC_URL, env.BETTER_AUTH_URL]));
  // View and listen counters: the busiest request under a spike, answered without React Router
  // (PRODUCT.md "Counters"); their answers are too small to compress.
  for (const { pattern, handler } of counterRoutes()) app.all(pattern, labelRoute(pattern, handler));
  // Pages are compressed as they stream. Brotli's default 4 MB window is far larger than any page and
  // costs more to set up for each response than the compression itself (PRODUCT.md "Speed"). Only renders
  // go through it: assets and cached pages are stored compressed, and wrapping their answers in the
  // middleware cost a cached page about a sixth of its speed (docs/PERFORMANCE.md).
  const compressRenders = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: PAGE_BROTLI_WINDOW_BITS } } });

  if (isProduction) {
    // Fingerprinted build assets never change: let browsers and CDNs keep them for a year. Files are sent
    // already compressed (.br/.gz written by scripts/precompress-assets.ts at build time).
    const staticFiles = (dir: string, serveStatic: { maxAge: string; immutable?: boolean }) =>
      expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gzip"], serveStatic });
    app.use("/assets", labelRoute("/assets/*", staticFiles(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" })));
    // Every public file has an extension; pages never do, so they skip the file lookup.
    const publicFiles = labelRoute("/:file", staticFiles(`${buildDir}/client`, { maxAge: "1h" }));
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
    const build = (await import(/* @vite-ignore */ pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    routeOf = routePatterns(build.routes);
    if (env.PAGE_CACHE) {
      // PRODUCT.md "Scheduled publishing": no page outlives the next scheduled publication.
      const pageCache = new PageCache({ ...PAGE_CACHE_OPTIONS, nextPublication: nextPageExpiry });
      installPageCache(pageCache);
      app.use(pageCacheMiddleware(pageCache, createFetchRequestHandler(build, "production"), compressRenders));
      if (connection.url) {
        contentListener = listenForContentChanges(connection.url, (change) => pageCache.invalidate(cacheKeysAffectedBy(change)));
      }
    }
    app.all("*splat", compressRenders, createRequestHandler({ build, mode: "production" }));
  } else {
    app.use(compressRenders);
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    app.use(express.static("public", { maxAge: "1h" }));
    app.all("*splat", async (req, res, next) => {
      try {
        const handler = createRequestHandler({
          build: async () => {
            const build = (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
            routeOf = routePatterns(build.routes);
            return build;
          },
          mode: "development",
        });
        await handler(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  }

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
  answerUnknownMethods(server);
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
      if (Date.now() - stoppingSince < SAME_SIGNAL_WINDOW_MS) return;
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
      .then(() => contentListener?.close())
      .then(() => editionScheduler.stop())
      .then(() => alertScheduler.stop())
      .then(() => auditAnchorLog.stop())
      // The mail being sent is finished and recorded; the rest of the worker's claim goes back to the outbox.
      .then(() => mailWorker?.stop())
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
