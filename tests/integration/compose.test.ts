/**
 * compose.yaml's instances get their settings (docs/DEPLOY.md "The whole deployment: compose.yaml",
 * "Variables"): every variable the deployment documents, mail among them, is passed on; an optional one
 * left out of `.env` keeps the app's default; and the first admin's password is not required. No Docker
 * here: the files are read, not run. compose.yaml is read with a small line reader for the one block that
 * matters (the `x-app` anchor's `environment:` map, written one `NAME: value` a line), which refuses any
 * other shape, and compose's `${…}` interpolation is done as compose does it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { ENV_VARIABLES, getEnv, resetEnvCache, type Env } from "~/server/env.server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

const VARIABLE_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The `environment:` map of the `x-app` anchor, as written: name → value, quotes removed. */
function appEnvironment(compose: string): Map<string, string> {
  const lines = compose.split("\n");
  const anchor = lines.findIndex((line) => /^x-app:\s*&app\s*$/.test(line));
  if (anchor < 0) throw new Error("compose.yaml has no `x-app: &app` anchor");
  const isTopLevel = (line: string) => /^\S/.test(line) && !line.startsWith("#");
  const end = lines.findIndex((line, index) => index > anchor && isTopLevel(line));
  const block = lines.slice(anchor + 1, end < 0 ? undefined : end);
  const start = block.findIndex((line) => line === "  environment:");
  if (start < 0) throw new Error("the x-app anchor has no `environment:` map");
  const environment = new Map<string, string>();
  for (const line of block.slice(start + 1)) {
    if (line.trim() === "" || /^\s*#/.test(line)) continue;
    if (!line.startsWith("    ")) break; // the anchor's next key
    const entry = /^ {4}([A-Z][A-Z0-9_]*): (.+)$/.exec(line);
    if (!entry) throw new Error(`not a NAME: value line in x-app's environment: ${JSON.stringify(line)}`);
    const [, name, raw] = entry as unknown as [string, string, string];
    if (environment.has(name)) throw new Error(`${name} is set twice`);
    environment.set(name, /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw);
  }
  return environment;
}

/** The lines of a service under `services:` (up to the next service). */
function serviceLines(compose: string, service: string): string[] {
  const lines = compose.split("\n");
  const start = lines.indexOf(`  ${service}:`);
  if (start < 0) throw new Error(`compose.yaml has no service ${service}`);
  const end = lines.findIndex((line, index) => index > start && /^ {0,2}\S/.test(line) && !/^\s*#/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** compose's forms: $$, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message}, ${NAME?message}, $NAME. */
const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

interface Reference {
  name: string;
  /** "-" or ":-": a default; "?" or ":?": required; undefined: plain ${NAME}. */
  operator?: string;
  argument?: string;
}

function references(value: string): Reference[] {
  return [...value.matchAll(INTERPOLATION)]
    .filter((match) => match[0] !== "$$")
    .map((match) => ({ name: match[1] ?? match[4]!, operator: match[2], argument: match[3] }));
}

/**
 * A value as compose hands it to the container, from the variables of `.env`. As in compose, an unset
 * ${NAME} or ${NAME:-} becomes an empty string (not an unset variable), and ${NAME:?…} stops it.
 */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(INTERPOLATION, (whole, braced?: string, operator?: string, argument = "", bare?: string) => {
    if (whole === "$$") return "$";
    const name = (braced ?? bare)!;
    const given = variables[name];
    const missing = operator?.startsWith(":") ? !given : given === undefined;
    if (operator?.endsWith("-")) return missing ? argument : given!;
    if (operator?.endsWith("?") && missing) throw new Error(`required variable ${name} is missing a value: ${argument}`);
    return given ?? "";
  });
}

/** deploy/compose.env.example: the values set (NAME=value) and the names only documented (# NAME=value). */
function envExample(text: string) {
  const set: Record<string, string> = {};
  const documented = new Set<string>();
  for (const line of text.split("\n")) {
    const entry = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!entry) continue;
    const [, commented, name, raw] = entry as unknown as [string, string | undefined, string, string];
    documented.add(name);
    if (!commented) set[name] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return { set, documented };
}

/** The names in the first column of docs/DEPLOY.md's "Variables" table, `S3_*` read against .env.example. */
function deployDocVariables(): string[] {
  const doc = read("docs/DEPLOY.md");
  const section = /^## Variables\n([\s\S]*?)(?=^## )/m.exec(doc)?.[1];
  if (!section) throw new Error('docs/DEPLOY.md has no "Variables" section');
  const appVariables = [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const rows = section.split("\n").filter((line) => line.startsWith("|") && !/^\|\s*(variable|-+)\s*\|/.test(line));
  const names = rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((match) => match[1]!));
  return names.flatMap((name) => {
    if (!name.endsWith("*")) return [name];
    const matching = appVariables.filter((variable) => variable.startsWith(name.slice(0, -1)));
    if (matching.length === 0) throw new Error(`${name} matches no variable of .env.example`);
    return matching;
  });
}

const compose = read("compose.yaml");
const environment = appEnvironment(compose);
const example = envExample(read("deploy/compose.env.example"));

/** Set by the image (Dockerfile ENV), never by compose: an empty value would replace the image's. */
const SET_BY_THE_IMAGE = ["NODE_ENV", "HOST", "PORT", "DATA_DIR"];
/** What the deployment cannot run without: compose refuses to start while one is empty. */
const REQUIRED = ["POSTGRES_PASSWORD", "BETTER_AUTH_SECRET", "METRICS_TOKEN", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];

/** .env as an operator fills it from deploy/compose.env.example: the required values, and `extra`. */
function filledEnvFile(extra: Record<string, string> = {}): Record<string, string> {
  const secrets = Object.fromEntries(REQUIRED.map((name) => [name, `${name.toLowerCase()}-0123456789abcdef0123456789abcdef`]));
  return { ...example.set, ...secrets, ...extra };
}

/** What the app makes of the instances' environment, with the image's ENV, as it starts in the container. */
function appSettingsFrom(envFile: Record<string, string>): { passed: Record<string, string>; env: Env } {
  const passed = Object.fromEntries([...environment].map(([name, value]) => [name, interpolate(value, envFile)]));
  const saved = { ...process.env };
  for (const name of ENV_VARIABLES) delete process.env[name];
  Object.assign(process.env, { NODE_ENV: "production", HOST: "0.0.0.0", PORT: "3000", DATA_DIR: "/data" }, passed);
  resetEnvCache();
  try {
    return { passed, env: getEnv() };
  } finally {
    for (const name of ENV_VARIABLES) delete process.env[name];
    Object.assign(process.env, saved);
    resetEnvCache();
  }
}

afterEach(() => resetEnvCache());

describe("compose.yaml: what the instances are given", () => {
  it("reads the anchor's environment, and both instances use it unchanged", () => {
    expect(environment.size).toBeGreaterThan(20);
    for (const service of ["app-1", "app-2"]) {
      const lines = serviceLines(compose, service);
      expect(lines).toContain("    <<: *app");
      expect(lines.join("\n")).not.toMatch(/environment|env_file/);
    }
  });

  it("passes SMTP_URL and MAIL_FROM from .env, so the compose deployment can send mail", () => {
    expect(references(environment.get("SMTP_URL") ?? "")).toEqual([{ name: "SMTP_URL", operator: ":-", argument: "" }]);
    expect(references(environment.get("MAIL_FROM") ?? "")).toEqual([{ name: "MAIL_FROM", operator: ":-", argument: "" }]);
    const { env } = appSettingsFrom(
      filledEnvFile({ SMTP_URL: "smtp://user:secret@smtp.example.com:587", MAIL_FROM: "MarketWire <news@example.com>" }),
    );
    expect(env.SMTP_URL).toBe("smtp://user:secret@smtp.example.com:587");
    expect(env.MAIL_FROM).toBe("MarketWire <news@example.com>");
  });

  it("passes every variable docs/DEPLOY.md's Variables table names", () => {
    const documented = deployDocVariables();
    expect(documented).toEqual(expect.arrayContaining(["SMTP_URL", "MAIL_FROM", "TRUST_PROXY", "S3_BUCKET", "PODCAST_TITLE"]));
    expect(documented.filter((name) => !environment.has(name))).toEqual([]);
  });

  it("passes every setting the app reads but the four the image sets, and nothing the app does not read", () => {
    const dockerfile = read("Dockerfile");
    for (const name of SET_BY_THE_IMAGE) expect(dockerfile).toMatch(new RegExp(`^\\s*(ENV )?${name}=\\S+`, "m"));
    const expected = ENV_VARIABLES.filter((name) => !SET_BY_THE_IMAGE.includes(name));
    expect(expected.filter((name) => !environment.has(name))).toEqual([]);
    expect([...environment.keys()].filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual([]);
  });

  it("requires only the secrets; every other variable from .env is optional, the first admin's password included", () => {
    const used = [...environment.values()].flatMap(references);
    for (const { name } of used) expect(name).toMatch(VARIABLE_NAME);
    const required = new Set(used.filter(({ operator }) => operator?.includes("?")).map(({ name }) => name));
    expect([...required].sort()).toEqual([...REQUIRED].sort());
    // Plain ${NAME} would work too, but compose warns of every unset one at each start.
    expect(used.filter(({ operator }) => operator === undefined)).toEqual([]);
    expect(environment.get("ADMIN_PASSWORD")).toBe("${ADMIN_PASSWORD:-}");
  });

  it("documents in deploy/compose.env.example every variable it reads from .env", () => {
    const used = new Set([...environment.values()].flatMap(references).map(({ name }) => name));
    expect([...used].filter((name) => !example.documented.has(name))).toEqual([]);
    for (const name of REQUIRED) expect(example.set[name]).toBe("");
  });

  it("with only the required values filled in, starts with the app's defaults: empty strings count as unset", () => {
    const { passed, env } = appSettingsFrom(filledEnvFile());
    // compose hands unset optional variables on as empty strings...
    expect(passed).toMatchObject({ SMTP_URL: "", ADMIN_PASSWORD: "", LOG_FORMAT: "", PODCAST_CATEGORY: "", INVESTMENT_NOTICE: "" });
    // ...which the app reads as unset.
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe("MarketWire <no-reply@marketwire.local>");
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBe("admin@marketwire.local");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.LOG_FORMAT).toBeUndefined();
    expect(env.MAIL_RATE_PER_MINUTE).toBe(600);
    expect(env.PODCAST_CATEGORY).toBe("Business");
    expect(env.PODCAST_SUBCATEGORY).toBe("Investing");
    expect(env.UPLOAD_MAX_BYTES).toEqual({ image: 10 * 1024 * 1024, audio: 500 * 1024 * 1024 });
    expect(env.DATA_DIR).toBe("/data");
    expect(env.PUBLIC_URL).toBe("https://localhost:8443");
    expect(env.BETTER_AUTH_URL).toBe("https://localhost:8443");
    expect(env.TRUST_PROXY).toEqual(["172.30.0.10"]);
    expect(env.S3).toMatchObject({ bucket: "marketwire-media", endpoint: "http://minio:9000", forcePathStyle: true });
  });

  it("starts without ADMIN_PASSWORD (removed after the first start), and passes one that is set", () => {
    const withoutAdminPassword = filledEnvFile();
    delete withoutAdminPassword.ADMIN_PASSWORD;
    expect(appSettingsFrom(withoutAdminPassword).env.ADMIN_PASSWORD).toBeUndefined();
    expect(appSettingsFrom(filledEnvFile({ ADMIN_PASSWORD: "quiet-harbour-lantern-42" })).env.ADMIN_PASSWORD).toBe(
      "quiet-harbour-lantern-42",
    );
  });

  it("refuses to start without a required secret", () => {
    const envFile = filledEnvFile();
    delete envFile.BETTER_AUTH_SECRET;
    expect(() => appSettingsFrom(envFile)).toThrow(/required variable BETTER_AUTH_SECRET/);
  });

  it("keeps idle connections open longer than Caddy does (2 minutes unless the Caddyfile says otherwise)", () => {
    expect(read("deploy/Caddyfile")).not.toMatch(/keepalive/);
    expect(appSettingsFrom(filledEnvFile()).env.KEEP_ALIVE_TIMEOUT_SECONDS).toBeGreaterThan(120);
  });
});
