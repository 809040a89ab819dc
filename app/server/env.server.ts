import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

import { INVESTMENT_NOTICE_DEFAULT } from "../lib/disclosure";
import { PODCAST_COVER_PATH } from "../lib/feeds";
import { MARKETS_PROVIDERS, SEC_USER_AGENT_PATTERN, type MarketsProviderName } from "../lib/markets";
import { passwordProblem } from "./password-policy.server";

/** Thrown for configuration and start-up problems: printed as one line, never as a stack trace. */
export class StartupError extends Error {
  override name = "StartupError";
}

// Every setting is checked before anything starts: a bad value stops start-up with one line that names the
// variable, says what it must be with an example, and shows the value given (getEnv; secrets are not shown).

/** "a, b or c". */
const choices = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** A whole number from `min` to `max`, e.g. "a whole number of seconds from 1 to 3600, such as 30". */
function wholeNumber(min: number, max: number, example: number, what = "a whole number") {
  const message = `must be ${what} from ${min} to ${max}, such as ${example}`;
  return z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));
}

/** A whole number of milliseconds, from `min` (1 unless said) to an hour. */
function milliseconds(example: number, min = 1) {
  return wholeNumber(min, 3_600_000, example, "a whole number of milliseconds");
}

const port = (example: number) => wholeNumber(1, 65535, example, "a port number");

/** A size in MB, fractions allowed, above 0. */
function megabytesSetting(max: number, example: number) {
  const message = `must be a number of MB above 0 and at most ${max}, such as ${example} or 2.5`;
  return z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().positive(message).max(max, message));
}

/** One of a few words, e.g. on|off. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be ${choices(values)}` });
}

/** A true|false setting, read as a boolean. */
const flag = () =>
  oneOf(["true", "false"])
    .default("false")
    .transform((value) => value === "true");

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const email = (example: string) => z.email({ error: `must be an email address such as ${example}` });

/** What a URL setting may hold, and why not more: the message names what the app does with it. */
interface UrlRule {
  /** Schemes accepted, without the colon. */
  schemes: readonly string[];
  /** What the value must be, with an example: said when it is not such a URL at all (no scheme, say). */
  expected: string;
  example: string;
  /** Why a path (anything but "/") is refused; unset: a path is used. */
  noPath?: string;
  /** A query is used (DATABASE_URL's sslmode, SMTP_URL's options); a #fragment never is. */
  query?: boolean;
  /** Why a user name or password is refused; unset: they are used. */
  noCredentials?: string;
  /** A URL without a host is fine (DATABASE_URL: a Unix socket in ?host=). */
  hostOptional?: boolean;
}

/**
 * Parses a URL setting as its consumer will. DATABASE_URL is read by pg's connection-string parser, which
 * encodes stray spaces and % first and takes `user:pass@/db` (no host) too.
 */
function parseUrl(value: string, lenient: boolean): URL | undefined {
  const encoded = lenient && /\s|%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(value) ? encodeURI(value).replace(/%25(\d\d)/g, "%$1") : value;
  for (const candidate of lenient ? [encoded, encoded.replace("@/", "@localhost/")] : [encoded]) {
    try {
      return new URL(candidate);
    } catch {
      // next
    }
  }
  return undefined;
}

/** Why `value` breaks `rule`, or undefined. */
function urlProblem(value: string, rule: UrlRule): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  const url = scheme && rule.schemes.includes(scheme) ? parseUrl(value, Boolean(rule.hostOptional)) : undefined;
  if (!url || (!url.hostname && !rule.hostOptional)) {
    const hint = !rule.noCredentials && value.includes("#") ? " (a # in a password is written %23)" : "";
    return `must be ${rule.expected}${hint} such as ${rule.example}`;
  }
  if (rule.noCredentials && (url.username || url.password)) {
    return `must not contain a user name or password (${rule.noCredentials}), such as ${rule.example}`;
  }
  if (rule.noPath && url.pathname !== "/" && url.pathname !== "") return `must have no path (${rule.noPath}), such as ${rule.example}`;
  if (!rule.query && (url.search || value.includes("?"))) return `must have no ?query, such as ${rule.example}`;
  if (url.hash || value.includes("#")) {
    const hint = rule.noCredentials ? "" : " (a # in a password is written %23)";
    return `must have no #fragment${hint}, such as ${rule.example}`;
  }
  return undefined;
}

function urlSetting(rule: UrlRule) {
  return z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value, rule);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** PUBLIC_URL and BETTER_AUTH_URL: an origin. The app serves every page at the root of its host. */
const originSetting = (noPath: string) =>
  urlSetting({
    schemes: ["http", "https"],
    expected: "an absolute http(s) URL",
    example: "https://news.example.com",
    noPath,
    noCredentials: "browsers never send them",
  });

/** How much the server logs (PRODUCT.md "Logs"): pino's levels, `silent` for none. */
export const logLevelSchema = oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
/** One JSON object a line, or readable lines for a person at a terminal. */
export const logFormatSchema = oneOf(["json", "pretty"]);

/** An address or host name to listen on (an IPv6 address without brackets). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** "Name <address>" or a bare address: the sender of every mail. */
const MAIL_FROM_SHAPE = /^(?:[^<>]*<\s*[^<>\s@]+@[^<>\s@]+\s*>|[^<>\s@]+@[^<>\s@]+)$/;

const envSchema = z.object({
  NODE_ENV: oneOf(["development", "production", "test"]).default("development"),
  LOG_LEVEL: logLevelSchema.default("info"),
  /** Default: pretty when stdout is a terminal outside production, JSON otherwise. */
  LOG_FORMAT: logFormatSchema.optional(),
  PORT: port(3000).default(3000),
  HOST: z
    .string()
    .trim()
    .refine((value) => isIP(value) !== 0 || HOST_NAME.test(value), "must be an address to listen on such as 0.0.0.0, :: or 127.0.0.1")
    .default("0.0.0.0"),
  /** Path: the database; query: pg's options (sslmode …). */
  DATABASE_URL: urlSetting({
    schemes: ["postgres", "postgresql"],
    expected: "a postgres:// or postgresql:// URL",
    example: "postgres://marketwire:password@db.example.com:5432/marketwire",
    query: true,
    hostOptional: true,
  }).optional(),
  DATA_DIR: z.string().default("./data"),
  // PRODUCT.md "Operations": PostgreSQL's pool, and how long a request waits for the database before a 503.
  DATABASE_POOL_MAX: wholeNumber(1, 1000, 10).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(5_000).default(5_000),
  /** How long /readyz waits for the database before it answers 503. */
  READINESS_TIMEOUT_MS: milliseconds(2_000).default(2_000),
  /** After SIGTERM: /readyz answers 503 while requests are still served this long, so load balancers move on. */
  SHUTDOWN_DELAY_MS: milliseconds(3_000, 0).default(3_000),
  /**
   * How long an idle keep-alive connection stays open: longer than the load balancer's own idle timeout
   * (60 s on AWS ALB and nginx), so the balancer, never this server, closes it. Otherwise it can send a
   * request on a connection the server is closing and answer 502.
   */
  KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber(1, 3600, 65, "a whole number of seconds").default(65),
  /** PRODUCT.md "Metrics": /metrics answers a request bearing this token; without it, 404 on the site's port. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters, such as the output of `openssl rand -hex 32`").optional(),
  /** PRODUCT.md "Metrics": a second port on 127.0.0.1 serving /metrics without a token. */
  METRICS_PORT: port(9464).optional(),
  /** The site's public origin: canonical links, link previews, feeds and the sitemap (PRODUCT.md "Discovery"). */
  PUBLIC_URL: originSetting("the site is served at the root of its host").optional(),
  BETTER_AUTH_URL: originSetting("sign-in is served at the root of its host").optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters, such as the output of `openssl rand -base64 32`").optional(),
  /** Which proxies in front may name the client in X-Forwarded-For (PRODUCT.md "Security"). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      return typeof parsed === "string" ? false : parsed;
    }),
  /** Rate limits on sign-in, sign-up and the public forms, per client address. Default: on, off in tests. */
  RATE_LIMIT: oneOf(["on", "off"]).optional(),
  /** The anonymous page cache (PRODUCT.md "Page cache"); off only for debugging and the miss benchmark. */
  PAGE_CACHE: oneOf(["on", "off"]).default("on"),
  /** nodemailer reads options from the query (?tls.rejectUnauthorized=false …); a path means nothing to SMTP. */
  SMTP_URL: urlSetting({
    schemes: ["smtp", "smtps"],
    expected: "an smtp:// or smtps:// URL",
    example: "smtp://user:password@smtp.example.com:587",
    noPath: "SMTP has none",
    query: true,
  }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_SHAPE, 'must be an address such as "MarketWire <no-reply@news.example.com>" or no-reply@news.example.com')
    .default("MarketWire <no-reply@marketwire.local>"),
  /** PRODUCT.md "Mail": mails handed to SMTP in any minute, across every instance. */
  MAIL_RATE_PER_MINUTE: wholeNumber(1, 1_000_000, 600, "a whole number of mails").default(600),
  /** PRODUCT.md "Content API": requests to /api/v1 per client address and minute (while RATE_LIMIT is on). */
  API_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 120, "a whole number of requests").default(120),
  /**
   * PRODUCT.md "Webhooks": receivers on private or loopback addresses the operator allows, as comma-separated
   * host:port pairs (on-premise receivers; tests). Every other receiver must be on a public address.
   */
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const pairs = value
        .split(",")
        .map((pair) => pair.trim().toLowerCase())
        .filter(Boolean);
      const wrong = pairs.find((pair) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(pair));
      if (wrong)
        ctx.addIssue({ code: "custom", message: "must be comma-separated host:port pairs such as hooks.internal:8443,127.0.0.1:9000" });
      return new Set(pairs.map((pair) => pair.replace(/^\[(.*)\](:\d+)$/, "$1$2")));
    }),
  /**
   * PRODUCT.md "Webhooks": the waits before each retry of a failed delivery, in seconds. The default is
   * Standard Webhooks' schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); tests shorten it.
   */
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .default("5,300,1800,7200,18000,36000,36000")
    .transform((value, ctx) => {
      const delays = value.split(",").map((part) => Number(part.trim()));
      if (delays.length > 20 || delays.some((delay) => !Number.isFinite(delay) || delay < 0 || delay > 86_400) || value.trim() === "") {
        ctx.addIssue({
          code: "custom",
          message: "must be at most 20 comma-separated waits in seconds, each 0 to 86400, such as 5,300,1800",
        });
      }
      return delays;
    }),
  /** PRODUCT.md "Measurement": seconds between runs of the podcast downloads job (one instance at a time). */
  MEASUREMENT_INTERVAL_SECONDS: wholeNumber(1, 3_600, 60, "a whole number of seconds").default(60),
  /** PRODUCT.md "Measurement": days the counting route's raw records are kept before only the counts stay. */
  MEASUREMENT_RETENTION_DAYS: wholeNumber(1, 3_650, 30, "a whole number of days").default(30),
  /**
   * PRODUCT.md "Markets": where delayed prices and announcements come from. Default: `demo` on the embedded
   * database (what `npm start` shows a newcomer), `none` with DATABASE_URL (a production site chooses its vendor).
   */
  MARKETS_PROVIDER: oneOf(MARKETS_PROVIDERS).optional(),
  /** PRODUCT.md "Markets": the User-Agent the SEC requires of the sec-edgar provider ('Company Name admin@example.com'). */
  SEC_USER_AGENT: z.string().trim().max(200, "must be at most 200 characters").optional(),
  /** PRODUCT.md "Markets": seconds between two refreshes of a listing while its exchange trades. */
  MARKETS_REFRESH_SECONDS: wholeNumber(15, 3_600, 60, "a whole number of seconds").default(60),
  /** PRODUCT.md "Markets": how long one provider request may take before it is given up. */
  MARKETS_TIMEOUT_MS: wholeNumber(500, 60_000, 5_000, "a whole number of milliseconds").default(5_000),
  ADMIN_EMAIL: email("admin@news.example.com").default("admin@marketwire.local"),
  ADMIN_PASSWORD: z
    .string()
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** Seed demo content into an empty database. Default: on for the embedded database, off for DATABASE_URL. */
  SEED_DEMO_CONTENT: oneOf(["true", "false"]).optional(),
  // The podcast feed's channel, with the tags Apple Podcasts requires (PRODUCT.md "Discovery").
  PODCAST_TITLE: text(255).default("MarketWire Podcasts"),
  PODCAST_DESCRIPTION: text(4000).default(
    "Conversations with company leaders, investors and market experts about listed companies and the markets.",
  ),
  PODCAST_AUTHOR: text(255).default("MarketWire"),
  PODCAST_OWNER_NAME: text(255).default("MarketWire"),
  PODCAST_OWNER_EMAIL: email("podcasts@news.example.com").default("info@marketwire.example"),
  PODCAST_CATEGORY: z.string().default("Business"),
  /** Default: Investing when PODCAST_CATEGORY is unset too; none otherwise. */
  PODCAST_SUBCATEGORY: z.string().optional(),
  PODCAST_EXPLICIT: flag(),
  PODCAST_LANGUAGE: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "must be a language code such as en or en-us")
    .default("en"),
  /** A square JPEG or PNG of 1400 to 3000 px. Default: the site's cover, PUBLIC_URL + PODCAST_COVER_PATH. */
  PODCAST_IMAGE_URL: urlSetting({
    schemes: ["http", "https"],
    expected: "an absolute http(s) URL",
    example: "https://cdn.example.com/podcast-cover.jpg",
    query: true,
    noCredentials: "podcast apps fetch it as it is",
  }).optional(),
  // Uploads (PRODUCT.md "Media library"): the largest file accepted, in MB (1 MB = 1,048,576 bytes).
  UPLOAD_MAX_IMAGE_MB: megabytesSetting(1024, 10).default(10),
  UPLOAD_MAX_AUDIO_MB: megabytesSetting(10240, 500).default(500),
  /** PRODUCT.md "Security": how long a request's body may take to arrive, on every route but uploads. */
  BODY_TIMEOUT_SECONDS: wholeNumber(1, 3600, 30, "a whole number of seconds").default(30),
  /** PRODUCT.md "Paid promotion": the 'not investment advice' notice at the end of item pages about a company. */
  INVESTMENT_NOTICE: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(1000, "must be at most 1000 characters")
    .default(INVESTMENT_NOTICE_DEFAULT),
  /** S3-compatible object storage for uploads: all five of these, or none (local disk under DATA_DIR). */
  S3_BUCKET: z
    .string()
    .regex(/^[^\s/]+$/, "must be a bucket name such as marketwire-media")
    .optional(),
  /** A path is kept as a prefix of every request (a gateway under /s3, say); a query would be dropped. */
  S3_ENDPOINT: urlSetting({
    schemes: ["http", "https"],
    expected: "an http:// or https:// URL",
    example: "https://s3.eu-west-1.amazonaws.com",
    noCredentials: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
  }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[\w-]+$/, "must be a region name such as eu-west-1")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: flag(),
});

/** Every variable getEnv() reads. */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** Uploads go to S3-compatible storage only when every one of these is set. */
export const S3_VARIABLES = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export interface S3Settings {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** PODCAST_CATEGORY and PODCAST_SUBCATEGORY must name one of Apple's categories together. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.MARKETS_PROVIDER === "sec-edgar" && !SEC_USER_AGENT_PATTERN.test(env.SEC_USER_AGENT ?? "")) {
    ctx.addIssue({
      code: "custom",
      path: ["SEC_USER_AGENT"],
      message:
        "must name your company and a contact address, such as 'MarketWire Ltd ops@marketwire.example', for MARKETS_PROVIDER=sec-edgar",
    });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
  }
  const subcategories = APPLE_PODCAST_CATEGORIES[env.PODCAST_CATEGORY];
  if (!subcategories) {
    ctx.addIssue({ code: "custom", path: ["PODCAST_CATEGORY"], message: "must be an Apple Podcasts category, e.g. Business" });
  } else if (env.PODCAST_SUBCATEGORY !== undefined && !subcategories.includes(env.PODCAST_SUBCATEGORY)) {
    const choices = subcategories.length ? `one of ${subcategories.join(", ")}` : "unset: it has no subcategories";
    ctx.addIssue({ code: "custom", path: ["PODCAST_SUBCATEGORY"], message: `under ${env.PODCAST_CATEGORY} must be ${choices}` });
  }
});

/**
 * Apple Podcasts' categories and their subcategories, spelled as the feed must spell them: Apple refuses
 * a feed with any other `itunes:category` (PRODUCT.md "Discovery").
 */
export const APPLE_PODCAST_CATEGORIES: Record<string, readonly string[]> = {
  Arts: ["Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"],
  Business: ["Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"],
  Comedy: ["Comedy Interviews", "Improv", "Stand-Up"],
  Education: ["Courses", "How To", "Language Learning", "Self-Improvement"],
  Fiction: ["Comedy Fiction", "Drama", "Science Fiction"],
  Government: [],
  History: [],
  "Health & Fitness": ["Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"],
  "Kids & Family": ["Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"],
  Leisure: ["Animation & Manga", "Automotive", "Aviation", "Crafts", "Games", "Hobbies", "Home & Garden", "Video Games"],
  Music: ["Music Commentary", "Music History", "Music Interviews"],
  News: ["Business News", "Daily News", "Entertainment News", "News Commentary", "Politics", "Sports News", "Tech News"],
  "Religion & Spirituality": ["Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Religion", "Spirituality"],
  Science: [
    "Astronomy",
    "Chemistry",
    "Earth Sciences",
    "Life Sciences",
    "Mathematics",
    "Natural Sciences",
    "Nature",
    "Physics",
    "Social Sciences",
  ],
  "Society & Culture": ["Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"],
  Sports: [
    "Baseball",
    "Basketball",
    "Cricket",
    "Fantasy Sports",
    "Football",
    "Golf",
    "Hockey",
    "Rugby",
    "Running",
    "Soccer",
    "Swimming",
    "Tennis",
    "Volleyball",
    "Wilderness",
    "Wrestling",
  ],
  Technology: [],
  "True Crime": [],
  "TV & Film": ["After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"],
};

/** Proxy names Express understands in its `trust proxy` list. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY, in the shape Express's `trust proxy` setting takes: false (no proxy: the socket address is
 * the client), a number of proxy hops, or a list of proxy addresses/CIDR ranges. `true` (trust every
 * hop, so the client's own leftmost X-Forwarded-For entry wins) is refused. Returns a message when bad.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    return "true would trust any address a client writes into X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses/CIDR ranges";
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) return `"${bad}" is not a hop count, an IP address, a CIDR range, loopback, linklocal or uniquelocal`;
  return entries;
}

function isAddressOrRange(entry: string) {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

type S3Variable = (typeof S3_VARIABLES)[number] | "S3_FORCE_PATH_STYLE";

type PoolVariable = "DATABASE_POOL_MAX" | "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_STATEMENT_TIMEOUT_MS";

export type Env = Omit<
  z.infer<typeof envSchema>,
  "RATE_LIMIT" | "PAGE_CACHE" | "PODCAST_IMAGE_URL" | "MARKETS_PROVIDER" | S3Variable | PoolVariable
> & {
  MARKETS_PROVIDER: MarketsProviderName;
  PUBLIC_URL: string;
  BETTER_AUTH_URL: string;
  DATA_DIR: string;
  RATE_LIMIT: boolean;
  PAGE_CACHE: boolean;
  PODCAST_IMAGE_URL: string;
  /** Where uploads are stored: S3-compatible storage, or null for local disk under DATA_DIR. */
  S3: S3Settings | null;
  /** The largest upload accepted, in bytes, per kind (PRODUCT.md "Media library"). */
  UPLOAD_MAX_BYTES: { image: number; audio: number };
  /** PostgreSQL's pool: its size and timeouts. */
  DATABASE_POOL: { max: number; connectTimeoutMs: number; statementTimeoutMs: number };
};

let cached: Env | undefined;

/** Parses the environment once; a bad value names the variable in one line. */
export function getEnv(): Env {
  if (cached) return cached;
  // Empty strings in .env files mean "not set".
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = checkedEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join(".");
    throw new StartupError(`Invalid environment variable ${name}: ${issue.message}${given(name, raw[name])}`);
  }
  const {
    S3_BUCKET,
    S3_ENDPOINT,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
    DATABASE_POOL_MAX,
    DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS,
    ...env
  } = parsed.data;
  const s3Values = { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY };
  const missing = S3_VARIABLES.filter((name) => s3Values[name] === undefined);
  if (missing.length > 0 && missing.length < S3_VARIABLES.length) {
    throw new StartupError(
      `Incomplete S3 storage settings: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set. ` +
        `Set all of ${S3_VARIABLES.join(", ")} to store uploads in S3, or none of them to store uploads on disk under DATA_DIR.`,
    );
  }
  // Each defaults to the other: one public origin is the usual case. Both are origins (checked above), kept
  // without the trailing slash so `${origin}/path` is right.
  const localhost = `http://localhost:${env.PORT}`;
  const publicUrl = new URL(env.PUBLIC_URL ?? env.BETTER_AUTH_URL ?? localhost).origin;
  cached = {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: publicUrl,
    BETTER_AUTH_URL: new URL(env.BETTER_AUTH_URL ?? env.PUBLIC_URL ?? localhost).origin,
    RATE_LIMIT: env.RATE_LIMIT ? env.RATE_LIMIT === "on" : env.NODE_ENV !== "test" && !process.env.VITEST,
    PAGE_CACHE: env.PAGE_CACHE === "on",
    MARKETS_PROVIDER: env.MARKETS_PROVIDER ?? (env.DATABASE_URL ? "none" : "demo"),
    PODCAST_SUBCATEGORY: env.PODCAST_SUBCATEGORY ?? (raw.PODCAST_CATEGORY === undefined ? "Investing" : undefined),
    PODCAST_IMAGE_URL: env.PODCAST_IMAGE_URL ?? `${publicUrl}${PODCAST_COVER_PATH}`,
    S3:
      missing.length === 0
        ? {
            bucket: S3_BUCKET!,
            endpoint: S3_ENDPOINT!,
            region: S3_REGION!,
            accessKeyId: S3_ACCESS_KEY_ID!,
            secretAccessKey: S3_SECRET_ACCESS_KEY!,
            forcePathStyle: S3_FORCE_PATH_STYLE,
          }
        : null,
    UPLOAD_MAX_BYTES: { image: megabytes(env.UPLOAD_MAX_IMAGE_MB), audio: megabytes(env.UPLOAD_MAX_AUDIO_MB) },
    DATABASE_POOL: {
      max: DATABASE_POOL_MAX,
      connectTimeoutMs: DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: DATABASE_STATEMENT_TIMEOUT_MS,
    },
  };
  return cached;
}

/** Never repeated in a log line. */
const SECRET_VARIABLES = new Set(["BETTER_AUTH_SECRET", "ADMIN_PASSWORD", "METRICS_TOKEN", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);

/** The value given, for the start-up line: on one line, cut short, a URL's password hidden, a secret not at all. */
function given(name: string, value: string | undefined) {
  if (value === undefined || SECRET_VARIABLES.has(name)) return "";
  const hidden = value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[\s\S]*@(?=[^@]*$)/i, "$1:***@");
  const cut = hidden.length > 80 ? `${hidden.slice(0, 80)}…` : hidden;
  return ` (got '${JSON.stringify(cut).slice(1, -1)}')`;
}

const megabytes = (value: number) => Math.floor(value * 1024 * 1024);

/** Tests change variables between files. */
export function resetEnvCache() {
  cached = undefined;
}
