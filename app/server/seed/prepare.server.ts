import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createUserAccount, setUserRole } from "../auth.server";
import { getDb, schema } from "../db.server";
import { getEnv } from "../env.server";
import { seedDemoContent } from "./demo-content.server";

/** True when no content table has a row. */
export async function isContentEmpty() {
  const db = await getDb();
  const result = await db.execute<{ empty: boolean }>(sql`
    select not (
      exists (select 1 from videos) or exists (select 1 from podcasts) or exists (select 1 from blogs)
      or exists (select 1 from interviews) or exists (select 1 from special_features)
    ) as empty`);
  return Boolean(result.rows[0]?.empty);
}

/**
 * Makes sure an admin can sign in: creates ADMIN_EMAIL (with ADMIN_PASSWORD or a random password that
 * is printed once) when no admin exists yet. Returns the credentials it created, if any.
 */
export async function ensureAdminAccount(): Promise<{ email: string; password: string } | null> {
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
  return { email, password };
}

/** Start-up: demo content on an empty embedded database, and a first admin. */
export async function prepareDemoSite(kind: "pglite" | "postgres") {
  const env = getEnv();
  const seed = env.SEED_DEMO_CONTENT ? env.SEED_DEMO_CONTENT === "true" : kind === "pglite";
  if (seed && (await isContentEmpty())) {
    await seedDemoContent(await getDb());
    console.info("Seeded demo content into the empty database.");
  }
  const created = await ensureAdminAccount();
  if (created) {
    console.info(
      `\nAdmin account created. Sign in at ${env.BETTER_AUTH_URL}/auth with\n  email:    ${created.email}\n  password: ${created.password}\n` +
        (env.ADMIN_PASSWORD ? "" : "(generated: shown only this once; set ADMIN_PASSWORD to choose it)\n"),
    );
  }
}
