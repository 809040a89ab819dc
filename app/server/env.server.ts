import path from "node:path";
import { z } from "zod";

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
  BETTER_AUTH_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Set when a load balancer/CDN in front sets X-Forwarded-For (rate limits then key on it). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
  /** Rate limits on sign-in, sign-up and the public forms, per client address. Default: on, off in tests. */
  RATE_LIMIT: z.enum(["on", "off"]).optional(),
  /** The anonymous page cache (PRODUCT.md "Page cache"); off only for debugging and the miss benchmark. */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().default("MarketWire <no-reply@marketwire.local>"),
  ADMIN_EMAIL: z.email().default("admin@marketwire.local"),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
  /** Seed demo content into an empty database. Default: on for the embedded database, off for DATABASE_URL. */
  SEED_DEMO_CONTENT: z.enum(["true", "false"]).optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "RATE_LIMIT" | "PAGE_CACHE"> & {
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
  const raw = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StartupError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BETTER_AUTH_URL: env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`,
    RATE_LIMIT: env.RATE_LIMIT ? env.RATE_LIMIT === "on" : env.NODE_ENV !== "test" && !process.env.VITEST,
    PAGE_CACHE: env.PAGE_CACHE === "on",
  };
  return cached;
}

/** Tests change variables between files. */
export function resetEnvCache() {
  cached = undefined;
}
