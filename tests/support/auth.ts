import type { Role } from "~/lib/roles";
import { createUserAccount, getAuth, setUserRole } from "~/server/auth/auth.server";

export const BASE_URL = "http://localhost:3000";

let counter = 0;

/** Creates a verified account (a reader unless a role is named) and returns a Cookie header signed in as it. */
export async function createSignedInUser(options: { role?: Role; email?: string; password?: string } = {}) {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = options.password ?? "correct-horse-battery";
  const user = await createUserAccount({ email, password, name: `Test User ${counter}`, emailVerified: true });
  if (options.role && options.role !== "reader") await setUserRole(email, options.role);
  const cookie = await signInCookie(email, password);
  return { user, email, password, cookie };
}

/** Signs in through Better Auth's HTTP handler and returns the session cookie as a Cookie header value. */
export async function signInCookie(email: string, password: string) {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request(`${BASE_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeaderFrom(response);
}

/** Turns Set-Cookie headers into a Cookie request header. */
export function cookieHeaderFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A Request to the app, optionally signed in and with a form body. */
export function appRequest(path: string, init: { method?: string; cookie?: string; form?: Record<string, string | string[]> } = {}) {
  const headers = new Headers({ Origin: BASE_URL });
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: FormData | undefined;
  if (init.form) {
    body = new FormData();
    for (const [key, value] of Object.entries(init.form)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
  }
  return new Request(`${BASE_URL}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}
