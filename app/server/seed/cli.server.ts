/**
 * The logic behind `npm run seed` and `npm run admin`, kept importable so tests can run it against the
 * test database. Each command returns its exit code and writes through `out` (console by default).
 */
import { eq } from "drizzle-orm";

import { A_PERSON_WITH, isRole, ROLES } from "~/lib/roles";

import { setUserRole } from "../auth/auth.server";
import { connectDatabase, schema } from "../db/db.server";
import { getEnv, StartupError } from "../env.server";
import { DEMO_COUNTS, reseedDemoContent } from "./demo-content.server";
import { ensureAdminAccount, reportCreatedAdmin } from "./prepare.server";

export interface CommandOutput {
  info: (line: string) => void;
  error: (line: string) => void;
}

/** Configuration and lock problems are one line; anything else keeps its stack for debugging. */
function reportFailure(out: CommandOutput, prefix: string, error: unknown) {
  if (error instanceof StartupError) out.error(`${prefix}: ${error.message}`);
  else out.error(`${prefix}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}

/** `npm run seed`: replace all content and companies with the demo catalogue, then make sure an admin exists. */
export async function runSeedCommand(out: CommandOutput = console, isTerminal = Boolean(process.stdout.isTTY)): Promise<number> {
  try {
    const started = performance.now();
    const connection = await connectDatabase();
    const opened = performance.now();
    await reseedDemoContent(connection.db);
    const seeded = performance.now();
    const where = connection.kind === "pglite" ? `the embedded database in ${getEnv().DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
    out.info(
      `Reseeded ${where} in ${Math.round(seeded - opened)} ms (database opened in ${Math.round(opened - started)} ms): ` +
        `${DEMO_COUNTS.videos} videos, ${DEMO_COUNTS.podcasts} podcasts, ${DEMO_COUNTS.blogs} blog posts, ` +
        `${DEMO_COUNTS.interviews} interviews, ${DEMO_COUNTS.specialFeatures} special features, ${DEMO_COUNTS.companies} companies.`,
    );
    const created = await ensureAdminAccount();
    if (created) {
      const env = getEnv();
      reportCreatedAdmin(created, { isTerminal, dataDir: env.DATA_DIR, signInUrl: `${env.BETTER_AUTH_URL}/auth`, print: out.info });
    }
    return 0;
  } catch (error) {
    reportFailure(out, "Seed failed", error);
    return 1;
  }
}

export const ADMIN_USAGE = [
  "Usage: npm run admin -- grant <email> [role]   give an existing user a role (admin unless named)",
  "       npm run admin -- revoke <email>         make them a reader again (no admin rights)",
  `Roles: ${ROLES.join(", ")}`,
].join("\n");

/** `npm run admin -- grant <email> [role]|revoke <email>`: 0 done, 1 failed (unknown user, database), 2 bad usage. */
export async function runAdminCommand(args: readonly string[], out: CommandOutput = console): Promise<number> {
  const [action, email, named, ...rest] = args;
  const role: string | undefined =
    action === "grant" ? (named ?? "admin") : action === "revoke" && named === undefined ? "reader" : undefined;
  if (!role || !isRole(role) || !email?.trim() || rest.length > 0) {
    out.error(ADMIN_USAGE);
    return 2;
  }
  const address = email.trim().toLowerCase();
  try {
    const { db } = await connectDatabase();
    if (!(await setUserRole(address, role, "npm run admin"))) {
      out.error(`No user with email ${address}: they must sign up first (at /auth), then run this again.`);
      return 1;
    }
    out.info(`${address} is now ${A_PERSON_WITH[role]}.`);
    if (role !== "admin") {
      const [admin] = await db
        .select({ id: schema.profiles.userId })
        .from(schema.profiles)
        .where(eq(schema.profiles.role, "admin"))
        .limit(1);
      if (!admin) out.info("No admin account remains: grant the role to someone, or the next start-up will create ADMIN_EMAIL.");
    }
    return 0;
  } catch (error) {
    reportFailure(out, "Admin command failed", error);
    return 1;
  }
}
