import http from "node:http";
import { expect, test } from "@playwright/test";

import { COUNTER_ROUTES } from "../../app/lib/counter-paths";
import routeConfig from "../../app/routes";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * Request fuzz against the production server (PRODUCT.md "Security"): seeded random requests over every
 * route of app/routes.ts and every form found on its pages, with random methods, content types, bodies,
 * ids, query strings, Origins and identities (anonymous or the signed-in admin). No answer may be 500 or
 * above. On a fresh e2e server the same seed sends the same requests (`FUZZ_SEED=…` picks another run).
 *
 * Other specs share this server, so the fuzz changes nothing they read: a write never carries a real
 * content id (no demo item is deleted, featured, edited or counted), an admin editor's title (an
 * edition's subject) is always refused (nothing is created or sent), and account changes through Better
 * Auth are sent anonymously only.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_312);
const REQUESTS = 2_000;
const REQUESTS_PER_ROUTE = 5;

// ---------------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32: small, fast, and the same sequence on every platform)

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = mulberry32(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
const forgedUuid = () =>
  "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => (c === "x" ? int(0, 15) : int(0, 3) | 8).toString(16));

// ---------------------------------------------------------------------------------------------------
// Routes: every entry of app/routes.ts, so a new route is fuzzed (and must be covered) automatically

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}
interface Target {
  file: string;
  pattern: string;
}

function flattenRoutes(entries: readonly RouteEntry[], parent = ""): Target[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ file: entry.file, pattern: pattern || "/" }, ...flattenRoutes(entry.children ?? [], pattern)];
  });
}
// The view and listen counters are answered by server.ts ahead of these routes: fuzzed as one more.
const TARGETS = [
  ...flattenRoutes(routeConfig as RouteEntry[]),
  ...COUNTER_ROUTES.map(({ pattern }) => ({ file: "app/server/counting/endpoint.server.ts", pattern })),
];

/** Route files whose action saves an admin content form (title required). */
const isEditor = (target: Target) => /^\/admin\/[^/]+\/(new|:id)$/.test(target.pattern);
/** Actions that can end the admin's session. */
const canSignOut = (target: Target) => target.pattern === "/admin" || target.pattern.startsWith("/api/auth");

const patternRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.]/g, "\\.")
      .replace(/:[a-zA-Z]+/g, "[^/]+")
      .replace(/\*/g, ".*")}$`,
  );
function targetOfPath(pathname: string): Target | undefined {
  const matching = TARGETS.filter((t) => !t.pattern.includes("*") && patternRegex(t.pattern).test(pathname));
  // The most specific pattern wins ("/admin/videos/new" over "/admin/videos/:id").
  return matching.sort((a, b) => a.pattern.split(":").length - b.pattern.split(":").length)[0];
}

// ---------------------------------------------------------------------------------------------------
// Values

const FORGED_IDS = [
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "%00",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "1%20OR%201%3D1",
  "%27%22%3B--",
  "%F0%9F%93%88",
  "x".repeat(2_000),
  "-1",
];
const forgedId = () => (chance(0.4) ? forgedUuid() : pick(FORGED_IDS));

const QUERIES = [
  "",
  "?page=2",
  "?page=-1",
  "?page=abc",
  "?page=99999999999999999999",
  "?q=%00",
  "?q=a%00b",
  "?q=%ZZ",
  `?q=${"%F0%9F%93%88".repeat(500)}`,
  "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "?q=%27%20OR%201%3D1--&type=videos",
  "?type=%00&sort=-1",
  "?redirectTo=%2F%2Fevil.example",
  "?redirectTo=%00",
  "?tab=signup",
  "?token=forged.token",
  "?a=1&a=2&a[]=3",
  "?%E0%A4%A=1",
  "?index",
  "?_data=root",
  "?_routes=root,routes%2Fhome",
];

const TEXT_VALUES: (() => string)[] = [
  () => "",
  () => "ann@example.com",
  () => `fuzz-${int(0, 1e9)}@example.com`,
  () => "Ada Lovelace",
  () => "a\u0000b",
  () => "\u0001\u001b[31m\u007f\u0085",
  () => "line\r\nnext\ttab",
  () => "Zoë 📈 עברית \u202e ﷽ e\u0301 𝕏 \ud83d",
  () => "x".repeat(int(5_000, 300_000)),
  () => forgedUuid(),
  () => "../../etc/passwd",
  () => "<script>alert(1)</script>",
  () => "' OR 1=1 --",
  () => "javascript:alert(1)",
  () => "//evil.example",
  () => "/media/../../x",
  () => pick(["-1", "0", "1e309", "NaN", "9999999999999999999", "true", "false"]),
  () => pick(["dark", "light", "system", "signin", "signup", "signout", "delete", "feature", "draft", "published"]),
];
const INVALID_TITLES = ["", "   ", "x".repeat(301), "a\u0000b", "\u0007bell"];

/** Field names every fuzz may use, beside the ones found in the site's forms. */
const COMMON_FIELDS = ["intent", "id", "featured", "email", "password", "redirectTo", "title", "status", "q", "page"];
const JUNK_FIELDS = () => pick(["", "x".repeat(300), "na\u0000me", "名前", "__proto__", "constructor", "a[b]", `f${int(0, 99)}`]);

// ---------------------------------------------------------------------------------------------------
// HTTP (node:http: any method, raw bodies, no cookie jar)

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on its own connection (no keep-alive race). A server may answer and close before a large
 * body is sent whole; the answer received counts, the client's write error after it does not.
 */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let answer: Answer | undefined;
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers, agent: false, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      answer = { status: res.statusCode!, headers: res.headers, body: "" };
      res.on("data", (chunk: Buffer) => chunks.length < 64 && chunks.push(chunk));
      res.on("close", () => resolve({ ...answer!, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => (answer ? undefined : reject(error)));
    req.end(body);
  });
}

async function signInAdmin(base: string): Promise<string> {
  const answer = await send(
    base,
    "POST",
    "/api/auth/sign-in/email",
    { "Content-Type": "application/json", Origin: base },
    Buffer.from(JSON.stringify(E2E_ADMIN)),
  );
  expect(answer.status, answer.body).toBe(200);
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

// ---------------------------------------------------------------------------------------------------
// The site's forms: field names (and the values of hidden/choice inputs) per route that receives them

interface FormFields {
  names: Set<string>;
  values: Map<string, Set<string>>;
}
const formsByRoute = new Map<string, FormFields>();
let realIds: string[] = [];

function readForms(html: string, pagePath: string) {
  for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (/method="get"/i.test(attributes!)) continue;
    const action = /action="([^"]*)"/.exec(attributes!)?.[1] ?? pagePath;
    const target = targetOfPath(new URL(action.replace(/&amp;/g, "&"), "http://x").pathname);
    if (!target) continue;
    const fields = formsByRoute.get(target.file) ?? { names: new Set(), values: new Map() };
    for (const [tag] of inner!.matchAll(/<(?:input|textarea|select|button)\b[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1];
      if (!name) continue;
      fields.names.add(name);
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
      if (value !== undefined && name !== "id") fields.values.set(name, (fields.values.get(name) ?? new Set()).add(value));
    }
    formsByRoute.set(target.file, fields);
  }
}

// ---------------------------------------------------------------------------------------------------
// One random request

type ContentKind = "form" | "multipart" | "malformed-multipart" | "json" | "text" | "none";
const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "POST", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"];
const CONTENT_KINDS: ContentKind[] = ["form", "form", "multipart", "multipart", "malformed-multipart", "json", "text", "none"];

interface FuzzRequest {
  target: Target;
  method: string;
  path: string;
  kind: ContentKind;
  origin: "own" | "none" | "foreign" | "null";
  admin: boolean;
  headers: Record<string, string>;
  body?: Buffer;
}

function concretePath(target: Target, write: boolean, admin: boolean) {
  let path = target.pattern.replace(/:[a-zA-Z]+/g, () => (!write && chance(0.5) && realIds.length ? pick(realIds) : forgedId()));
  if (path.endsWith("*")) {
    const rest =
      target.pattern === "/*" ? pick(["no-such-page", "wp-admin/login.php", ".env", "%00", "a/b/c", "%E0%A4%A", "index.php?x"]) : "";
    const authEndpoint = target.pattern.startsWith("/api/auth")
      ? // Endpoints that change an account are only sent without a session (see above).
        pick(write && !admin && chance(0.5) ? ACCOUNT_ENDPOINTS : SAFE_AUTH_ENDPOINTS)
      : rest;
    path = path.slice(0, -1) + authEndpoint;
  }
  // React Router's own data requests for the same route.
  if (chance(0.1) && !path.includes("?")) path = path === "/" ? "/_root.data" : `${path}.data`;
  return path + pick(QUERIES);
}
const SAFE_AUTH_ENDPOINTS = [
  "get-session",
  "sign-in/email",
  "sign-up/email",
  "sign-out",
  "list-sessions",
  "no-such-endpoint",
  "ok",
  "error",
  "verify-email?token=forged",
];
const ACCOUNT_ENDPOINTS = [
  "update-user",
  "change-password",
  "change-email",
  "delete-user",
  "revoke-sessions",
  "revoke-other-sessions",
  "request-password-reset",
  "reset-password",
];

function fieldsFor(target: Target): [string, string][] {
  const known = formsByRoute.get(target.file);
  const names = [...(known?.names ?? []), ...COMMON_FIELDS];
  const fields: [string, string][] = [];
  for (let i = int(0, 8); i > 0; i--) {
    const name = chance(0.85) ? pick(names) : JUNK_FIELDS();
    // Both values are drawn every time, so the random sequence does not depend on what the pages showed.
    const seen = [...(known?.values.get(name) ?? [])];
    const [fromPage, useSeen, generated] = [random(), chance(0.5), pick(TEXT_VALUES)()];
    fields.push([name, seen.length && useSeen ? seen[Math.floor(fromPage * seen.length)]! : generated]);
  }
  if (isEditor(target)) {
    // Nothing may be created: a title (an edition's subject) the editor always refuses, first so it is the one read.
    const rest = fields.filter(([name]) => name !== "title" && name !== "subject");
    const invalid = pick(INVALID_TITLES);
    return chance(0.2) ? rest : [["title", invalid], ["subject", invalid], ...rest];
  }
  return fields.map(([name, value]) => [name, name === "id" ? forgedId() : value]);
}

function encodeBody(kind: ContentKind, fields: [string, string][]): { type?: string; body?: Buffer } {
  const boundary = `----fuzz${int(0, 1e9)}`;
  switch (kind) {
    case "form":
      return { type: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(fields).toString()) };
    case "multipart": {
      const parts = fields.map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"\r\n\r\n${value}\r\n`,
      );
      return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`) };
    }
    case "malformed-multipart":
      return pick([
        { type: "multipart/form-data", body: Buffer.from("--x\r\n\r\nno boundary\r\n--x--") },
        {
          type: `multipart/form-data; boundary=${boundary}`,
          body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut off`),
        },
        { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(JSON.stringify(Object.fromEntries(fields))) },
        {
          type: `multipart/form-data; boundary=other`,
          body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`),
        },
      ]);
    case "json":
      return {
        type: "application/json",
        body: Buffer.from(chance(0.8) ? JSON.stringify(Object.fromEntries(fields)) : '{"email": "ann@example.com",'),
      };
    case "text":
      return { type: "text/plain", body: Buffer.from(fields.map(([n, v]) => `${n}=${v}`).join("\n")) };
    case "none":
      return chance(0.5) ? {} : { body: Buffer.from(new URLSearchParams(fields).toString()) };
  }
}

/** `formPost`: a POST of a form with the site's Origin (each route's first request, so every action is reached). */
function randomRequest(base: string, target: Target, adminCookie: string, formPost: boolean): FuzzRequest {
  const method = formPost ? "POST" : pick(METHODS);
  const write = !["GET", "HEAD", "OPTIONS"].includes(method);
  const admin = chance(0.5);
  const origin = formPost
    ? "own"
    : !write
      ? pick(["own", "none"] as const)
      : pick(["own", "own", "own", "own", "own", "own", "none", "foreign", "null"] as const);
  const headers: Record<string, string> = { Accept: pick(["text/html", "application/json", "*/*"]) };
  if (origin === "own") headers.Origin = base;
  if (origin === "foreign") headers.Origin = "https://evil.example";
  if (origin === "null") headers.Origin = "null";
  if (admin) headers.Cookie = adminCookie;
  let kind: ContentKind = "none";
  let body: Buffer | undefined;
  if (write || chance(0.1)) {
    kind = formPost ? pick(["form", "multipart"] as const) : pick(CONTENT_KINDS);
    const encoded = encodeBody(kind, fieldsFor(target));
    if (encoded.type) headers["Content-Type"] = encoded.type;
    body = encoded.body;
    // Now and then a huge body: 2 MB of form data.
    if (chance(1 / 80)) body = Buffer.concat([body ?? Buffer.alloc(0), Buffer.from(`&big=${"y".repeat(2 * 1024 * 1024)}`)]);
  }
  return { target, method, path: concretePath(target, write, admin), kind, origin, admin, headers, body };
}

// ---------------------------------------------------------------------------------------------------

test.setTimeout(300_000);

test(`${REQUESTS} fuzzed requests over every route and form get no 5xx answer`, async ({ baseURL }) => {
  const base = baseURL!;
  const started = Date.now();
  let adminCookie = await signInAdmin(base);

  // Real ids (read-only use) and the site's forms, found the way a visitor finds them.
  const sitemaps = await Promise.all(["videos", "podcasts", "blog"].map((section) => send(base, "GET", `/sitemaps/${section}-1.xml`, {})));
  realIds = sitemaps.flatMap((sitemap) => [...sitemap.body.matchAll(/\/(?:video|podcast|blog)\/([0-9a-f-]{36})/g)].map((m) => m[1]!));
  expect(realIds.length).toBeGreaterThan(0);
  for (const target of TARGETS) {
    if (target.pattern.includes("*")) continue;
    const path = target.pattern.replace(/:[a-zA-Z]+/g, () => realIds[0]!);
    const page = await send(base, "GET", path, { Cookie: adminCookie, Accept: "text/html" });
    if (String(page.headers["content-type"]).startsWith("text/html")) readForms(page.body, path);
  }
  expect(formsByRoute.size, "forms found on the site's pages").toBeGreaterThanOrEqual(5);

  const byStatus = new Map<number, number>();
  const perRoute = new Map<string, { requests: number; formPosts: number }>();
  const failures: string[] = [];
  // Routes whose action answered a POST: after every route has had its share, most requests go to them.
  const withAction: Target[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const target =
      i < TARGETS.length * REQUESTS_PER_ROUTE
        ? TARGETS[i % TARGETS.length]!
        : withAction.length && chance(0.7)
          ? pick(withAction)
          : pick(TARGETS);
    const request = randomRequest(base, target, adminCookie, i < TARGETS.length);
    const label = `${request.method} ${request.path.slice(0, 120)} [${request.kind}, origin ${request.origin}, ${request.admin ? "admin" : "anonymous"}, ${request.body?.length ?? 0} bytes]`;
    let status: number;
    try {
      const answer = await send(base, request.method, request.path, request.headers, request.body);
      status = answer.status;
      if (request.method === "POST" && request.origin === "own" && status !== 405 && !withAction.includes(target)) withAction.push(target);
      if (status >= 500) failures.push(`${status} ← ${label}: ${answer.body.slice(0, 200)}`);
    } catch (error) {
      status = 0;
      failures.push(`no answer (${(error as Error).message}) ← ${label}`);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const counts = perRoute.get(target.file) ?? { requests: 0, formPosts: 0 };
    counts.requests += 1;
    if (request.method === "POST" && request.origin === "own" && (request.kind === "form" || request.kind === "multipart"))
      counts.formPosts += 1;
    perRoute.set(target.file, counts);
    // A fuzzed sign-out ends the admin's session; sign in again so later requests are the admin's.
    if (request.admin && canSignOut(target) && !["GET", "HEAD", "OPTIONS"].includes(request.method)) {
      const session = await send(base, "GET", "/api/auth/get-session", { Cookie: adminCookie });
      if (session.body === "null" || session.status !== 200) adminCookie = await signInAdmin(base);
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  const summary =
    `request fuzz: seed ${SEED}, ${REQUESTS} requests over ${TARGETS.length} routes (${withAction.length} with an action, ` +
    `forms found for ${formsByRoute.size}) in ${seconds} s; by status: ${statuses}`;
  console.log(summary);
  test.info().annotations.push({ type: "fuzz", description: summary });

  expect(failures, `answers of 500 or above (seed ${SEED})`).toEqual([]);
  // Every route of app/routes.ts was fuzzed, and every one was sent form posts with the site's Origin.
  const uncovered = TARGETS.filter((t) => (perRoute.get(t.file)?.requests ?? 0) < REQUESTS_PER_ROUTE).map((t) => t.file);
  expect(uncovered, "routes with too few requests").toEqual([]);
  const noFormPost = TARGETS.filter((t) => (perRoute.get(t.file)?.formPosts ?? 0) === 0).map((t) => t.file);
  expect(noFormPost, "routes never sent a form post with the site's Origin").toEqual([]);
});
