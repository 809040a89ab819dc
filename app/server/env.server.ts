import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

import { INVESTMENT_NOTICE_DEFAULT } from "../lib/disclosure";
import { PODCAST_COVER_PATH } from "../lib/feeds";
import { passwordProblem } from "./password-policy.server";

/** Thrown for configuration and start-up problems: printed as one line, never as a stack trace. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** A whole number of milliseconds, from `min` (1 unless said) to an hour. */
function milliseconds(min = 1) {
  return z.coerce
    .number()
    .int("must be a whole number of milliseconds")
    .min(min, `must be at least ${min}`)
    .max(3_600_000, "must be at most 3600000 (an hour)");
}

/** How much the server logs (PRODUCT.md "Logs"): pino's levels, `silent` for none. */
export const logLevelSchema = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
/** One JSON object a line, or readable lines for a person at a terminal. */
export const logFormatSchema = z.enum(["json", "pretty"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: logLevelSchema.default("info"),
  /** Default: pretty when stdout is a terminal outside production, JSON otherwise. */
  LOG_FORMAT: logFormatSchema.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  // PRODUCT.md "Operations": PostgreSQL's pool, and how long a request waits for the database before a 503.
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000")
    .default(10),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds().default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds().default(5_000),
  /** How long /readyz waits for the database before it answers 503. */
  READINESS_TIMEOUT_MS: milliseconds().default(2_000),
  /** After SIGTERM: /readyz answers 503 while requests are still served this long, so load balancers move on. */
  SHUTDOWN_DELAY_MS: milliseconds(0).default(3_000),
  /** PRODUCT.md "Metrics": /metrics answers a request bearing this token; without it, 404 on the site's port. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** PRODUCT.md "Metrics": a second port on 127.0.0.1 serving /metrics without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The site's public origin: canonical links, link previews, feeds and the sitemap (PRODUCT.md "Discovery"). */
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
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
  RATE_LIMIT: z.enum(["on", "off"]).optional(),
  /** The anonymous page cache (PRODUCT.md "Page cache"); off only for debugging and the miss benchmark. */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("MarketWire <no-reply@marketwire.local>"),
  /** PRODUCT.md "Mail": mails handed to SMTP in any minute, across every instance. */
  MAIL_RATE_PER_MINUTE: z.coerce
    .number()
    .int("must be a whole number of mails")
    .min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1000000")
    .default(600),
  ADMIN_EMAIL: z.email().default("admin@marketwire.local"),
  ADMIN_PASSWORD: z
    .string()
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** Seed demo content into an empty database. Default: on for the embedded database, off for DATABASE_URL. */
  SEED_DEMO_CONTENT: z.enum(["true", "false"]).optional(),
  // The podcast feed's channel, with the tags Apple Podcasts requires (PRODUCT.md "Discovery").
  PODCAST_TITLE: z.string().max(255).default("MarketWire Podcasts"),
  PODCAST_DESCRIPTION: z
    .string()
    .max(4000)
    .default("Conversations with company leaders, investors and market experts about listed companies and the markets."),
  PODCAST_AUTHOR: z.string().max(255).default("MarketWire"),
  PODCAST_OWNER_NAME: z.string().max(255).default("MarketWire"),
  PODCAST_OWNER_EMAIL: z.email().default("info@marketwire.example"),
  PODCAST_CATEGORY: z.string().default("Business"),
  /** Default: Investing when PODCAST_CATEGORY is unset too; none otherwise. */
  PODCAST_SUBCATEGORY: z.string().optional(),
  PODCAST_EXPLICIT: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  PODCAST_LANGUAGE: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "must be a language code such as en or en-us")
    .default("en"),
  /** A square JPEG or PNG of 1400 to 3000 px. Default: the site's cover, PUBLIC_URL + PODCAST_COVER_PATH. */
  PODCAST_IMAGE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  // Uploads (PRODUCT.md "Media library"): the largest file accepted, in MB (1 MB = 1,048,576 bytes).
  UPLOAD_MAX_IMAGE_MB: z.coerce.number().positive("must be more than 0").max(1024, "must be at most 1024").default(10),
  UPLOAD_MAX_AUDIO_MB: z.coerce.number().positive("must be more than 0").max(10240, "must be at most 10240").default(500),
  /** PRODUCT.md "Security": how long a request's body may take to arrive, on every route but uploads. */
  BODY_TIMEOUT_SECONDS: z.coerce
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(30),
  /** PRODUCT.md "Paid promotion": the 'not investment advice' notice at the end of item pages about a company. */
  INVESTMENT_NOTICE: z.string().trim().min(1, "must not be empty").max(1000).default(INVESTMENT_NOTICE_DEFAULT),
  /** S3-compatible object storage for uploads: all five of these, or none (local disk under DATA_DIR). */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});

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

export type Env = Omit<z.infer<typeof envSchema>, "RATE_LIMIT" | "PAGE_CACHE" | "PODCAST_IMAGE_URL" | S3Variable | PoolVariable> & {
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
    throw new StartupError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
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
  // Each defaults to the other: one public origin is the usual case.
  const publicUrl = new URL(env.PUBLIC_URL ?? env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`).origin;
  cached = {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: publicUrl,
    BETTER_AUTH_URL: env.BETTER_AUTH_URL ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    RATE_LIMIT: env.RATE_LIMIT ? env.RATE_LIMIT === "on" : env.NODE_ENV !== "test" && !process.env.VITEST,
    PAGE_CACHE: env.PAGE_CACHE === "on",
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

const megabytes = (value: number) => Math.floor(value * 1024 * 1024);

/** Tests change variables between files. */
export function resetEnvCache() {
  cached = undefined;
}
