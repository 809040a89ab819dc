import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { action as authAction } from "~/routes/auth";

import { appRequest, BASE_URL, createSignedInUser } from "../../../tests/support/auth";
import { callRoute, type RouteAnswer } from "../../../tests/support/route";
import { resetEnvCache } from "../env.server";
import { SIGN_IN_ACCOUNT_RATE_LIMIT, TOO_MANY_SIGN_INS } from "../rate-limit.server";
import { getAuth } from "./auth.server";

// Rate limits are off in tests by default; this file turns them on before the auth instance is built.
beforeAll(() => {
  process.env.RATE_LIMIT = "on";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.RATE_LIMIT;
  resetEnvCache();
});

/** A sign-in straight to Better Auth's API (as an attacker would call it), from the address `ip`. */
async function signInFrom(ip: string, email: string, password = "wrong-password") {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${BASE_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL, "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}

/** 30 distinct addresses, as a botnet or a rotating proxy would use. */
const ADDRESSES = Array.from({ length: 30 }, (_, i) => `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`);

describe("sign-in limit per client address (10 a minute, kept in the database)", () => {
  it("answers 429 to the 11th attempt from one address and still serves another address", async () => {
    const statuses: number[] = [];
    // A different account each time, so only the per-address limit can trip.
    for (let i = 0; i < 11; i++) statuses.push((await signInFrom("203.0.113.7", `nobody${i}@example.com`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect((await signInFrom("198.51.100.2", "nobody-else@example.com")).status).toBe(401);
  });
});

describe("sign-in limit per account (10 failures in 15 minutes, from any addresses)", () => {
  it("gives 30 addresses 10 guesses at one account; the 11th is refused even with the right password", async () => {
    const { email, password } = await createSignedInUser({ email: "target@example.com" });
    const statuses: number[] = [];
    for (const ip of ADDRESSES) statuses.push((await signInFrom(ip, email)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_ACCOUNT_RATE_LIMIT.max);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const right = await signInFrom("192.0.2.99", email, password);
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ message: TOO_MANY_SIGN_INS });
    expect(right.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("answers an unknown account exactly like an existing one", async () => {
    await createSignedInUser({ email: "exists@example.com" });
    const answers = async (email: string) => {
      const out: string[] = [];
      for (const [i, ip] of ADDRESSES.slice(0, 12).entries()) {
        const response = await signInFrom(ip.replace("198.18", i % 2 ? "198.19" : "198.20"), email);
        out.push(`${response.status} ${(await response.json()).message}`);
      }
      return out;
    };
    const existing = await answers("exists@example.com");
    const unknown = await answers("no-such-account@example.com");
    expect(unknown).toEqual(existing);
    expect(existing[10]).toBe(`429 ${TOO_MANY_SIGN_INS}`);
  });

  it("counts concurrent guesses exactly: 30 at once from 30 addresses, 10 reach the password check", async () => {
    const { email } = await createSignedInUser({ email: "burst@example.com" });
    const statuses = await Promise.all(ADDRESSES.map((ip) => signInFrom(ip.replace("198.18", "198.21"), email).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("does not count a successful sign-in as a failure", async () => {
    const { email, password } = await createSignedInUser({ email: "owner@example.com" });
    for (let i = 0; i < 9; i++) expect((await signInFrom(`198.51.100.${i + 10}`, email)).status).toBe(401);
    expect((await signInFrom("198.51.100.30", email, password)).status).toBe(200);
    // Still only 9 failures: a 10th wrong password is checked, the 11th is refused.
    expect((await signInFrom("198.51.100.31", email)).status).toBe(401);
    expect((await signInFrom("198.51.100.32", email)).status).toBe(429);
  });

  it("the /auth page says 'Too many sign-in attempts' and keeps the email typed", async () => {
    const email = "page-target@example.com";
    let last: RouteAnswer | undefined;
    for (let i = 0; i < 11; i++) {
      const request = appRequest("/auth", { form: { intent: "signin", email, password: "wrong-password" } });
      request.headers.set("X-Forwarded-For", `192.0.2.${i + 1}`);
      last = await callRoute(authAction, request, { throws: false });
    }
    expect(last?.status).toBe(429);
    expect(last?.body).toMatchObject({
      ok: false,
      message: { title: "Login failed", description: "Too many sign-in attempts. Please wait 15 minutes and try again." },
      result: { initialValue: { email } },
    });
  });
});
