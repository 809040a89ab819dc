import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the production server as a child process, stopped with SIGTERM and killed
 * with SIGKILL (tests/reliability). Not part of `npm test`: it builds the app and starts real servers.
 * One file at a time, so the timings measured are not squeezed by another test's server.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // tests/reliability/postgres needs a PostgreSQL server: it runs in the suite's PostgreSQL pass.
    include: process.env.TEST_DATABASE_URL ? ["tests/reliability/**/*.test.ts"] : ["tests/reliability/*.test.ts"],
    globalSetup: ["tests/reliability/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
