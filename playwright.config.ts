import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests run against the production build in Debian's Chromium. The server gets its own
 * fresh embedded database (seeded with the demo content) and a known admin account.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `marketwire-e2e-${port}`);
/** The compiled server entry of the build `npm run test:e2e` has just made (see `npm start`). */
const serverEntry = path.join(process.env.BUILD_DIR ?? "build", "server.js");

export const E2E_ADMIN = { email: "admin@example.com", password: "admin-e2e-password" };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // Journeys of a dozen steps take 5–15 s on a quiet machine and two to three times that on a loaded CI
  // runner (2 cores, the server and Chromium side by side): the limits catch a hang, not a slow step.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Closed network here: keep Chromium from reaching out (see docs on this machine kind).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // exec: the signal that stops the server reaches node itself, not a shell in between.
    command: `rm -rf "${dataDir}" && exec node "${serverEntry}"`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A clean stop closes the database and releases its folder's lock.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BETTER_AUTH_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: "",
      SMTP_URL: "",
      // Every e2e request comes from 127.0.0.1: the per-client sign-in limit would trip across tests.
      RATE_LIMIT: "off",
      // Nothing balances load in front of the test server: it stops at once.
      SHUTDOWN_DELAY_MS: "0",
    },
  },
});
