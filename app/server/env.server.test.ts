import { describe, expect, it } from "vitest";

import { PODCAST_VARIABLES, restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { getEnv, S3_VARIABLES, StartupError } from "./env.server";

restoreEnvAfterEach([
  "TRUST_PROXY",
  "ADMIN_PASSWORD",
  "PUBLIC_URL",
  ...PODCAST_VARIABLES,
  ...S3_VARIABLES,
  "S3_FORCE_PATH_STYLE",
  "UPLOAD_MAX_IMAGE_MB",
  "UPLOAD_MAX_AUDIO_MB",
  "BODY_TIMEOUT_SECONDS",
  "METRICS_TOKEN",
  "METRICS_PORT",
  "PORT",
]);

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

describe('uploads: storage and limits (PRODUCT.md "Media library")', () => {
  const S3 = {
    S3_BUCKET: "marketwire-media",
    S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
    S3_REGION: "eu-west-1",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
  };
  const noS3 = Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined]));

  it("store on local disk when no S3 variable is set, with limits of 10 MB for images and 500 MB for audio", () => {
    const env = envWith({ ...noS3, UPLOAD_MAX_IMAGE_MB: undefined, UPLOAD_MAX_AUDIO_MB: undefined });
    expect(env.S3).toBeNull();
    expect(env.UPLOAD_MAX_BYTES).toEqual({ image: 10 * 1024 * 1024, audio: 500 * 1024 * 1024 });
  });

  it("store in S3 when all five are set; path-style addressing only when asked", () => {
    expect(envWith({ ...S3, S3_FORCE_PATH_STYLE: undefined }).S3).toEqual({
      bucket: "marketwire-media",
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      region: "eu-west-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(envWith({ ...S3, S3_FORCE_PATH_STYLE: "true" }).S3?.forcePathStyle).toBe(true);
  });

  it.each([
    [{ S3_BUCKET: "media" }, "S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are"],
    [{ ...S3, S3_SECRET_ACCESS_KEY: undefined }, "S3_SECRET_ACCESS_KEY is"],
    [{ ...S3, S3_BUCKET: "" }, "S3_BUCKET is"],
  ])("stop start-up when only some are set: %o", (values, missing) => {
    expect(startupErrorOf({ ...noS3, ...values })).toBe(
      `Incomplete S3 storage settings: ${missing} not set. Set all of S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, ` +
        "S3_SECRET_ACCESS_KEY to store uploads in S3, or none of them to store uploads on disk under DATA_DIR.",
    );
  });

  it("take other limits in MB, fractions included", () => {
    expect(envWith({ UPLOAD_MAX_IMAGE_MB: "2.5", UPLOAD_MAX_AUDIO_MB: "1000" }).UPLOAD_MAX_BYTES).toEqual({
      image: 2.5 * 1024 * 1024,
      audio: 1000 * 1024 * 1024,
    });
  });

  it.each([
    [{ UPLOAD_MAX_IMAGE_MB: "0" }, "Invalid environment variable UPLOAD_MAX_IMAGE_MB: must be more than 0"],
    [{ UPLOAD_MAX_AUDIO_MB: "-5" }, "Invalid environment variable UPLOAD_MAX_AUDIO_MB: must be more than 0"],
    [{ UPLOAD_MAX_IMAGE_MB: "ten" }, /^Invalid environment variable UPLOAD_MAX_IMAGE_MB: /],
    [{ ...S3, S3_ENDPOINT: "s3.amazonaws.com" }, "Invalid environment variable S3_ENDPOINT: must be an http:// or https:// URL"],
    [{ ...S3, S3_FORCE_PATH_STYLE: "yes" }, /^Invalid environment variable S3_FORCE_PATH_STYLE: /],
  ])("stop start-up for a bad value: %o", (values, message) => {
    const line = startupErrorOf(values);
    if (typeof message === "string") expect(line).toBe(message);
    else expect(line).toMatch(message);
  });
});

describe('BODY_TIMEOUT_SECONDS (PRODUCT.md "Security")', () => {
  it("is 30 seconds unless set", () => {
    expect(envWith({ BODY_TIMEOUT_SECONDS: undefined }).BODY_TIMEOUT_SECONDS).toBe(30);
    expect(envWith({ BODY_TIMEOUT_SECONDS: "5" }).BODY_TIMEOUT_SECONDS).toBe(5);
  });

  it.each([
    ["0", "must be at least 1"],
    ["2.5", "must be a whole number of seconds"],
    ["3601", "must be at most 3600"],
  ])("stops start-up for %s: %s", (value, message) => {
    expect(startupErrorOf({ BODY_TIMEOUT_SECONDS: value })).toBe(`Invalid environment variable BODY_TIMEOUT_SECONDS: ${message}`);
  });
});

describe('METRICS_TOKEN and METRICS_PORT (PRODUCT.md "Metrics")', () => {
  it("are unset unless set: no /metrics at all", () => {
    const env = envWith({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
    expect([env.METRICS_TOKEN, env.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(envWith({ METRICS_TOKEN: "t".repeat(32), METRICS_PORT: "9464" })).toMatchObject({
      METRICS_TOKEN: "t".repeat(32),
      METRICS_PORT: 9464,
    });
  });

  it.each([
    [{ METRICS_TOKEN: "short" }, "Invalid environment variable METRICS_TOKEN: must be at least 32 characters"],
    [{ METRICS_PORT: "3000", PORT: "3000" }, "Invalid environment variable METRICS_PORT: must differ from PORT"],
    [{ METRICS_PORT: "70000" }, /^Invalid environment variable METRICS_PORT: /],
  ])("stop start-up for a bad value: %o", (values, message) => {
    const line = startupErrorOf(values);
    if (typeof message === "string") expect(line).toBe(message);
    else expect(line).toMatch(message);
  });
});
