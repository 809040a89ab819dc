import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { getEnv, StartupError } from "./env.server";

restoreEnvAfterEach(["TRUST_PROXY", "ADMIN_PASSWORD"]);

function envWith(values: Record<string, string>) {
  setEnv(values);
  return getEnv();
}

/** The one line start-up prints for a bad value. */
function startupErrorOf(values: Record<string, string>) {
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
