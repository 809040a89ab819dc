/**
 * After the whole end-to-end run, while its server still runs (PRODUCT.md "Logs"): no line the server
 * printed holds the admin's password or a session cookie, neither one a test's browser held (collected by
 * fixtures.ts) nor a fresh one this check gets by signing in and opening an admin page itself.
 */
import fs from "node:fs";

import config, { E2E_ADMIN, E2E_MAIL_SERVER_LOG, E2E_SERVER_LOG, E2E_SESSION_COOKIES } from "../../playwright.config";

/** The session cookie values a sign-in returns (`name=value` pairs), after opening /admin with them. */
async function signInAndBrowse(baseURL: string): Promise<string[]> {
  const answer = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!answer.ok) throw new Error(`The log check could not sign in: ${answer.status} ${await answer.text()}`);
  const pairs = answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  await fetch(`${baseURL}/admin`, { headers: { Cookie: pairs.join("; ") } });
  // A wrong password too: a refused sign-in must not write what was typed either.
  const refused = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: `${E2E_ADMIN.password}-wrong` }),
  });
  await accessLineWritten(E2E_SERVER_LOG, refused.headers.get("x-request-id")!);
  return pairs.map((pair) => pair.slice(pair.indexOf("=") + 1));
}

/**
 * Waits until `file` holds the access line of request `requestId` (ops/access-log.server.ts), written once
 * its answer is complete, which may be just after the client has it: the lines logged while handling the
 * request are in the file by then.
 */
async function accessLineWritten(file: string, requestId: string) {
  const isAccessLine = (line: string) => {
    if (!line.includes(requestId)) return false;
    const fields = JSON.parse(line) as { requestId?: string; durationMs?: number };
    return fields.requestId === requestId && fields.durationMs !== undefined;
  };
  const deadline = Date.now() + 10_000;
  while (!fs.readFileSync(file, "utf8").split("\n").some(isAccessLine)) {
    if (Date.now() > deadline) throw new Error(`${file} holds no access line of request ${requestId} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export default async function checkServerLog() {
  const baseURL = config.use?.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts names no baseURL");
  const ownCookies = await signInAndBrowse(baseURL);
  const seen = fs.existsSync(E2E_SESSION_COOKIES) ? fs.readFileSync(E2E_SESSION_COOKIES, "utf8").split("\n").filter(Boolean) : [];
  // The worker's shared admin session is noted by every test that used it: once is enough.
  const seenCookies = [...new Set(seen)];
  const secrets = [
    ["the admin's password", E2E_ADMIN.password],
    ...[...ownCookies, ...seenCookies].flatMap((value) => [
      ["a session cookie", value],
      ["a session cookie (decoded)", decodeURIComponent(value)],
      // The token alone, before the signature Better Auth appends after a dot.
      ["a session token", decodeURIComponent(value).split(".")[0]!],
    ]),
  ].filter(([, value]) => value!.length >= 8);
  // Both servers' logs: the main one, and the one that sends mail (playwright.config.ts).
  for (const file of [E2E_SERVER_LOG, E2E_MAIL_SERVER_LOG]) {
    const log = fs.readFileSync(file, "utf8");
    if (!log.includes("MarketWire is running on")) throw new Error(`${file} is not the server's log`);
    const found = secrets.filter(([, value]) => log.includes(value!)).map(([what]) => what);
    if (found.length > 0) throw new Error(`${file} holds ${[...new Set(found)].join(", ")}`);
    if (/session_token=/.test(log)) throw new Error(`${file} holds a session cookie header`);
    console.info(`${file}: no password or session cookie in ${log.split("\n").length} lines (${secrets.length} values checked).`);
  }
}
