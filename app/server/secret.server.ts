/**
 * The server secret (PRODUCT.md "Security"): signs session and toast cookies and keys the hashes that
 * stand in for visitors and accounts in rate-limit keys. Production on PostgreSQL must set
 * BETTER_AUTH_SECRET; the embedded default keeps a generated one in DATA_DIR so `npm start` needs no
 * configuration and sessions survive restarts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { getEnv, StartupError } from "./env.server";

const TEST_SECRET = "test-secret-test-secret-test-secret-0000";

let cached: { dataDir: string; configured: string | undefined; secret: string } | undefined;

export function getServerSecret(): string {
  const env = getEnv();
  // Tests change the environment between files: resolve again when it changed.
  if (cached && cached.dataDir === env.DATA_DIR && cached.configured === env.BETTER_AUTH_SECRET) return cached.secret;
  cached = { dataDir: env.DATA_DIR, configured: env.BETTER_AUTH_SECRET, secret: resolveSecret() };
  return cached.secret;
}

function resolveSecret(): string {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === "test" || process.env.VITEST) return TEST_SECRET;
  if (env.DATABASE_URL && env.NODE_ENV === "production") {
    throw new StartupError("BETTER_AUTH_SECRET must be set when running on DATABASE_URL in production");
  }
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * A keyed hash that stands in for personal data (an address, an email) in a stored key: stable for this
 * server's secret, meaningless without it. `purpose` keeps hashes made for different uses apart.
 */
export function secretHash(purpose: string, value: string): string {
  return crypto.createHmac("sha256", getServerSecret()).update(`${purpose}\0${value}`).digest("base64url");
}
