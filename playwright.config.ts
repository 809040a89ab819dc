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

/**
 * Everything the server prints during the run (PRODUCT.md "Logs"): after the last test,
 * tests/e2e/log-secrets.teardown.ts fails the run if it holds the admin's password or a session cookie.
 * The session cookies the tests' browsers held are collected beside it (fixtures.ts).
 */
export const E2E_SERVER_LOG = path.resolve(process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");
export const E2E_SESSION_COOKIES = `${E2E_SERVER_LOG}.session-cookies`;

/**
 * A second server of the same build that sends mail (PRODUCT.md "Mail"), for the journeys that read it:
 * its own database, SMTP_URL pointing at a real SMTP server the run starts (tests/e2e/mail-sink.ts), whose
 * mails land in E2E_MAILBOX. The main server sends none, so its journeys never wait for a mail.
 */
const mailPort = port + 1;
export const MAIL_BASE_URL = `http://localhost:${mailPort}`;
const smtpPort = port + 2;
export const E2E_MAILBOX = path.resolve("test-results/e2e-mailbox.jsonl");
export const E2E_MAIL_SERVER_LOG = path.resolve("test-results/e2e-mail-server.log");
const mailDataDir = `${dataDir}-mail`;

/** The port of the webhook receiver tests/e2e/webhooks.spec.ts starts, which the main server may post to. */
export const E2E_WEBHOOK_PORT = port + 3;

/** What both servers share. */
const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  DATABASE_URL: "",
  // Every e2e request comes from 127.0.0.1: the per-client sign-in limit would trip across tests.
  RATE_LIMIT: "off",
  // Nothing balances load in front of the test server: it stops at once.
  SHUTDOWN_DELAY_MS: "0",
};

export default defineConfig({
  testDir: "tests/e2e",
  // Runs before the server is stopped, on the whole run's log.
  globalTeardown: "./tests/e2e/log-secrets.teardown.ts",
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
  webServer: [
    {
      // exec: the signal that stops the server reaches node itself, not a shell in between. Its output goes
      // to E2E_SERVER_LOG (test-results/ is emptied before the server starts, never after).
      command:
        `rm -rf "${dataDir}" "${E2E_SESSION_COOKIES}" && mkdir -p "${path.dirname(E2E_SERVER_LOG)}" && ` +
        `exec node "${serverEntry}" > "${E2E_SERVER_LOG}" 2>&1`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A clean stop closes the database and releases its folder's lock.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "ignore",
      stderr: "ignore",
      env: {
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        BETTER_AUTH_URL: baseURL,
        SMTP_URL: "",
        WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${E2E_WEBHOOK_PORT}`,
        // PRODUCT.md "Measurement": downloads counted within a second, so the journey waits for no minute.
        MEASUREMENT_INTERVAL_SECONDS: "1",
      },
    },
    {
      command: "exec npx tsx tests/e2e/mail-sink.ts",
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAILBOX },
    },
    {
      command: `rm -rf "${mailDataDir}" && exec node "${serverEntry}" > "${E2E_MAIL_SERVER_LOG}" 2>&1`,
      url: `${MAIL_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "ignore",
      stderr: "ignore",
      env: {
        ...serverEnv,
        PORT: String(mailPort),
        DATA_DIR: mailDataDir,
        BETTER_AUTH_URL: MAIL_BASE_URL,
        PUBLIC_URL: MAIL_BASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "MarketWire <news@marketwire.test>",
      },
    },
  ],
});
