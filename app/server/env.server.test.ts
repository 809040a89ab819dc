import { describe, expect, it } from "vitest";

import { PODCAST_VARIABLES, restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { getEnv, StartupError } from "./env.server";

restoreEnvAfterEach(["TRUST_PROXY", "ADMIN_PASSWORD", "PUBLIC_URL", ...PODCAST_VARIABLES]);

function envWith(values: Record<string, string | undefined>) {
  setEnv(values);
  return getEnv();
}

/** The one line start-up prints for a bad value. */
function startupErrorOf(values: Record<string, string | undefined>) {
  try {
    envWith(values);
  } catch (error) {
    if (error instanceof StartupError) return error.message;
    throw error;
  }
  throw new Error("expected a StartupError");
}

describe('TRUST_PROXY (PRODUCT.md "Security")', () => {
  it("defaults to no proxy, and takes a hop count or a list of proxies", () => {
    expect(envWith({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(envWith({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(envWith({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(envWith({ TRUST_PROXY: "10.0.0.0/8,192.0.2.10" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "192.0.2.10"]);
  });

  it("refuses `true`, which would trust any client-written address, with a clear start-up line", () => {
    expect(startupErrorOf({ TRUST_PROXY: "true" })).toBe(
      "Invalid environment variable TRUST_PROXY: true would trust any address a client writes into X-Forwarded-For; " +
        "set the number of proxies in front (e.g. 1) or their addresses/CIDR ranges",
    );
  });

  it("names a bad entry of the list", () => {
    expect(startupErrorOf({ TRUST_PROXY: "10.0.0.0/8,proxy.internal" })).toMatch(
      /^Invalid environment variable TRUST_PROXY: "proxy\.internal" is not/,
    );
  });
});

describe('ADMIN_PASSWORD (PRODUCT.md "Security")', () => {
  it.each([
    ["123456", "Password must be at least 8 characters"],
    ["password", "This password is too common. Choose a less common password."],
    ["Qwertyuiop", "This password is too common. Choose a less common password."],
  ])("stops start-up for %s", (password, message) => {
    expect(startupErrorOf({ ADMIN_PASSWORD: password })).toBe(`Invalid environment variable ADMIN_PASSWORD: ${message}`);
  });

  it("accepts a long uncommon password", () => {
    expect(envWith({ ADMIN_PASSWORD: "admin-e2e-password" }).ADMIN_PASSWORD).toBe("admin-e2e-password");
  });
});

describe('PODCAST_* (PRODUCT.md "Discovery")', () => {
  const unset = Object.fromEntries(PODCAST_VARIABLES.map((name) => [name, undefined]));

  it("default to a complete channel, so the site starts without any of them", () => {
    const env = envWith({ ...unset, PUBLIC_URL: "https://news.example.com/" });
    expect({
      title: env.PODCAST_TITLE,
      author: env.PODCAST_AUTHOR,
      owner: [env.PODCAST_OWNER_NAME, env.PODCAST_OWNER_EMAIL],
      category: [env.PODCAST_CATEGORY, env.PODCAST_SUBCATEGORY],
      explicit: env.PODCAST_EXPLICIT,
      language: env.PODCAST_LANGUAGE,
      image: env.PODCAST_IMAGE_URL,
    }).toEqual({
      title: "MarketWire Podcasts",
      author: "MarketWire",
      owner: ["MarketWire", "info@marketwire.example"],
      category: ["Business", "Investing"],
      explicit: false,
      language: "en",
      // The square cover the site serves, on the public origin.
      image: "https://news.example.com/og/podcast-cover.jpg",
    });
    expect(env.PODCAST_DESCRIPTION.length).toBeGreaterThan(20);
  });

  it("take any Apple category, with or without one of its subcategories", () => {
    expect(envWith({ PODCAST_CATEGORY: "Technology", PODCAST_SUBCATEGORY: "" })).toMatchObject({
      PODCAST_CATEGORY: "Technology",
      PODCAST_SUBCATEGORY: undefined,
    });
    expect(envWith({ PODCAST_CATEGORY: "News", PODCAST_SUBCATEGORY: "Business News" })).toMatchObject({
      PODCAST_CATEGORY: "News",
      PODCAST_SUBCATEGORY: "Business News",
    });
    expect(envWith({ PODCAST_CATEGORY: "", PODCAST_SUBCATEGORY: "Careers" })).toMatchObject({
      PODCAST_CATEGORY: "Business",
      PODCAST_SUBCATEGORY: "Careers",
    });
  });

  it("read PODCAST_EXPLICIT as a flag and PODCAST_IMAGE_URL as given", () => {
    expect(envWith({ PODCAST_EXPLICIT: "true" }).PODCAST_EXPLICIT).toBe(true);
    expect(envWith({ PODCAST_EXPLICIT: "false" }).PODCAST_EXPLICIT).toBe(false);
    expect(envWith({ PODCAST_IMAGE_URL: "https://cdn.example.com/cover.png" }).PODCAST_IMAGE_URL).toBe("https://cdn.example.com/cover.png");
  });

  it.each([
    [{ PODCAST_CATEGORY: "Finance" }, "Invalid environment variable PODCAST_CATEGORY: must be an Apple Podcasts category, e.g. Business"],
    [
      { PODCAST_CATEGORY: "Business", PODCAST_SUBCATEGORY: "Stocks" },
      "Invalid environment variable PODCAST_SUBCATEGORY: under Business must be one of Careers, Entrepreneurship, Investing, Management, Marketing, Non-Profit",
    ],
    [
      { PODCAST_CATEGORY: "Technology", PODCAST_SUBCATEGORY: "Investing" },
      "Invalid environment variable PODCAST_SUBCATEGORY: under Technology must be unset: it has no subcategories",
    ],
    [{ PODCAST_EXPLICIT: "yes" }, /^Invalid environment variable PODCAST_EXPLICIT: /],
    [
      { PODCAST_IMAGE_URL: "ftp://cdn.example.com/cover.jpg" },
      "Invalid environment variable PODCAST_IMAGE_URL: must be an http:// or https:// URL",
    ],
    [{ PODCAST_IMAGE_URL: "/og/podcast-cover.jpg" }, "Invalid environment variable PODCAST_IMAGE_URL: must be an http:// or https:// URL"],
    [{ PODCAST_OWNER_EMAIL: "owner" }, /^Invalid environment variable PODCAST_OWNER_EMAIL: /],
    [{ PODCAST_LANGUAGE: "English" }, "Invalid environment variable PODCAST_LANGUAGE: must be a language code such as en or en-us"],
  ])("stop start-up for %o", (values, message) => {
    const line = startupErrorOf(values);
    if (typeof message === "string") expect(line).toBe(message);
    else expect(line).toMatch(message);
  });
});
