/**
 * Sign-in, sign-up and sign-out for the /auth page and the admin header.
 *
 * Each goes through Better Auth's HTTP handler rather than `auth.api.*`: calls through `auth.api` skip
 * Better Auth's rate limiter, while the handler applies its per-address limits (10 sign-ins and 5
 * sign-ups a minute) and our hooks (10 failed sign-ins per account in 15 minutes, no common password),
 * all stored in the database so several processes share them (PRODUCT.md "Security").
 */
import { eq } from "drizzle-orm";

import type { SignInInput, SignUpInput } from "~/lib/auth-forms";
import { isStaff, roleOf } from "~/lib/roles";
import { pageUrl } from "~/server/http/page-url.server";

import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { log, logError } from "../log.server";
import { COMMON_PASSWORD_MESSAGE } from "../password-policy.server";
import { TOO_MANY_SIGN_INS } from "../rate-limit.server";
import { getAuth, profileOf } from "./auth.server";

/** What a form shows after a failed attempt: a toast title and text (PRODUCT.md "Auth messages"), and the HTTP status. */
export interface AuthFailure {
  ok: false;
  status: number;
  title: string;
  description: string;
  /** A message to show beside a field of the form, when the failure is about that field. */
  fieldErrors?: { password?: string };
}

export type AuthResult = { ok: true; setCookies: string[]; isStaff: boolean } | AuthFailure;

/** PRODUCT.md "Auth messages": the text for any failure we did not expect (network, database, a 5xx from the library). */
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";

async function callAuthEndpoint(
  request: Request,
  path: "/sign-in/email" | "/sign-up/email" | "/sign-out" | "/change-password",
  body: unknown,
  options: { withCookies?: boolean } = {},
): Promise<Response> {
  const auth = await getAuth();
  const headers = new Headers({
    "content-type": "application/json",
    // Better Auth checks the Origin of cookie-bearing and credential requests against BETTER_AUTH_URL;
    // React Router has already checked the browser's Origin against the page before the action runs.
    origin: new URL(getEnv().BETTER_AUTH_URL).origin,
  });
  // The per-address limits key on this header: server.ts puts the one client address it resolved there.
  const clientIp = request.headers.get("x-forwarded-for");
  if (clientIp) headers.set("x-forwarded-for", clientIp);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const cookie = request.headers.get("cookie");
  if (options.withCookies && cookie) headers.set("cookie", cookie);
  return auth.handler(
    new Request(new URL(`/api/auth${path}`, getEnv().BETTER_AUTH_URL), {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
    }),
  );
}

async function errorBody(response: Response): Promise<{ code?: string; message?: string }> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    return {
      code: typeof body.code === "string" ? body.code : undefined,
      message: typeof body.message === "string" && body.message ? body.message : undefined,
    };
  } catch {
    return {};
  }
}

async function signedInUserId(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : null;
  } catch {
    return null;
  }
}

function unexpected(title: string, error: unknown, request: Request): AuthFailure {
  logError(`${title} (${pageUrl(request).pathname})`, error);
  return { ok: false, status: 500, title: "Error", description: UNEXPECTED_ERROR };
}

/** Sign-in (PRODUCT.md "Accounts"): success carries the session cookies and whether the account is an admin's. */
export async function signInWithPassword(request: Request, input: SignInInput): Promise<AuthResult> {
  let response: Response;
  try {
    response = await callAuthEndpoint(request, "/sign-in/email", { email: input.email, password: input.password });
  } catch (error) {
    return unexpected("Sign-in failed", error, request);
  }
  if (response.ok) {
    const userId = await signedInUserId(response);
    const profile = userId ? await profileOf(await getDb(), userId) : undefined;
    return { ok: true, setCookies: response.headers.getSetCookie(), isStaff: isStaff(roleOf(profile?.role)) };
  }
  if (response.status >= 500) return unexpected("Sign-in failed", `status ${response.status}`, request);
  const { code, message } = await errorBody(response);
  if (code === "INVALID_EMAIL_OR_PASSWORD" || response.status === 401) {
    return {
      ok: false,
      status: 401,
      title: "Login failed",
      description: "Invalid email or password. Please check your credentials.",
    };
  }
  // The per-address and per-account limits answer alike, whether or not the account exists.
  if (response.status === 429) return { ok: false, status: 429, title: "Login failed", description: TOO_MANY_SIGN_INS };
  // e.g. 403 'Email not verified' (with a mail transport)
  return { ok: false, status: response.status, title: "Login failed", description: message ?? UNEXPECTED_ERROR };
}

/**
 * Sign-up (PRODUCT.md "Auth messages"). Never signs the visitor in: without a mail transport Better Auth
 * opens a session right away (autoSignIn), so that session is deleted and its cookie never reaches the
 * browser; the visitor signs in on the 'Sign In' tab. The profile (display name, the reader role) comes from the
 * `databaseHooks` in auth.server.ts.
 */
export async function signUpWithPassword(request: Request, input: SignUpInput, returnTo = "/"): Promise<{ ok: true } | AuthFailure> {
  let response: Response;
  try {
    response = await callAuthEndpoint(
      request,
      "/sign-up/email",
      // The verification link leads back to the site.
      // PRODUCT.md "Accounts": the verification link signs the reader in and brings them back to the page
      // they signed up from (a path on this site, judged by the caller).
      { email: input.email, password: input.password, name: input.displayName, callbackURL: returnTo },
    );
  } catch (error) {
    return unexpected("Sign-up failed", error, request);
  }
  if (response.ok) {
    try {
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token === "string" && body.token) {
        const db = await getDb();
        await db.delete(schema.sessions).where(eq(schema.sessions.token, body.token));
      }
    } catch (error) {
      // The account exists; only the unused session could not be removed. Say so in the log only.
      log.warn("Sign-up: could not remove the automatic session", { err: error });
    }
    return { ok: true };
  }
  if (response.status >= 500) return unexpected("Sign-up failed", `status ${response.status}`, request);
  const { code, message } = await errorBody(response);
  if (code?.startsWith("USER_ALREADY_EXISTS")) {
    return {
      ok: false,
      status: 422,
      title: "Account exists",
      description: "An account with this email already exists. Please sign in instead.",
    };
  }
  if (code === "PASSWORD_TOO_COMMON") {
    const fieldErrors = { password: COMMON_PASSWORD_MESSAGE };
    return { ok: false, status: 400, title: "Signup failed", description: COMMON_PASSWORD_MESSAGE, fieldErrors };
  }
  return { ok: false, status: response.status, title: "Signup failed", description: message ?? UNEXPECTED_ERROR };
}

/** Ends the current session; success carries the cookie-clearing headers. */
export async function signOutSession(request: Request): Promise<{ ok: true; setCookies: string[] } | { ok: false }> {
  try {
    const response = await callAuthEndpoint(request, "/sign-out", {}, { withCookies: true });
    if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };
    log.error(`Sign-out failed: status ${response.status} ${await response.text()}`);
  } catch (error) {
    logError("Sign-out failed", error);
  }
  return { ok: false };
}

/**
 * PRODUCT.md "Account": a new password for the signed-in account, after the current one; every other
 * session of the account ends. Success carries the new session's cookies.
 */
export async function changePassword(
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; setCookies: string[] } | AuthFailure> {
  let response: Response;
  try {
    response = await callAuthEndpoint(request, "/change-password", { ...input, revokeOtherSessions: true }, { withCookies: true });
  } catch (error) {
    return unexpected("Password change failed", error, request);
  }
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };
  if (response.status >= 500) return unexpected("Password change failed", `status ${response.status}`, request);
  const { code, message } = await errorBody(response);
  if (code === "INVALID_PASSWORD") {
    return { ok: false, status: 400, title: "Password not changed", description: "Your current password is incorrect." };
  }
  if (code === "PASSWORD_TOO_COMMON") {
    return {
      ok: false,
      status: 400,
      title: "Password not changed",
      description: COMMON_PASSWORD_MESSAGE,
      fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
    };
  }
  return { ok: false, status: response.status, title: "Password not changed", description: message ?? UNEXPECTED_ERROR };
}

/** Adds Set-Cookie headers (from Better Auth) to a response we send, e.g. a redirect with a toast. */
export function appendSetCookies(response: Response, setCookies: readonly string[]): Response {
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
