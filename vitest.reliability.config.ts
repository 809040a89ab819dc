import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files of tests/reliability that the PostgreSQL pass leaves to the PGlite pass: nothing they check depends on
 * the database engine. logs, metrics and tls-proxy check the HTTP layer (request ids and access lines,
 * counters, proxy trust and the Secure cookie), whose code is the same on both engines, and use the database
 * only as any page does; what is PostgreSQL's own there (the pool's gauges, the JSON-only log of servers on
 * it) is checked in tests/reliability/postgres. dockerfile only reads files. request-limits stays in both: on
 * PostgreSQL alone a request's database time starts when the request does (app/server/db/request-deadline.server.ts),
 * so an upload whose body dribbles in meets a deadline there that the embedded database has none of.
 */
const ENGINE_INDEPENDENT = ["logs", "metrics", "tls-proxy", "dockerfile"].map((name) => `tests/reliability/${name}.test.ts`);

/**
 * `npm run test:reliability`: the production server as a child process, stopped with SIGTERM and killed
 * with SIGKILL (tests/reliability). Not part of `npm test`: it builds the app and starts real servers.
 * One file at a time, so the timings measured are not squeezed by another test's server.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // tests/reliability/postgres needs a PostgreSQL server: it runs in the suite's PostgreSQL pass, with the
    // files whose results the engine can change (a new file runs in both passes until it is listed above).
    include: process.env.TEST_DATABASE_URL ? ["tests/reliability/**/*.test.ts"] : ["tests/reliability/*.test.ts"],
    exclude: process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...ENGINE_INDEPENDENT] : configDefaults.exclude,
    globalSetup: ["tests/reliability/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
