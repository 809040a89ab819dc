import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";

import { createUserAccount, setUserRole } from "../auth/auth.server";
import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { log } from "../log.server";
import { getServerSecret } from "../secret.server";
import { seedDemoContent } from "./demo-content.server";

/** True when no content table has a row. */
export async function isContentEmpty() {
  const db = await getDb();
  const anyRow = CONTENT_TYPE_LIST.map(({ tableName }) => sql`exists (select 1 from ${sql.identifier(tableName)})`);
  const result = await db.execute<{ empty: boolean }>(sql`select not (${sql.join(anyRow, sql` or `)}) as empty`);
  return Boolean(result.rows[0]?.empty);
}

export interface CreatedAdmin {
  email: string;
  password: string;
  /** True when the password was generated, false when it came from ADMIN_PASSWORD. */
  generated: boolean;
}

/**
 * Makes sure an admin can sign in: creates ADMIN_EMAIL (with ADMIN_PASSWORD or a random password) when no
 * admin exists yet. Returns the credentials it created, if any.
 */
export async function ensureAdminAccount(): Promise<CreatedAdmin | null> {
  const env = getEnv();
  const db = await getDb();
  const admins = await db.select({ id: schema.profiles.userId }).from(schema.profiles).where(eq(schema.profiles.role, "admin")).limit(1);
  if (admins.length > 0) return null;

  const email = env.ADMIN_EMAIL.toLowerCase();
  const [existing] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  if (existing) {
    await setUserRole(email, "admin");
    return null;
  }
  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
  await createUserAccount({ email, password, name: "Site Admin", emailVerified: true });
  await setUserRole(email, "admin");
  return { email, password, generated: !env.ADMIN_PASSWORD };
}

/** Where a generated admin password goes when there is no terminal to show it on. */
export const ADMIN_PASSWORD_FILE = "admin-password";

/**
 * Tells the operator how to sign in as the admin just created (PRODUCT.md "Security"): a generated
 * password is shown once on a terminal, never in a log. Without a terminal (a service, a container, a
 * redirected stdout: all logs) it goes into DATA_DIR/admin-password, readable by its owner only, and
 * only that path is logged. A password from ADMIN_PASSWORD is never repeated.
 */
export function reportCreatedAdmin(
  created: CreatedAdmin,
  options: { isTerminal: boolean; dataDir: string; signInUrl: string; print: (text: string) => void },
) {
  const { isTerminal, dataDir, signInUrl, print } = options;
  if (!created.generated) {
    print(`Admin account created: sign in at ${signInUrl} as ${created.email} with ADMIN_PASSWORD.`);
  } else if (isTerminal) {
    print(
      `Admin account created. Sign in at ${signInUrl} with\n  email:    ${created.email}\n  password: ${created.password}\n` +
        "(generated: shown only this once; set ADMIN_PASSWORD to choose it)",
    );
  } else {
    const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${created.password}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600); // writeFileSync's mode only applies to a new file
    print(
      `Admin account created: sign in at ${signInUrl} as ${created.email} with the generated password in ${file} ` +
        "(readable by this user only; delete the file once you have signed in).",
    );
  }
}

/** Start-up: demo content on an empty embedded database, and a first admin. */
export async function prepareDemoSite(kind: "pglite" | "postgres") {
  const env = getEnv();
  // Resolved now, so a missing BETTER_AUTH_SECRET stops start-up instead of the first request.
  getServerSecret();
  const seed = env.SEED_DEMO_CONTENT ? env.SEED_DEMO_CONTENT === "true" : kind === "pglite";
  if (seed && (await isContentEmpty())) {
    await seedDemoContent(await getDb());
    log.info("Seeded demo content into the empty database.");
  }
  const created = await ensureAdminAccount();
  if (created) {
    const isTerminal = Boolean(process.stdout.isTTY);
    reportCreatedAdmin(created, {
      isTerminal,
      dataDir: env.DATA_DIR,
      signInUrl: `${env.BETTER_AUTH_URL}/auth`,
      // At a terminal the notice (perhaps with a generated password) is shown to the person there, not
      // written as a log line; elsewhere it is a log line, which never holds the password (PRODUCT.md "Logs").
      print: (text) => (isTerminal ? process.stdout.write(`\n${text}\n\n`) : log.info(text)),
    });
  }
}
