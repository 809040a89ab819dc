import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { customSession } from "better-auth/plugins";
import { eq } from "drizzle-orm";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/auth-forms";
import { isStaff, roleOf, type Role } from "~/lib/roles";

import { appendAudit } from "../audit/audit-log.server";
import { getDb, schema, type Database } from "../db/db.server";
import { getEnv } from "../env.server";
import { log, logError } from "../log.server";
import { hasMailTransport, sendLater } from "../mail/outbox.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordProblem } from "../password-policy.server";
import {
  betterAuthRateLimitStorage,
  consumeRateLimit,
  refundRateLimit,
  SIGN_IN_ACCOUNT_RATE_LIMIT,
  TOO_MANY_SIGN_INS,
  VERIFICATION_MAIL_LIMIT,
} from "../rate-limit.server";
import { getServerSecret, secretHash } from "../secret.server";
import { hashPassword, verifyPassword } from "./password.server";

/** The profile row of an account (display name and role, PRODUCT.md "Accounts"), or undefined. */
export async function profileOf(db: Database, userId: string) {
  const [profile] = await db
    .select({ role: schema.profiles.role, displayName: schema.profiles.displayName })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, userId));
  return profile;
}

/** Endpoints that set a password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

/** The per-account sign-in counter (PRODUCT.md "Security"): keyed by a hash, never the email itself. */
function signInAccountKey(email: string) {
  return `app:sign-in:${secretHash("account", email.trim().toLowerCase())}`;
}

export const VERIFICATION_SUBJECT = "Verify your MarketWire account";

/**
 * PRODUCT.md "Accounts": the verification mail goes to an address no one has shown to be theirs, so it carries
 * nothing a stranger wrote (the display name chosen at sign-up is left out), only our text and the link.
 */
export function verificationMailText(url: string): string {
  return (
    "Hello,\n\nSomeone, hopefully you, created a MarketWire account with this email address.\n" +
    `Confirm the address by opening this link:\n${url}\n\n` +
    "If it was not you, ignore this email: the account cannot be used without this link.\n"
  );
}

/** Counts one verification mail against its recipient address and its account; false when either had enough. */
async function mayMailVerification(user: { id: string; email: string }): Promise<boolean> {
  const byAddress = await consumeRateLimit(
    `app:verification-to:${secretHash("verification-recipient", user.email.trim().toLowerCase())}`,
    VERIFICATION_MAIL_LIMIT,
  );
  const byAccount = await consumeRateLimit(`app:verification-account:${secretHash("account-id", user.id)}`, VERIFICATION_MAIL_LIMIT);
  return byAddress && byAccount;
}

/** The `email` of a sign-in body, when there is one. */
function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : null;
}

/**
 * Better Auth's own messages, into our log (PRODUCT.md "Logs"): no colour codes. Its extra arguments are
 * kept only when they are errors: others may be request bodies, with passwords in them.
 */
function logFromBetterAuth(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) {
  const error = args.find((arg) => arg instanceof Error);
  const text = `[Better Auth] ${message}`;
  if (level === "error") logError(text, error ?? message);
  else log[level](text, error ? { err: error } : {});
}

function createAuth(db: Database) {
  const env = getEnv();
  const mail = hasMailTransport();
  return betterAuth({
    baseURL: env.BETTER_AUTH_URL,
    basePath: "/api/auth",
    // No `level`: with one set, Better Auth also logs every refused request (a wrong password…) through its
    // global, coloured console logger. Its default level is warn.
    logger: { disableColors: true, log: logFromBetterAuth },
    secret: getServerSecret(),
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
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // With mail, Better Auth answers a duplicate sign-up like a new one (no account enumeration) and the
      // existing owner is mailed. Without mail we keep the 'Account exists' answer
      // (PRODUCT.md "Auth messages"); the /auth action drops the session a sign-up returns, so sign-up still
      // ends with 'Please check your email'.
      autoSignIn: !mail,
      // Only demand verification when mail can actually be delivered.
      requireEmailVerification: mail,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        // Without SMTP the account needs no verification; the link is logged for whoever runs the site.
        if (!mail) return log.info(`[mail] (no SMTP_URL set, not sent) verification link for a new account: ${url}`);
        // PRODUCT.md "Accounts": the answer is the same either way, so a held-back mail tells the asker nothing.
        if (!(await mayMailVerification(user))) return log.info("[mail] verification mail held back: its address or account had enough");
        // Queued, not sent in the request (PRODUCT.md "Mail"): the worker sends it, and tries again if SMTP is away.
        await sendLater({ kind: "verification", to: user.email, subject: VERIFICATION_SUBJECT, text: verificationMailText(url) });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Per client address. server.ts puts the one address it resolved through the trusted proxies in
    // X-Forwarded-For (PRODUCT.md "Security"), so this limiter and ours key on the same address, IPv6 by
    // its /64 like ours (rate-limit.server.ts `addressKey`).
    advanced: { ipAddress: { ipAddressHeaders: ["x-forwarded-for"], ipv6Subnet: 64 } },
    rateLimit: {
      enabled: env.RATE_LIMIT,
      customStorage: betterAuthRateLimitStorage,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // PRODUCT.md "Security": no common password, however the account is reached (the /auth page,
        // a direct call to this API). Better Auth checks the length itself, and says so first.
        const field = NEW_PASSWORD_FIELD[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === "string" && password.length >= MIN_PASSWORD_LENGTH && isCommonPassword(password)) {
          throw APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE });
        }
        // PRODUCT.md "Security": at most 10 failed sign-ins per account in 15 minutes, from any number
        // of addresses. Counted before the attempt, so concurrent guesses cannot all slip through.
        const email = ctx.path === "/sign-in/email" ? emailOf(ctx.body) : null;
        if (email && getEnv().RATE_LIMIT && !(await consumeRateLimit(signInAccountKey(email), SIGN_IN_ACCOUNT_RATE_LIMIT))) {
          throw APIError.from("TOO_MANY_REQUESTS", { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: TOO_MANY_SIGN_INS });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const email = ctx.path === "/sign-in/email" ? emailOf(ctx.body) : null;
        if (!email) return;
        // Only a wrong password (or an unknown account: the same 401) is a failed guess; a success or
        // an unverified address gives the attempt back.
        const returned = ctx.context.returned;
        const failed = isAPIError(returned) && returned.statusCode === 401;
        if (failed) await auditFailedStaffSignIn(db, email, ctx.request?.headers.get("x-forwarded-for") ?? null);
        if (getEnv().RATE_LIMIT && !failed) await refundRateLimit(signInAccountKey(email));
      }),
    },
    // The browser's session answer carries the profile too, so the public header can show the display
    // name and an 'Admin' link without a second request (PRODUCT.md "Accounts").
    plugins: [
      customSession(async ({ user, session }) => {
        const profile = await profileOf(db, user.id);
        const role = roleOf(profile?.role);
        return { user: { ...user, displayName: profile?.displayName ?? user.name, role, isStaff: isStaff(role) }, session };
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // PRODUCT.md "Roles": /admin/users shows when each account last signed in.
          after: async (session) => {
            const [profile] = await db
              .update(schema.profiles)
              .set({ lastSignInAt: new Date() })
              .where(eq(schema.profiles.userId, session.userId))
              .returning({ role: schema.profiles.role, name: schema.profiles.displayName });
            // PRODUCT.md "Audit log": staff sign-ins, from the address Better Auth read (server.ts's one address).
            if (profile && isStaff(profile.role)) {
              await db.transaction((tx) =>
                appendAudit(tx, {
                  actor: { id: session.userId, name: profile.name, role: profile.role },
                  action: "sign-in",
                  address: session.ipAddress ?? null,
                }),
              );
            }
          },
        },
      },
      user: {
        create: {
          // Every account gets a profile: the display name from sign-up and the reader role (PRODUCT.md "Roles").
          after: async (user) => {
            await db.insert(schema.profiles).values({ userId: user.id, displayName: user.name, role: "reader" }).onConflictDoNothing();
          },
        },
      },
    },
  });
}

/** PRODUCT.md "Audit log": a failed sign-in to a staff account (an unknown or reader's address is not logged). */
async function auditFailedStaffSignIn(db: Database, email: string, address: string | null) {
  const [account] = await db
    .select({ id: schema.users.id, name: schema.profiles.displayName, role: schema.profiles.role })
    .from(schema.users)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.users.id))
    .where(eq(schema.users.email, email.toLowerCase()));
  if (!account || !isStaff(account.role)) return;
  await db.transaction((tx) =>
    appendAudit(tx, { actor: { id: account.id, name: account.name, role: account.role }, action: "sign-in-failed", address }),
  );
}

export type Auth = ReturnType<typeof createAuth>;

const authByDb = new WeakMap<Database, Auth>();

/** The Better Auth instance bound to the current database. */
export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  let auth = authByDb.get(db);
  if (!auth) {
    auth = createAuth(db);
    authByDb.set(db, auth);
  }
  return auth;
}

/** `auditAs`: who the audit log names for the change (the command line); unset for the seed and tests. */
export async function setUserRole(email: string, role: Role, auditAs?: string) {
  const db = await getDb();
  const [user] = await db
    .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  if (!user) return false;
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ role: schema.profiles.role }).from(schema.profiles).where(eq(schema.profiles.userId, user.id));
    await tx
      .insert(schema.profiles)
      .values({ userId: user.id, displayName: user.name, role })
      .onConflictDoUpdate({ target: schema.profiles.userId, set: { role, updatedAt: new Date() } });
    if (auditAs && roleOf(before?.role) !== role) {
      await appendAudit(tx, {
        actor: { id: null, name: auditAs, role: null },
        action: "role-change",
        item: { type: "account", id: user.id, title: user.email },
        detail: `${roleOf(before?.role)} → ${role}`,
      });
    }
  });
  return true;
}

/**
 * Creates a verified or unverified email+password account without sending mail (seed, CLI, tests).
 * Uses Better Auth's own adapter and hasher so the account signs in like any other, and the same
 * password rules as sign-up (PRODUCT.md "Security"), which this path would otherwise skip.
 */
export async function createUserAccount(input: { email: string; password: string; name: string; emailVerified?: boolean }) {
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(`Cannot create the account ${input.email}: ${problem}`);
  const ctx = await (await getAuth()).$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.trim().toLowerCase(),
      name: input.name,
      emailVerified: input.emailVerified ?? false,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user;
}
