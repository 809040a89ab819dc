import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL } from "../../tests/support/auth";
import { getAuth } from "./auth.server";
import { resetEnvCache } from "./env.server";

// Rate limits are off in tests by default; this file turns them on before the auth instance is built.
beforeAll(() => {
  process.env.RATE_LIMIT = "on";
  resetEnvCache();
});

async function signInFrom(ip: string) {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${BASE_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL, "X-Forwarded-For": ip },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    }),
  );
}

describe("sign-in rate limit (10 a minute per client, kept in the database)", () => {
  it("answers 429 to the 11th attempt from one address and still serves another address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signInFrom("203.0.113.7")).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await signInFrom("198.51.100.2")).status).toBe(401);
  });
});
