/**
 * The Express app: middleware in order, health and metrics, the counters, static files and React Router
 * (with the page cache in production). server.ts's main() opens the database, starts the background work,
 * listens and stops; this builds the app alone, so a test can build it without starting a server.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler as createFetchRequestHandler, type ServerBuild } from "react-router";

import { EPISODE_AUDIO_ROUTE, MAIL_LINK_ROUTE } from "./app/lib/measurement";
import { limitApiRequests } from "./app/server/content-api/api-http.server";
import { nextPageExpiry } from "./app/server/content/scheduled-publication.server";
import { counterRoutes } from "./app/server/counting/endpoint.server";
import { mailLinkRoute } from "./app/server/counting/mail-clicks.server";
import { getDb, MIGRATIONS_FOLDER, type Connection } from "./app/server/db/db.server";
import { StartupError, type Env } from "./app/server/env.server";
import { limitBodyTime } from "./app/server/http/body-timeout.server";
import { installClientAddress, plainHttpBehindHttpsWarning, warnOfPlainHttpBehindHttps } from "./app/server/http/client-address.server";
import { listenForContentChanges, type ContentChangeListener } from "./app/server/http/content-events.server";
import { answerDatabaseOutagesWith503 } from "./app/server/http/database-outage.server";
import { refuseUnservedMethods } from "./app/server/http/method-guard.server";
import { refuseCrossSiteRequests } from "./app/server/http/origin-guard.server";
import { pageCacheMiddleware } from "./app/server/http/page-cache-middleware.server";
import { installPageCache, PageCache } from "./app/server/http/page-cache.server";
import { cacheKeysAffectedBy } from "./app/server/http/page-scope.server";
import { refuseForeignRequestTargets } from "./app/server/http/request-target.server";
import { policyContext, securityHeaders } from "./app/server/http/security-headers.server";
import { log } from "./app/server/log.server";
import { mailCounts } from "./app/server/mail/outbox.server";
import { episodeAudioRoute } from "./app/server/measurement/episode-audio-route.server";
import { createRequestLog } from "./app/server/measurement/request-log.server";
import { accessLog, labelRoute } from "./app/server/ops/access-log.server";
import { healthRoutes, migrationCount } from "./app/server/ops/health.server";
import { createMetrics, metricsRoute, startMetricsServer } from "./app/server/ops/metrics.server";
import { assignRequestId } from "./app/server/ops/request-id.server";
import { NO_ROUTE, routePatterns } from "./app/server/ops/route-pattern.server";

/** PRODUCT.md "Page cache": bounds and lifetimes. */
const PAGE_CACHE_OPTIONS = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, freshMs: 30_000, staleMs: 300_000 };

/** A 256 KB brotli window: larger than any page's HTML. */
const PAGE_BROTLI_WINDOW_BITS = 18;

export interface AppOptions {
  env: Env;
  connection: Connection;
  /** The build to serve in production (its client files and server bundle); development uses Vite. */
  buildDir: string;
  production: boolean;
  /** /readyz answers 503 once this is true (PRODUCT.md "Operations"). */
  isStopping: () => boolean;
}

export interface MarketWireApp {
  app: express.Express;
  /** Stops listening for other instances' content changes (PostgreSQL only); writes the podcast request records still waiting. */
  close: () => Promise<void>;
}

export async function createApp({ env, connection, buildDir, production, isStopping }: AppOptions): Promise<MarketWireApp> {
  let contentListener: ContentChangeListener | undefined;
  const app = express();
  app.disable("x-powered-by");
  // First, so every answer (refusals and cache hits too) carries the request id and gets its access line;
  // before compression, so the bytes counted are the bytes sent (PRODUCT.md "Logs").
  let routeOf: (pathname: string) => string = () => NO_ROUTE;
  const metrics = createMetrics({ poolStats: connection.poolStats, mailCounts: () => mailCounts() });
  app.use(
    assignRequestId,
    accessLog((pathname) => routeOf(pathname), metrics.recordAnswer, metrics.recordArrival),
  );
  // On every answer, refusals included (PRODUCT.md "Security headers").
  app.use(securityHeaders(policyContext(env)));
  // PRODUCT.md "Operations": answered before anything else can hold them up.
  const health = healthRoutes({
    getDb,
    timeoutMs: env.READINESS_TIMEOUT_MS,
    migrations: migrationCount(MIGRATIONS_FOLDER),
    isStopping,
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
  // Podcast apps' downloads from the feeds' enclosures, served and recorded without React Router
  // (PRODUCT.md "Measurement"); audio is not worth compressing.
  const requestLog = createRequestLog();
  app.get(EPISODE_AUDIO_ROUTE, labelRoute(EPISODE_AUDIO_ROUTE, episodeAudioRoute(requestLog)));
  // Items' links in our mails: a press counted, the reader sent on to the page (PRODUCT.md "Measurement").
  app.all(MAIL_LINK_ROUTE, labelRoute(MAIL_LINK_ROUTE, mailLinkRoute));
  // PRODUCT.md "Content API": counted in memory before the page cache, so a cached answer counts too.
  app.use("/api/v1", limitApiRequests);
  // Pages are compressed as they stream. Brotli's default 4 MB window is far larger than any page and
  // costs more to set up for each response than the compression itself (PRODUCT.md "Speed"). Only renders
  // go through it: assets and cached pages are stored compressed, and wrapping their answers in the
  // middleware cost a cached page about a sixth of its speed (docs/PERFORMANCE.md).
  const compressRenders = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: PAGE_BROTLI_WINDOW_BITS } } });

  if (production) {
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
  return {
    app,
    close: async () => {
      await contentListener?.close();
      await requestLog.flush();
    },
  };
}
