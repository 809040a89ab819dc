import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getCurrentUser } from "~/server/auth/session.server";
import { getDb, schema } from "~/server/db/db.server";

import { appRequest, cookieHeaderFrom, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import { action, loader, type AuthActionData } from "./auth";

const post = async (form: Record<string, string>, headers?: Record<string, string>) => {
  const request = appRequest("/auth", { form });
  for (const [key, value] of Object.entries(headers ?? {})) request.headers.set(key, value);
  const answer = await callRoute(action, request, { throws: false });
  // The page's data when the action did not redirect.
  return { ...answer, body: answer.body as AuthActionData | undefined };
};
/** The accounts stored under `email`. */
async function accountsWith(email: string) {
  const db = await getDb();
  return db.select().from(schema.users).where(eq(schema.users.email, email));
}
/** The redirect the loader throws for a signed-in visitor. */
const redirectOf = async (request: Request) => (await callRoute(loader, request, { throws: true })).response!;

describe("/auth loader", () => {
  it("shows the page to a visitor without a session", async () => {
    const { status, body } = await callRoute(loader, appRequest("/auth"), { throws: false });
    expect(status).toBe(200);
    expect(body).toBeNull();
  });

  it('sends an admin already signed in to /admin (PRODUCT.md "Accounts")', async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const response = await redirectOf(appRequest("/auth", { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("sends a reader already signed in back to the page they came from, never through /admin", async () => {
    const { cookie } = await createSignedInUser();
    const load = (path: string) => redirectOf(appRequest(path, { cookie }));
    expect((await load("/auth?redirectTo=%2Fvideos")).headers.get("Location")).toBe("/videos");
    expect((await load("/auth")).headers.get("Location")).toBe("/");
  });
});

describe("/auth sign in", () => {
  it("redirects to /admin with the session cookie and the 'Welcome back!' toast", async () => {
    const { email, password } = await createSignedInUser({ role: "admin" });
    const { status, response } = await post({ intent: "signin", email, password });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/admin");
    const cookies = response!.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("mw_toast="))).toBe(true);
    // The cookie really is a session for that user.
    const user = await getCurrentUser(appRequest("/admin", { cookie: cookieHeaderFrom(response!) }));
    expect(user?.email).toBe(email);
  });

  it("sends a reader (not an admin) back to the page they came from with 'Welcome back!', not to /admin", async () => {
    const { email, password } = await createSignedInUser();
    const { status, response } = await post({ intent: "signin", email, password, redirectTo: "/blog?page=2" });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/blog?page=2");
    expect(response!.headers.getSetCookie().some((c) => c.startsWith("mw_toast="))).toBe(true);
  });

  it("sends a reader without a page to return to home, and ignores a redirect off the site", async () => {
    const { email, password } = await createSignedInUser();
    for (const redirectTo of ["", "//evil.example.com", "/admin"]) {
      const { response } = await post({ intent: "signin", email, password, redirectTo });
      expect(response!.headers.get("Location"), redirectTo).toBe("/");
    }
  });

  it("sends an admin to /admin even from a public page", async () => {
    const { email, password } = await createSignedInUser({ role: "admin" });
    const { response } = await post({ intent: "signin", email, password, redirectTo: "/videos" });
    expect(response!.headers.get("Location")).toBe("/admin");
  });

  it("accepts the email with surrounding spaces and any letter case", async () => {
    const { email, password } = await createSignedInUser();
    const { status } = await post({ intent: "signin", email: `  ${email.toUpperCase()} `, password });
    expect(status).toBe(302);
  });

  it("answers a wrong password with 401 and the 'Invalid email or password' message", async () => {
    const { email } = await createSignedInUser();
    const { status, body } = await post({ intent: "signin", email, password: "wrong-password" });
    expect(status).toBe(401);
    expect(body).toMatchObject({
      intent: "signin",
      ok: false,
      message: { title: "Login failed", description: "Invalid email or password. Please check your credentials." },
      result: { initialValue: { email } },
    });
  });

  it("answers an unknown email like a wrong password", async () => {
    const { status, body } = await post({ intent: "signin", email: "nobody@example.com", password: "whatever" });
    expect(status).toBe(401);
    expect(body?.message?.title).toBe("Login failed");
  });

  it("rejects a malformed email with 400 and a field message, without calling Better Auth", async () => {
    const { status, body } = await post({ intent: "signin", email: "not-an-email", password: "x" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, result: { status: "error", initialValue: { email: "not-an-email" } } });
    expect(body?.result?.error).toEqual({ email: ["Please enter a valid email address"] });
    expect(body?.message).toBeUndefined();
  });

  it("rejects empty fields with 400 and both field messages", async () => {
    const { status, body } = await post({ intent: "signin", email: "", password: "" });
    expect(status).toBe(400);
    expect(body?.result?.error).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  it("never sends the password back", async () => {
    const { body } = await post({ intent: "signin", email: "nobody@example.com", password: "secret-pass" });
    expect(JSON.stringify(body)).not.toContain("secret-pass");
    // Nor with a refused field (Conform's reply carries what was typed).
    const refused = await post({ intent: "signin", email: "not-an-email", password: "secret-pass" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain("secret-pass");
  });
});

describe("/auth sign up", () => {
  const signUp = (form: Record<string, string>) => post({ intent: "signup", ...form });

  it("creates the user and a profile with the display name and the reader role, and does not sign in", async () => {
    const { status, body, response, headers } = await signUp({
      displayName: "  Ann Analyst ",
      email: "Ann@Example.com",
      password: "ledger-secret-1",
    });
    expect(status).toBe(200);
    expect(response).toBeUndefined();
    expect(body).toEqual({
      intent: "signup",
      ok: true,
      message: { title: "Account created!", description: "Please check your email to verify your account." },
    });
    // No cookies of any kind (the form is cleared and nobody is signed in).
    expect(headers.getSetCookie()).toEqual([]);

    const [user] = await accountsWith("ann@example.com");
    const db = await getDb();
    expect(user?.name).toBe("Ann Analyst");
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.userId, user!.id));
    expect(profile).toMatchObject({ displayName: "Ann Analyst", role: "reader" });
    // The session Better Auth opened automatically was removed, not just hidden.
    const sessions = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user!.id));
    expect(sessions).toEqual([]);
  });

  it("lets the new account sign in afterwards (no mail transport configured)", async () => {
    await signUp({ displayName: "Bo", email: "bo@example.com", password: "ledger-secret-1" });
    const { status } = await post({ intent: "signin", email: "bo@example.com", password: "ledger-secret-1" });
    expect(status).toBe(302);
  });

  it("answers an existing email with 'Account exists' (the auth messages)", async () => {
    await signUp({ displayName: "Cy", email: "cy@example.com", password: "ledger-secret-1" });
    const { status, body } = await signUp({ displayName: "Cy Again", email: "CY@example.com", password: "ledger-secret-2" });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      ok: false,
      message: { title: "Account exists", description: "An account with this email already exists. Please sign in instead." },
      result: { initialValue: { displayName: "Cy Again", email: "CY@example.com" } },
    });
  });

  it("rejects a short password with 400 and the minimum in the message", async () => {
    const { status, body } = await signUp({ displayName: "Di", email: "di@example.com", password: "k7#fq2Z" });
    expect(status).toBe(400);
    expect(body?.result?.error).toEqual({ password: ["Password must be at least 8 characters"] });
    expect(await accountsWith("di@example.com")).toEqual([]);
  });

  it("rejects a common password with 400, the message beside the password field, and no account", async () => {
    const { status, body } = await signUp({ displayName: "Ed", email: "ed@example.com", password: "Football" });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      message: { title: "Signup failed", description: "This password is too common. Choose a less common password." },
      result: { initialValue: { displayName: "Ed", email: "ed@example.com" } },
    });
    expect(body?.result?.error).toEqual({ password: ["This password is too common. Choose a less common password."] });
    expect(await accountsWith("ed@example.com")).toEqual([]);
  });

  it("requires every field", async () => {
    const { status, body } = await signUp({ displayName: "", email: "", password: "" });
    expect(status).toBe(400);
    expect(Object.keys(body?.result?.error ?? {}).sort()).toEqual(["displayName", "email", "password"]);
  });
});
