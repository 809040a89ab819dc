import { afterEach, describe, expect, it } from "vitest";

import { resetEnvCache } from "../env.server";
import { createNewsletterToken, newsletterLink, readNewsletterToken } from "./subscriber-links.server";

const NOW = new Date("2026-11-23T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  delete process.env.BETTER_AUTH_SECRET;
  resetEnvCache();
});

/** Flips one character of the part of a token at `index` (0: payload, 1: signature). */
function tamper(token: string, index: 0 | 1) {
  const parts = token.split(".");
  const part = parts[index]!;
  parts[index] = `${part.slice(0, 5)}${part[5] === "A" ? "B" : "A"}${part.slice(6)}`;
  return parts.join(".");
}

describe("newsletter link tokens", () => {
  it("reads back the address it was made for", () => {
    expect(readNewsletterToken("unsubscribe", createNewsletterToken("unsubscribe", "ann@example.com"))).toEqual({
      valid: true,
      email: "ann@example.com",
      expired: false,
    });
    expect(readNewsletterToken("confirm", createNewsletterToken("confirm", "ann@example.com", NOW), NOW)).toEqual({
      valid: true,
      email: "ann@example.com",
      expired: false,
    });
  });

  it("a confirm token expires after 7 days; an unsubscribe token never does", () => {
    const confirm = createNewsletterToken("confirm", "ann@example.com", NOW);
    expect(readNewsletterToken("confirm", confirm, new Date(NOW.getTime() + 7 * DAY - 1000))).toMatchObject({
      valid: true,
      expired: false,
    });
    expect(readNewsletterToken("confirm", confirm, new Date(NOW.getTime() + 7 * DAY))).toMatchObject({ valid: true, expired: true });
    const unsubscribe = createNewsletterToken("unsubscribe", "ann@example.com", NOW);
    expect(readNewsletterToken("unsubscribe", unsubscribe, new Date(NOW.getTime() + 3650 * DAY))).toMatchObject({
      valid: true,
      expired: false,
    });
  });

  it("a token for one purpose is refused for the other", () => {
    expect(readNewsletterToken("unsubscribe", createNewsletterToken("confirm", "ann@example.com"))).toEqual({ valid: false });
    expect(readNewsletterToken("confirm", createNewsletterToken("unsubscribe", "ann@example.com"))).toEqual({ valid: false });
  });

  it("refuses a changed address, a changed signature and an unsigned token made by hand", () => {
    const token = createNewsletterToken("unsubscribe", "ann@example.com");
    expect(readNewsletterToken("unsubscribe", tamper(token, 0))).toEqual({ valid: false });
    expect(readNewsletterToken("unsubscribe", tamper(token, 1))).toEqual({ valid: false });
    const forgedPayload = Buffer.from("unsubscribe\n\nbob@example.com").toString("base64url");
    expect(readNewsletterToken("unsubscribe", `${forgedPayload}.${token.split(".")[1]}`)).toEqual({ valid: false });
    expect(readNewsletterToken("unsubscribe", forgedPayload)).toEqual({ valid: false });
  });

  it("refuses a token signed with another secret", () => {
    process.env.BETTER_AUTH_SECRET = "another-secret-another-secret-another-secret";
    resetEnvCache();
    const foreign = createNewsletterToken("unsubscribe", "ann@example.com");
    delete process.env.BETTER_AUTH_SECRET;
    resetEnvCache();
    expect(readNewsletterToken("unsubscribe", foreign)).toEqual({ valid: false });
  });

  it.each([
    ["missing", null],
    ["not a string", ["a.b"]],
    ["empty", ""],
    ["one part", "abc"],
    ["three parts", "a.b.c"],
    ["far too long", `${"a".repeat(5000)}.b`],
    ["not base64", "!!!.???"],
  ])("refuses junk (%s) without throwing", (_case, token) => {
    expect(readNewsletterToken("unsubscribe", token)).toEqual({ valid: false });
  });

  it("builds absolute links on the public origin", () => {
    const link = new URL(newsletterLink("confirm", "ann@example.com"));
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/newsletter/confirm");
    expect(readNewsletterToken("confirm", link.searchParams.get("token"))).toMatchObject({ valid: true, email: "ann@example.com" });
  });
});
