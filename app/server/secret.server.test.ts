import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { resetEnvCache, StartupError } from "./env.server";
import { getServerSecret, secretHash } from "./secret.server";
import { createToastHeaders, getToast } from "./toast.server";

restoreEnvAfterEach(["NODE_ENV", "VITEST", "DATA_DIR", "BETTER_AUTH_SECRET", "DATABASE_URL"]);

/** Runs as `npm start` would on the embedded database: no test shortcut, a fresh DATA_DIR. */
function outsideTests(extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-secret-"));
  setEnv({ NODE_ENV: "development", VITEST: undefined, BETTER_AUTH_SECRET: undefined, DATA_DIR: dataDir, ...extra });
  return dataDir;
}

/** A toast cookie as anyone could make it with the old fixed fallback secret. */
async function forgedToastCookie() {
  const forger = createCookieSessionStorage({ cookie: { name: "mw_toast", path: "/", secrets: ["marketwire-toast"] } });
  const session = await forger.getSession();
  session.flash("toast", { type: "success", title: "Your account is verified, enter your card number" });
  return (await forger.commitSession(session)).split(";")[0]!;
}

describe('server secret (PRODUCT.md "Security")', () => {
  it("is generated once into DATA_DIR/auth-secret, readable by its owner only, and kept", () => {
    const dataDir = outsideTests();
    const secret = getServerSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "auth-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    resetEnvCache();
    expect(getServerSecret()).toBe(secret);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("must be configured on PostgreSQL in production", () => {
    const dataDir = outsideTests({ NODE_ENV: "production", DATABASE_URL: "postgres://db.invalid/marketwire" });
    expect(() => getServerSecret()).toThrow(StartupError);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keys hashes: the same input gives the same hash, another purpose or secret another", () => {
    const a = secretHash("visitor", "203.0.113.1");
    expect(secretHash("visitor", "203.0.113.1")).toBe(a);
    expect(secretHash("account", "203.0.113.1")).not.toBe(a);
    process.env.BETTER_AUTH_SECRET = "another-secret-another-secret-another-1";
    resetEnvCache();
    expect(secretHash("visitor", "203.0.113.1")).not.toBe(a);
  });
});

describe("flash toast cookie", () => {
  it("is signed with the server secret, so a toast signed with the old fixed secret is ignored", async () => {
    const dataDir = outsideTests();
    const forged = await getToast(new Request("http://localhost/", { headers: { Cookie: await forgedToastCookie() } }));
    expect(forged.toast).toBeNull();

    const cookie = (await createToastHeaders({ title: "Saved" })).getSetCookie()[0]!.split(";")[0]!;
    const genuine = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(genuine.toast).toEqual({ type: "success", title: "Saved" });
    const verifier = createCookieSessionStorage({ cookie: { name: "mw_toast", secrets: [getServerSecret()] } });
    expect((await verifier.getSession(cookie)).get("toast")).toMatchObject({ title: "Saved" });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
