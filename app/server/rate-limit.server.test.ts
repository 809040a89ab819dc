import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contactAction } from "~/routes/contact";
import { action as newsletterAction } from "~/routes/resources.newsletter";
import { appRequest } from "../../tests/support/auth";
import { getDb, schema } from "./db.server";
import { resetEnvCache } from "./env.server";
import { CONTACT_RATE_LIMIT, NEWSLETTER_RATE_LIMIT, clientAddress, consumeRateLimit } from "./rate-limit.server";

// Rate limits are off in tests by default; this file turns them on.
beforeAll(() => {
  process.env.RATE_LIMIT = "on";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.RATE_LIMIT;
  resetEnvCache();
});

function fromAddress(path: string, ip: string, form: Record<string, string>) {
  const request = appRequest(path, { form });
  request.headers.set("X-Forwarded-For", ip);
  return request;
}

async function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  return ((result as { init?: ResponseInit }).init?.status ?? 200) as number;
}

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

describe("clientAddress", () => {
  it("takes the first X-Forwarded-For address", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" } });
    expect(clientAddress(request)).toBe("203.0.113.9");
    expect(clientAddress(new Request("http://localhost/"))).toBe("unknown");
  });
});

describe("public forms", () => {
  it("the contact form answers 429 after 5 messages from one address, keeps what was typed and stores nothing more", async () => {
    const form = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "Please call." };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect(await statusOf(await contactAction({ request: fromAddress("/contact", "198.51.100.1", form) } as any))).toBe(302);
    }
    const refused: any = await contactAction({ request: fromAddress("/contact", "198.51.100.1", form) } as any);
    expect(refused.init.status).toBe(429);
    expect(refused.data.fieldErrors.message).toMatch(/Too many messages/);
    expect(refused.data.values).toMatchObject({ name: "Ada", message: "Please call." });
    const db = await getDb();
    expect(await db.select().from(schema.contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(await statusOf(await contactAction({ request: fromAddress("/contact", "198.51.100.2", form) } as any))).toBe(302);
  });

  it("the newsletter answers 429 after 10 sign-ups from one address", async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      const result = await newsletterAction({ request: fromAddress("/resources/newsletter", "192.0.2.5", { email: `n${i}@example.com` }) } as any);
      expect(await statusOf(result)).toBe(200);
    }
    const refused: any = await newsletterAction({ request: fromAddress("/resources/newsletter", "192.0.2.5", { email: "late@example.com" }) } as any);
    expect(refused.init.status).toBe(429);
    expect(refused.data.fieldErrors.email).toMatch(/Too many sign-ups/);
  });
});
