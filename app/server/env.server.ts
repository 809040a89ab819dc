import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

import { passwordProblem } from "./password-policy.server";

/** Thrown for configuration and start-up problems: printed as one line, never as a stack trace. */
export class StartupError extends Error {
  override name = "StartupError";
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().default("./data"),
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
});

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

export type Env = Omit<z.infer<typeof envSchema>, "RATE_LIMIT" | "PAGE_CACHE"> & {
  PUBLIC_URL: string;
  BETTER_AUTH_URL: string;
  DATA_DIR: string;
  RATE_LIMIT: boolean;
  PAGE_CACHE: boolean;
};

let cached: Env | undefined;

/** Parses the environment once; a bad value names the variable in one line. */
export function getEnv(): Env {
  if (cached) return cached;
  // Empty strings in .env files mean "not set".
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StartupError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // Each defaults to the other: one public origin is the usual case.
    PUBLIC_URL: new URL(env.PUBLIC_URL ?? env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`).origin,
    BETTER_AUTH_URL: env.BETTER_AUTH_URL ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    RATE_LIMIT: env.RATE_LIMIT ? env.RATE_LIMIT === "on" : env.NODE_ENV !== "test" && !process.env.VITEST,
    PAGE_CACHE: env.PAGE_CACHE === "on",
  };
  return cached;
}

/** Tests change variables between files. */
export function resetEnvCache() {
  cached = undefined;
}
