import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { action as contactAction } from "~/routes/contact";
import { action as newsletterAction } from "~/routes/resources.newsletter";

import { appRequest } from "../../tests/support/auth";
import { turnOnRateLimits } from "../../tests/support/env";
import { callRoute } from "../../tests/support/route";
import { getDb, schema } from "./db/db.server";
import {
  addressKey,
  betterAuthRateLimitStorage,
  clientAddress,
  consumeRateLimit,
  CONTACT_RATE_LIMIT,
  LONGEST_WINDOW_SECONDS,
  MemoryRateLimiter,
  NEWSLETTER_RATE_LIMIT,
} from "./rate-limit.server";

turnOnRateLimits();

function fromAddress(path: string, ip: string, form: Record<string, string>) {
  const request = appRequest(path, { form });
  request.headers.set("X-Forwarded-For", ip);
  return request;
}

const contact = (ip: string, form: Record<string, string>) =>
  callRoute(contactAction, fromAddress("/contact", ip, form), { throws: false });
const newsletter = (request: Request) => callRoute(newsletterAction, request, { throws: false });
const newsletterFrom = (ip: string, email: string) => newsletter(fromAddress("/resources/newsletter", ip, { email }));
/** What a refused form answers: the message by field, and what was typed. */
/** Conform's reply: the contact form answers with it, the newsletter wraps it in `result`. */
type Reply = { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
const refusalOf = (answer: { body: unknown }): Reply => {
  const body = answer.body as Reply & { result?: Reply };
  return body.result ?? body;
};

describe("consumeRateLimit", () => {
  it("allows `max` requests in a window, refuses the next, and starts over after the window", async () => {
    const rule = { max: 3, windowSeconds: 60 };
    const start = 1_000_000;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await consumeRateLimit("unit:a", rule, start + i));
    expect(answers).toEqual([true, true, true, false]);
    expect(await consumeRateLimit("unit:b", rule, start + 5)).toBe(true);
    expect(await consumeRateLimit("unit:a", rule, start + 60_001)).toBe(true);
  });

  it("counts concurrent requests exactly", async () => {
    const rule = { max: 10, windowSeconds: 60 };
    const answers = await Promise.all(Array.from({ length: 15 }, () => consumeRateLimit("unit:concurrent", rule)));
    expect(answers.filter(Boolean)).toHaveLength(10);
  });
});

describe("MemoryRateLimiter", () => {
  const rule = { max: 3, windowSeconds: 60 };
  const start = 1_000_000;

  it("allows `max` requests in a window, tells what is left, refuses the next, and starts over after the window", () => {
    const limiter = new MemoryRateLimiter(10);
    const answers = [0, 1, 2, 3].map((i) => limiter.consume("a", rule, start + i * 1000));
    expect(answers.map(({ allowed, remaining }) => [allowed, remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(answers.map(({ resetSeconds }) => resetSeconds)).toEqual([60, 59, 58, 57]);
    expect(answers[0]!.limit).toBe(3);
    // Another key has its own count; the window's last millisecond still counts in it.
    expect(limiter.consume("b", rule, start).allowed).toBe(true);
    expect(limiter.consume("a", rule, start + 59_999)).toMatchObject({ allowed: false, resetSeconds: 1 });
    expect(limiter.consume("a", rule, start + 60_000)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it("keeps at most its bound of keys: ended windows go first, then the oldest", () => {
    const limiter = new MemoryRateLimiter(3);
    for (const [i, key] of ["a", "b", "c"].entries()) limiter.consume(key, rule, start + i);
    // Full: the oldest window (a) makes room for d; b and c keep their counts.
    limiter.consume("d", rule, start + 10);
    expect(limiter.size).toBe(3);
    expect(limiter.consume("b", rule, start + 11).remaining).toBe(1);
    expect(limiter.consume("a", rule, start + 12).remaining).toBe(2);
    // Thousands of addresses never grow it past the bound.
    for (let i = 0; i < 5_000; i++) limiter.consume(`many:${i}`, rule, start + 20 + i);
    expect(limiter.size).toBe(3);
    // Once their windows have ended, every old key goes at the next new one.
    limiter.consume("late", rule, start + 120_000);
    expect(limiter.size).toBe(1);
  });
});

describe("clientAddress", () => {
  it("is the one address server.ts put in X-Forwarded-For, and nothing else", () => {
    const withHeader = (value: string) => new Request("http://localhost/", { headers: { "X-Forwarded-For": value } });
    expect(clientAddress(withHeader("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(withHeader("2001:db8::1"))).toBe("2001:db8::1");
    // A chain or garbage never reaches here through server.ts: no address, never a shared "unknown".
    expect(clientAddress(withHeader("203.0.113.9, 10.0.0.1"))).toBeNull();
    expect(clientAddress(withHeader("unknown"))).toBeNull();
    expect(clientAddress(new Request("http://localhost/"))).toBeNull();
  });
});

describe("addressKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::ffff:cb00:7109", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::9", "2001:db8:1:2::/64"],
    ["2001:DB8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("keys %s as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe("clean-up of old keys", () => {
  it("deletes rows whose window started more than 30 minutes ago and keeps the others", async () => {
    const db = await getDb();
    const now = Date.now() + 10 * 60_000; // past any earlier clean-up in this file, so this one runs
    await db.insert(schema.rateLimits).values([
      { id: "old", key: "unit:old", count: 1, lastRequest: now - (LONGEST_WINDOW_SECONDS + 1) * 1000 },
      { id: "recent", key: "unit:recent", count: 1, lastRequest: now - (LONGEST_WINDOW_SECONDS - 60) * 1000 },
    ]);
    await consumeRateLimit("unit:trigger", { max: 1, windowSeconds: 60 }, now);
    const keys = (await db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("unit:old");
    expect(keys).toContain("unit:recent");
    expect(keys).toContain("unit:trigger");
  });

  it("refuses a rule whose window is longer than the clean-up keeps", async () => {
    await expect(consumeRateLimit("unit:long", { max: 1, windowSeconds: LONGEST_WINDOW_SECONDS + 1 })).rejects.toThrow();
  });

  it("stores no client address in a key", async () => {
    await newsletterFrom("198.51.100.77", "keyless@example.com");
    const db = await getDb();
    const keys = (await db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
    expect(keys.some((key) => key.includes("198.51.100.77"))).toBe(false);
  });
});

describe("Better Auth's limiter storage", () => {
  it("keeps the 10-minute form limits when Better Auth's 1-minute windows roll over", async () => {
    // Better Auth's own database storage deleted every row older than a minute, resetting ours.
    const rule = { max: 1, windowSeconds: 600 };
    expect(await consumeRateLimit("unit:form", rule)).toBe(true);
    const db = await getDb();
    await db.execute(sql`update rate_limits set last_request = last_request - 120000 where key = 'unit:form'`);
    for (let i = 0; i < 3; i++) await betterAuthRateLimitStorage.consume(`10.9.9.9|/sign-in/email`, { window: 60, max: 10 });
    await db.execute(sql`update rate_limits set last_request = last_request - 120000 where key like 'auth:%'`);
    expect((await betterAuthRateLimitStorage.consume(`10.9.9.9|/sign-in/email`, { window: 60, max: 10 })).allowed).toBe(true);
    expect(await consumeRateLimit("unit:form", rule)).toBe(false);
  });

  it("allows `max` in a window and says when the window ends", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await betterAuthRateLimitStorage.consume("10.8.8.8|/sign-up/email", { window: 60, max: 3 }));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]!.retryAfter).toBeGreaterThan(55);
    expect(answers[3]!.retryAfter).toBeLessThanOrEqual(60);
  });
});

describe("public forms", () => {
  it("the contact form answers 429 after 5 messages from one address, keeps what was typed and stores nothing more", async () => {
    const form = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "Please call." };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await contact("198.51.100.1", form)).status).toBe(302);
    }
    const refused = await contact("198.51.100.1", form);
    expect(refused.status).toBe(429);
    expect(refusalOf(refused).error?.message?.[0]).toMatch(/Too many messages/);
    expect(refusalOf(refused).initialValue).toMatchObject({ name: "Ada", message: "Please call." });
    const db = await getDb();
    expect(await db.select().from(schema.contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect((await contact("198.51.100.2", form)).status).toBe(302);
  });

  it("the newsletter answers 429 after 10 sign-ups from one address", async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      const result = await newsletterFrom("192.0.2.5", `n${i}@example.com`);
      expect(result.status).toBe(200);
    }
    const refused = await newsletterFrom("192.0.2.5", "late@example.com");
    expect(refused.status).toBe(429);
    expect(refusalOf(refused).error?.email?.[0]).toMatch(/Too many sign-ups/);
  });

  it("refuses a form that came without a client address instead of sharing one bucket", async () => {
    const refused = await newsletter(appRequest("/resources/newsletter", { form: { email: "anon@example.com" } }));
    expect(refused.status).toBe(429);
  });
});
