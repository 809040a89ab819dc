import { describe, expect, it } from "vitest";

import { PODCAST_VARIABLES, restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { ENV_VARIABLES, getEnv, S3_VARIABLES, StartupError } from "./env.server";

restoreEnvAfterEach([
  ...ENV_VARIABLES,
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
        "set the number of proxies in front (e.g. 1) or their addresses/CIDR ranges (got 'true')",
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
    [
      { PODCAST_CATEGORY: "Finance" },
      "Invalid environment variable PODCAST_CATEGORY: must be an Apple Podcasts category, e.g. Business (got 'Finance')",
    ],
    [
      { PODCAST_CATEGORY: "Business", PODCAST_SUBCATEGORY: "Stocks" },
      "Invalid environment variable PODCAST_SUBCATEGORY: under Business must be one of Careers, Entrepreneurship, Investing, Management, Marketing, Non-Profit (got 'Stocks')",
    ],
    [
      { PODCAST_CATEGORY: "Technology", PODCAST_SUBCATEGORY: "Investing" },
      "Invalid environment variable PODCAST_SUBCATEGORY: under Technology must be unset: it has no subcategories (got 'Investing')",
    ],
    [{ PODCAST_EXPLICIT: "yes" }, /^Invalid environment variable PODCAST_EXPLICIT: /],
    [
      { PODCAST_IMAGE_URL: "ftp://cdn.example.com/cover.jpg" },
      "Invalid environment variable PODCAST_IMAGE_URL: must be an absolute http(s) URL such as https://cdn.example.com/podcast-cover.jpg (got 'ftp://cdn.example.com/cover.jpg')",
    ],
    [
      { PODCAST_IMAGE_URL: "/og/podcast-cover.jpg" },
      "Invalid environment variable PODCAST_IMAGE_URL: must be an absolute http(s) URL such as https://cdn.example.com/podcast-cover.jpg (got '/og/podcast-cover.jpg')",
    ],
    [{ PODCAST_OWNER_EMAIL: "owner" }, /^Invalid environment variable PODCAST_OWNER_EMAIL: /],
    [
      { PODCAST_LANGUAGE: "English" },
      "Invalid environment variable PODCAST_LANGUAGE: must be a language code such as en or en-us (got 'English')",
    ],
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
    [
      { UPLOAD_MAX_IMAGE_MB: "0" },
      "Invalid environment variable UPLOAD_MAX_IMAGE_MB: must be a number of MB above 0 and at most 1024, such as 10 or 2.5 (got '0')",
    ],
    [
      { UPLOAD_MAX_AUDIO_MB: "-5" },
      "Invalid environment variable UPLOAD_MAX_AUDIO_MB: must be a number of MB above 0 and at most 10240, such as 500 or 2.5 (got '-5')",
    ],
    [{ UPLOAD_MAX_IMAGE_MB: "ten" }, /^Invalid environment variable UPLOAD_MAX_IMAGE_MB: .* \(got 'ten'\)$/],
    [
      { ...S3, S3_ENDPOINT: "s3.amazonaws.com" },
      "Invalid environment variable S3_ENDPOINT: must be an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com (got 's3.amazonaws.com')",
    ],
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

  it.each(["0", "2.5", "3601", "thirty"])("stops start-up for %s", (value) => {
    expect(startupErrorOf({ BODY_TIMEOUT_SECONDS: value })).toBe(
      `Invalid environment variable BODY_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600, such as 30 (got '${value}')`,
    );
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
    // A secret is never repeated in the line.
    [
      { METRICS_TOKEN: "short" },
      "Invalid environment variable METRICS_TOKEN: must be at least 32 characters, such as the output of `openssl rand -hex 32`",
    ],
    [{ METRICS_PORT: "3000", PORT: "3000" }, "Invalid environment variable METRICS_PORT: must differ from PORT (got '3000')"],
    [{ METRICS_PORT: "70000" }, /^Invalid environment variable METRICS_PORT: /],
  ])("stop start-up for a bad value: %o", (values, message) => {
    const line = startupErrorOf(values);
    if (typeof message === "string") expect(line).toBe(message);
    else expect(line).toMatch(message);
  });
});

describe("URL settings: a scheme always, a path or query only where the app uses one", () => {
  const S3 = {
    S3_BUCKET: "marketwire-media",
    S3_REGION: "eu-west-1",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it.each([
    ["PUBLIC_URL", "localhost:3000", "an absolute http(s) URL such as https://news.example.com"],
    ["PUBLIC_URL", "news.example.com", "an absolute http(s) URL such as https://news.example.com"],
    ["BETTER_AUTH_URL", "localhost:3000", "an absolute http(s) URL such as https://news.example.com"],
    ["BETTER_AUTH_URL", "news.example.com/", "an absolute http(s) URL such as https://news.example.com"],
    [
      "DATABASE_URL",
      "db.example.com:5432/marketwire",
      "a postgres:// or postgresql:// URL such as postgres://marketwire:password@db.example.com:5432/marketwire",
    ],
    ["SMTP_URL", "smtp.example.com:587", "an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587"],
    ["S3_ENDPOINT", "s3.eu-west-1.amazonaws.com", "an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com"],
    ["PODCAST_IMAGE_URL", "cdn.example.com/cover.jpg", "an absolute http(s) URL such as https://cdn.example.com/podcast-cover.jpg"],
  ])("stop start-up for %s without a scheme (%s), naming the variable and an example", (name, value, expected) => {
    expect(startupErrorOf({ ...S3, [name]: value })).toBe(`Invalid environment variable ${name}: must be ${expected} (got '${value}')`);
  });

  it.each([
    ["PUBLIC_URL", "ftp://news.example.com"],
    ["BETTER_AUTH_URL", "ws://news.example.com"],
    ["DATABASE_URL", "mysql://db.example.com/marketwire"],
    ["SMTP_URL", "https://smtp.example.com"],
    ["S3_ENDPOINT", "s3://marketwire-media"],
    ["PODCAST_IMAGE_URL", "file:///srv/cover.jpg"],
    ["PUBLIC_URL", "https://"],
  ])("stop start-up for %s with another scheme or no host: %s", (name, value) => {
    expect(startupErrorOf({ ...S3, [name]: value })).toMatch(new RegExp(`^Invalid environment variable ${name}: must be an? .* such as `));
  });

  it("take PUBLIC_URL and BETTER_AUTH_URL as origins: a trailing slash is dropped; a path, query or password stops start-up", () => {
    expect(envWith({ PUBLIC_URL: "https://news.example.com/", BETTER_AUTH_URL: "https://auth.example.com:8443/" })).toMatchObject({
      PUBLIC_URL: "https://news.example.com",
      BETTER_AUTH_URL: "https://auth.example.com:8443",
    });
    expect(envWith({ PUBLIC_URL: "https://news.example.com/", BETTER_AUTH_URL: undefined }).BETTER_AUTH_URL).toBe(
      "https://news.example.com",
    );
    expect(startupErrorOf({ PUBLIC_URL: "https://news.example.com/markets/" })).toBe(
      "Invalid environment variable PUBLIC_URL: must have no path (the site is served at the root of its host), such as " +
        "https://news.example.com (got 'https://news.example.com/markets/')",
    );
    expect(startupErrorOf({ PUBLIC_URL: undefined, BETTER_AUTH_URL: "https://news.example.com/api/auth" })).toMatch(
      /^Invalid environment variable BETTER_AUTH_URL: must have no path \(sign-in is served at the root of its host\)/,
    );
    expect(startupErrorOf({ BETTER_AUTH_URL: undefined, PUBLIC_URL: "https://news.example.com?utm=1" })).toBe(
      "Invalid environment variable PUBLIC_URL: must have no ?query, such as https://news.example.com (got 'https://news.example.com?utm=1')",
    );
    expect(startupErrorOf({ PUBLIC_URL: "https://news.example.com/#top" })).toMatch(
      /^Invalid environment variable PUBLIC_URL: must have no #fragment/,
    );
    expect(startupErrorOf({ PUBLIC_URL: "https://editor:secret@news.example.com" })).toBe(
      "Invalid environment variable PUBLIC_URL: must not contain a user name or password (browsers never send them), such as " +
        "https://news.example.com (got 'https://editor:***@news.example.com')",
    );
  });

  it("take DATABASE_URL's database path and options, and a Unix socket in ?host=", () => {
    for (const url of [
      "postgres://marketwire:pw@db.example.com:5432/marketwire?sslmode=require",
      "postgresql://marketwire@db.example.com/marketwire",
      "postgres:///marketwire?host=/var/run/postgresql",
      "postgres://marketwire:pw@/marketwire?host=/var/run/postgresql",
    ]) {
      expect(envWith({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("take SMTP_URL's options in the query, refuse a path", () => {
    const url = "smtps://user:pw@smtp.example.com:465/?tls.rejectUnauthorized=false";
    expect(envWith({ SMTP_URL: url }).SMTP_URL).toBe(url);
    expect(startupErrorOf({ SMTP_URL: "smtp://smtp.example.com:587/outbox" })).toBe(
      "Invalid environment variable SMTP_URL: must have no path (SMTP has none), such as smtp://user:password@smtp.example.com:587 " +
        "(got 'smtp://smtp.example.com:587/outbox')",
    );
  });

  it("take S3_ENDPOINT with a path prefix, refuse a query (the S3 client drops it) or credentials in it", () => {
    expect(envWith({ ...S3, S3_ENDPOINT: "https://gateway.example.com/s3" }).S3?.endpoint).toBe("https://gateway.example.com/s3");
    expect(startupErrorOf({ ...S3, S3_ENDPOINT: "https://s3.example.com?region=eu" })).toMatch(
      /^Invalid environment variable S3_ENDPOINT: must have no \?query, such as https:\/\/s3\.eu-west-1\.amazonaws\.com/,
    );
    expect(startupErrorOf({ ...S3, S3_ENDPOINT: "https://key:secret@s3.example.com" })).toBe(
      "Invalid environment variable S3_ENDPOINT: must not contain a user name or password (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), " +
        "such as https://s3.eu-west-1.amazonaws.com (got 'https://key:***@s3.example.com')",
    );
  });

  it("take PODCAST_IMAGE_URL with a path and query (a CDN's), refuse a fragment", () => {
    const url = "https://cdn.example.com/podcast/cover.jpg?v=3";
    expect(envWith({ PODCAST_IMAGE_URL: url }).PODCAST_IMAGE_URL).toBe(url);
    expect(startupErrorOf({ PODCAST_IMAGE_URL: "https://cdn.example.com/cover.jpg#big" })).toMatch(
      /^Invalid environment variable PODCAST_IMAGE_URL: must have no #fragment/,
    );
  });

  it("never repeat a password from a URL in the line", () => {
    const line = startupErrorOf({ DATABASE_URL: "mysql://marketwire:hunter2-secret@db.example.com/marketwire" });
    expect(line).toContain("(got 'mysql://marketwire:***@db.example.com/marketwire')");
    expect(line).not.toContain("hunter2");
    const smtp = startupErrorOf({ SMTP_URL: "smtp://user:p@ss/word@smtp.example.com:587/x" });
    expect(smtp).not.toContain("ss/word");
    // An unencoded # cuts a URL short: said so.
    expect(startupErrorOf({ DATABASE_URL: "postgres://marketwire:pa#ss@db.example.com/marketwire" })).toMatch(
      /^Invalid environment variable DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(a # in a password is written %23\) such as .* \(got 'postgres:\/\/marketwire:\*\*\*@db\.example\.com\/marketwire'\)$/,
    );
  });
});

describe("KEEP_ALIVE_TIMEOUT_SECONDS (load balancers' idle timeouts)", () => {
  it("is 65 seconds unless set: above the 60 s of AWS ALB and nginx", () => {
    expect(envWith({ KEEP_ALIVE_TIMEOUT_SECONDS: undefined }).KEEP_ALIVE_TIMEOUT_SECONDS).toBe(65);
    expect(envWith({ KEEP_ALIVE_TIMEOUT_SECONDS: "620" }).KEEP_ALIVE_TIMEOUT_SECONDS).toBe(620);
  });

  it.each(["0", "3601", "1.5", "65s", "-1"])("stops start-up for %s", (value) => {
    expect(startupErrorOf({ KEEP_ALIVE_TIMEOUT_SECONDS: value })).toBe(
      `Invalid environment variable KEEP_ALIVE_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600, such as 65 (got '${value}')`,
    );
  });
});

describe('webhook settings (PRODUCT.md "Webhooks")', () => {
  it("WEBHOOK_ALLOW_HOSTS reads host:port pairs, IPv6 without brackets, in lower case", () => {
    expect([...envWith({ WEBHOOK_ALLOW_HOSTS: " Hooks.Internal:8443, [::1]:9000,127.0.0.1:80 " }).WEBHOOK_ALLOW_HOSTS]).toEqual([
      "hooks.internal:8443",
      "::1:9000",
      "127.0.0.1:80",
    ]);
    expect(envWith({ WEBHOOK_ALLOW_HOSTS: undefined }).WEBHOOK_ALLOW_HOSTS.size).toBe(0);
  });

  it("MARKETS_PROVIDER defaults to the demo data on the embedded database and to none with DATABASE_URL", () => {
    expect(envWith({ MARKETS_PROVIDER: undefined, DATABASE_URL: undefined }).MARKETS_PROVIDER).toBe("demo");
    expect(envWith({ MARKETS_PROVIDER: undefined, DATABASE_URL: "postgres://db.example.com/marketwire" }).MARKETS_PROVIDER).toBe("none");
    expect(envWith({ MARKETS_PROVIDER: "csv", DATABASE_URL: undefined }).MARKETS_PROVIDER).toBe("csv");
  });

  it("MARKETS_PROVIDER=sec-edgar needs SEC_USER_AGENT naming a company and a contact address, as the SEC requires", () => {
    expect(() => envWith({ MARKETS_PROVIDER: "sec-edgar", SEC_USER_AGENT: undefined })).toThrow(
      "Invalid environment variable SEC_USER_AGENT: must name your company and a contact address, such as 'MarketWire Ltd ops@marketwire.example', for MARKETS_PROVIDER=sec-edgar",
    );
    expect(() => envWith({ MARKETS_PROVIDER: "sec-edgar", SEC_USER_AGENT: "MarketWire" })).toThrow("SEC_USER_AGENT");
    expect(envWith({ MARKETS_PROVIDER: "sec-edgar", SEC_USER_AGENT: "MarketWire Ltd ops@marketwire.example" }).SEC_USER_AGENT).toBe(
      "MarketWire Ltd ops@marketwire.example",
    );
  });

  it("WEBHOOK_RETRY_DELAYS_SECONDS defaults to Standard Webhooks' schedule and takes fractions", () => {
    expect(envWith({ WEBHOOK_RETRY_DELAYS_SECONDS: undefined }).WEBHOOK_RETRY_DELAYS_SECONDS).toEqual([
      5, 300, 1800, 7200, 18000, 36000, 36000,
    ]);
    expect(envWith({ WEBHOOK_RETRY_DELAYS_SECONDS: "0.1, 0.2" }).WEBHOOK_RETRY_DELAYS_SECONDS).toEqual([0.1, 0.2]);
  });
});

describe("every setting: a bad value stops start-up with one line naming it", () => {
  /**
   * A bad value for each variable and the start of its line; null where any value is taken (said why).
   * A new variable fails the last test until it is listed here.
   */
  const BAD: Record<(typeof ENV_VARIABLES)[number], [string, string] | null> = {
    NODE_ENV: ["prod", "must be development, production or test (got 'prod')"],
    LOG_LEVEL: ["verbose", "must be fatal, error, warn, info, debug, trace or silent (got 'verbose')"],
    LOG_FORMAT: ["text", "must be json or pretty (got 'text')"],
    PORT: ["http", "must be a port number from 1 to 65535, such as 3000 (got 'http')"],
    HOST: ["0.0.0.0:3000", "must be an address to listen on such as 0.0.0.0, :: or 127.0.0.1 (got '0.0.0.0:3000')"],
    DATABASE_URL: ["db:5432", "must be a postgres:// or postgresql:// URL such as"],
    // Any folder name: start-up then checks it is writable, in a line naming DATA_DIR.
    DATA_DIR: null,
    DATABASE_POOL_MAX: ["0", "must be a whole number from 1 to 1000, such as 10 (got '0')"],
    DATABASE_CONNECT_TIMEOUT_MS: ["5s", "must be a whole number of milliseconds from 1 to 3600000, such as 5000 (got '5s')"],
    DATABASE_STATEMENT_TIMEOUT_MS: ["0", "must be a whole number of milliseconds from 1 to 3600000, such as 5000 (got '0')"],
    READINESS_TIMEOUT_MS: ["2.5", "must be a whole number of milliseconds from 1 to 3600000, such as 2000 (got '2.5')"],
    SHUTDOWN_DELAY_MS: ["-1", "must be a whole number of milliseconds from 0 to 3600000, such as 3000 (got '-1')"],
    KEEP_ALIVE_TIMEOUT_SECONDS: ["0", "must be a whole number of seconds from 1 to 3600, such as 65 (got '0')"],
    METRICS_TOKEN: ["short", "must be at least 32 characters, such as the output of `openssl rand -hex 32`"],
    METRICS_PORT: ["metrics", "must be a port number from 1 to 65535, such as 9464 (got 'metrics')"],
    PUBLIC_URL: ["localhost:3000", "must be an absolute http(s) URL such as https://news.example.com (got 'localhost:3000')"],
    BETTER_AUTH_URL: ["localhost:3000", "must be an absolute http(s) URL such as https://news.example.com (got 'localhost:3000')"],
    BETTER_AUTH_SECRET: ["short", "must be at least 32 characters, such as the output of `openssl rand -base64 32`"],
    TRUST_PROXY: ["true", "true would trust any address"],
    RATE_LIMIT: ["yes", "must be on or off (got 'yes')"],
    PAGE_CACHE: ["1", "must be on or off (got '1')"],
    SMTP_URL: ["smtp.example.com", "must be an smtp:// or smtps:// URL such as"],
    MAIL_FROM: ["MarketWire", 'must be an address such as "MarketWire <no-reply@news.example.com>" or no-reply@news.example.com'],
    MAIL_RATE_PER_MINUTE: ["0", "must be a whole number of mails from 1 to 1000000, such as 600 (got '0')"],
    API_RATE_LIMIT_PER_MINUTE: ["0", "must be a whole number of requests from 1 to 1000000, such as 120 (got '0')"],
    WEBHOOK_ALLOW_HOSTS: [
      "127.0.0.1",
      "must be comma-separated host:port pairs such as hooks.internal:8443,127.0.0.1:9000 (got '127.0.0.1')",
    ],
    WEBHOOK_RETRY_DELAYS_SECONDS: [
      "5,never",
      "must be at most 20 comma-separated waits in seconds, each 0 to 86400, such as 5,300,1800 (got '5,never')",
    ],
    MEASUREMENT_INTERVAL_SECONDS: ["0", "must be a whole number of seconds from 1 to 3600, such as 60 (got '0')"],
    MARKETS_PROVIDER: ["yahoo", "must be none, demo, csv, sec-edgar or http-json (got 'yahoo')"],
    MARKETS_REFRESH_SECONDS: ["5", "must be a whole number of seconds from 15 to 3600, such as 60 (got '5')"],
    SEC_USER_AGENT: ["x".repeat(201), "must be at most 200 characters"],
    MARKETS_TIMEOUT_MS: ["1s", "must be a whole number of milliseconds from 500 to 60000, such as 5000 (got '1s')"],
    MEASUREMENT_RETENTION_DAYS: ["30d", "must be a whole number of days from 1 to 3650, such as 30 (got '30d')"],
    ADMIN_EMAIL: ["admin", "must be an email address such as admin@news.example.com (got 'admin')"],
    ADMIN_PASSWORD: ["123456", "Password must be at least 8 characters"],
    SEED_DEMO_CONTENT: ["yes", "must be true or false (got 'yes')"],
    PODCAST_TITLE: ["t".repeat(256), "must be at most 255 characters (got 'tttt"],
    PODCAST_DESCRIPTION: ["d".repeat(4001), "must be at most 4000 characters"],
    PODCAST_AUTHOR: ["a".repeat(256), "must be at most 255 characters"],
    PODCAST_OWNER_NAME: ["n".repeat(256), "must be at most 255 characters"],
    PODCAST_OWNER_EMAIL: ["owner", "must be an email address such as podcasts@news.example.com (got 'owner')"],
    PODCAST_CATEGORY: ["Finance", "must be an Apple Podcasts category, e.g. Business (got 'Finance')"],
    PODCAST_SUBCATEGORY: ["Stocks", "under Business must be one of"],
    PODCAST_EXPLICIT: ["yes", "must be true or false (got 'yes')"],
    PODCAST_LANGUAGE: ["English", "must be a language code such as en or en-us (got 'English')"],
    PODCAST_IMAGE_URL: ["cover.jpg", "must be an absolute http(s) URL such as https://cdn.example.com/podcast-cover.jpg (got 'cover.jpg')"],
    UPLOAD_MAX_IMAGE_MB: ["10MB", "must be a number of MB above 0 and at most 1024, such as 10 or 2.5 (got '10MB')"],
    UPLOAD_MAX_AUDIO_MB: ["0", "must be a number of MB above 0 and at most 10240, such as 500 or 2.5 (got '0')"],
    BODY_TIMEOUT_SECONDS: ["30s", "must be a whole number of seconds from 1 to 3600, such as 30 (got '30s')"],
    INVESTMENT_NOTICE: ["   ", "must not be empty (got '   ')"],
    S3_BUCKET: ["s3://marketwire-media", "must be a bucket name such as marketwire-media (got 's3://marketwire-media')"],
    S3_ENDPOINT: ["minio:9000", "must be an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com (got 'minio:9000')"],
    S3_REGION: ["eu west", "must be a region name such as eu-west-1 (got 'eu west')"],
    // Credentials: whatever the provider issued.
    S3_ACCESS_KEY_ID: null,
    S3_SECRET_ACCESS_KEY: null,
    S3_FORCE_PATH_STYLE: ["yes", "must be true or false (got 'yes')"],
  };

  it.each(Object.entries(BAD).filter(([, bad]) => bad !== null) as [string, [string, string]][])("%s", (name, [value, start]) => {
    const line = startupErrorOf({ [name]: value });
    expect(line.startsWith(`Invalid environment variable ${name}: ${start}`), line).toBe(true);
    expect(line).not.toContain("\n");
    expect(line.length).toBeLessThan(400);
  });

  it("lists every variable", () => {
    expect(Object.keys(BAD).sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it("keeps a value with a line break on one line", () => {
    expect(startupErrorOf({ PORT: "30\n00" })).toBe(
      "Invalid environment variable PORT: must be a port number from 1 to 65535, such as 3000 (got '30\\n00')",
    );
  });
});
