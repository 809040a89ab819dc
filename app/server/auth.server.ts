import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { customSession } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { type Database, connectDatabase, getDb, schema } from "./db.server";
import { StartupError, getEnv } from "./env.server";
import { hasMailTransport, sendMail } from "./mail.server";
import { hashPassword, verifyPassword } from "./password.server";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth-forms";

export { MIN_PASSWORD_LENGTH };

/**
 * The secret signs session cookies. Production on PostgreSQL must set it; the embedded default keeps a
 * generated one in DATA_DIR so `npm start` needs no configuration and sessions survive restarts.
 */
function resolveAuthSecret(kind: "pglite" | "postgres"): string {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === "test" || process.env.VITEST) return "test-secret-test-secret-test-secret-0000";
  if (kind === "postgres" && env.NODE_ENV === "production") {
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

/** The profile row of an account (display name and role, PRODUCT.md "Accounts"), or undefined. */
export async function profileOf(db: Database, userId: string) {
  const [profile] = await db
    .select({ role: schema.profiles.role, displayName: schema.profiles.displayName })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, userId));
  return profile;
}

function createAuth(db: Database, kind: "pglite" | "postgres") {
  const env = getEnv();
  const mail = hasMailTransport();
  return betterAuth({
    baseURL: env.BETTER_AUTH_URL,
    basePath: "/api/auth",
    secret: resolveAuthSecret(kind),
    trustedOrigins: [env.BETTER_AUTH_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // With mail, Better Auth answers a duplicate sign-up like a new one (no account enumeration) and
      // the existing owner is mailed. Without mail we keep spec §8's 'Account exists' answer; the /auth
      // action drops the session a sign-up returns, so sign-up still ends with 'Please check your email'.
      autoSignIn: !mail,
      // Only demand verification when mail can actually be delivered.
      requireEmailVerification: mail,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Verify your MarketWire account",
          text: `Hello ${user.name},\n\nConfirm your email address by opening this link:\n${url}\n`,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: env.RATE_LIMIT,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
      },
    },
    // The browser's session answer carries the profile too, so the public header can show the display
    // name and an 'Admin' link without a second request (PRODUCT.md "Accounts").
    plugins: [
      customSession(async ({ user, session }) => {
        const profile = await profileOf(db, user.id);
        return { user: { ...user, displayName: profile?.displayName ?? user.name, role: profile?.role ?? "user" }, session };
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // Every account gets a profile: the display name from sign-up and the plain 'user' role.
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ userId: user.id, displayName: user.name, role: "user" })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const authByDb = new WeakMap<Database, Auth>();

/** The Better Auth instance bound to the current database. */
export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  let auth = authByDb.get(db);
  if (!auth) {
    auth = createAuth(db, (await connectDatabase()).kind);
    authByDb.set(db, auth);
  }
  return auth;
}

export async function setUserRole(email: string, role: "admin" | "user") {
  const db = await getDb();
  const [user] = await db
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  if (!user) return false;
  await db
    .insert(schema.profiles)
    .values({ userId: user.id, displayName: user.name, role })
    .onConflictDoUpdate({ target: schema.profiles.userId, set: { role, updatedAt: new Date() } });
  return true;
}

/**
 * Creates a verified or unverified email+password account without sending mail (seed, CLI, tests).
 * Uses Better Auth's own adapter and hasher so the account signs in like any other.
 */
export async function createUserAccount(input: { email: string; password: string; name: string; emailVerified?: boolean }) {
  const ctx = await (await getAuth()).$context;
  const user = await ctx.internalAdapter.createUser({
    email: input.email.trim().toLowerCase(),
    name: input.name,
    emailVerified: input.emailVerified ?? false,
  }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user;
}
