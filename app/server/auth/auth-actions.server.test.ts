import { afterEach, describe, expect, it, vi } from "vitest";

import { appRequest } from "../../../tests/support/auth";
import { TOO_MANY_SIGN_INS } from "../rate-limit.server";
import { signInWithPassword, signOutSession, signUpWithPassword, UNEXPECTED_ERROR } from "./auth-actions.server";
import { getAuth } from "./auth.server";

/** Replaces Better Auth's HTTP handler for one test and records the requests it receives. */
async function stubHandler(answer: (request: Request) => Response | Promise<Response>) {
  const auth = await getAuth();
  const seen: Request[] = [];
  vi.spyOn(auth, "handler").mockImplementation(async (request: Request) => {
    seen.push(request);
    return answer(request);
  });
  return seen;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("calls go through Better Auth's HTTP handler (so its rate limiter applies)", () => {
  it("posts JSON to /api/auth/sign-in/email with the app origin and the client address", async () => {
    const seen = await stubHandler(() => json(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }));
    const request = appRequest("/auth", { method: "POST" });
    request.headers.set("x-forwarded-for", "203.0.113.9");
    await signInWithPassword(request, { email: "a@example.com", password: "pw" });
    expect(seen).toHaveLength(1);
    const sent = seen[0]!;
    expect(sent.method).toBe("POST");
    expect(new URL(sent.url).pathname).toBe("/api/auth/sign-in/email");
    expect(sent.headers.get("origin")).toBe("http://localhost:3000");
    expect(sent.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(sent.headers.get("cookie")).toBeNull();
    expect(await sent.json()).toEqual({ email: "a@example.com", password: "pw" });
  });

  it("sends the display name as Better Auth's name on sign-up", async () => {
    const seen = await stubHandler(() => json(200, { token: null, user: {} }));
    await signUpWithPassword(appRequest("/auth", { method: "POST" }), {
      displayName: "Ann",
      email: "ann@example.com",
      password: "ledger-secret-1",
    });
    expect(new URL(seen[0]!.url).pathname).toBe("/api/auth/sign-up/email");
    expect(await seen[0]!.json()).toEqual({ email: "ann@example.com", password: "ledger-secret-1", name: "Ann", callbackURL: "/" });
  });

  it("passes the visitor's cookies on sign-out only", async () => {
    const seen = await stubHandler(() => json(200, { success: true }));
    const result = await signOutSession(appRequest("/admin", { method: "POST", cookie: "better-auth.session_token=abc" }));
    expect(result.ok).toBe(true);
    expect(new URL(seen[0]!.url).pathname).toBe("/api/auth/sign-out");
    expect(seen[0]!.headers.get("cookie")).toBe("better-auth.session_token=abc");
  });
});

describe("sign-in failures (the auth messages)", () => {
  const signIn = () => signInWithPassword(appRequest("/auth", { method: "POST" }), { email: "a@example.com", password: "pw" });

  it.each([
    ["the per-address limit", { message: "Too many requests. Please try again later." }],
    ["the per-account limit", { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: TOO_MANY_SIGN_INS }],
  ])("answers %s with one 'Too many sign-in attempts' text, with status 429", async (_limit, body) => {
    await stubHandler(() => json(429, body));
    expect(await signIn()).toEqual({
      ok: false,
      status: 429,
      title: "Login failed",
      description: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
  });

  it("shows Better Auth's message for an unverified address, with status 403", async () => {
    await stubHandler(() => json(403, { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }));
    expect(await signIn()).toEqual({ ok: false, status: 403, title: "Login failed", description: "Email not verified" });
  });

  it("answers a crash with the generic text and logs it", async () => {
    await stubHandler(() => {
      throw new Error("database down");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await signIn()).toEqual({ ok: false, status: 500, title: "Error", description: UNEXPECTED_ERROR });
    expect(logged).toHaveBeenCalledOnce();
  });

  it("treats a 5xx from Better Auth as unexpected", async () => {
    await stubHandler(() => json(500, { message: "internal detail that must not reach the visitor" }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await signIn();
    expect(result).toMatchObject({ ok: false, status: 500, description: UNEXPECTED_ERROR });
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("sign-up failures (the auth messages)", () => {
  const signUp = () =>
    signUpWithPassword(appRequest("/auth", { method: "POST" }), { displayName: "A", email: "a@example.com", password: "ledger-secret-1" });

  it("shows 'Signup failed' with Better Auth's message for other errors", async () => {
    await stubHandler(() => json(400, { code: "INVALID_EMAIL", message: "Invalid email" }));
    expect(await signUp()).toEqual({ ok: false, status: 400, title: "Signup failed", description: "Invalid email" });
  });

  it("shows the generic text when the error has no message", async () => {
    await stubHandler(() => new Response("not json", { status: 429 }));
    expect(await signUp()).toEqual({ ok: false, status: 429, title: "Signup failed", description: UNEXPECTED_ERROR });
  });
});

describe("sign-out failure", () => {
  it("reports failure (and logs it) when Better Auth answers with an error", async () => {
    await stubHandler(() => json(500, { message: "boom" }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await signOutSession(appRequest("/admin", { method: "POST" }))).toEqual({ ok: false });
    expect(logged).toHaveBeenCalledOnce();
  });
});
