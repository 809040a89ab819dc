/** PRODUCT.md "Webhooks": secrets, their sealing, and signatures the reference library accepts. */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { newSigningSecret, openSecret, sealSecret, signatureHeader, UnreadableSecretError, webhookHeaders } from "./signing.server";

restoreEnvAfterEach(["BETTER_AUTH_SECRET"]);

describe("signing secrets", () => {
  it("are whsec_ and 32 random bytes, different each time", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it("open sealed with the same server secret, and only with it", () => {
    setEnv({ BETTER_AUTH_SECRET: "a".repeat(40) });
    const secret = newSigningSecret();
    const sealed = sealSecret(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(openSecret(sealed)).toBe(secret);
    setEnv({ BETTER_AUTH_SECRET: "b".repeat(40) });
    expect(() => openSecret(sealed)).toThrow(UnreadableSecretError);
    expect(() => openSecret("not sealed")).toThrow(UnreadableSecretError);
  });
});

describe("signatures", () => {
  it("verify with the reference library, with either secret during a rotation", () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const body = JSON.stringify({ type: "content.updated", timestamp: "2026-12-07T12:00:00.000Z", data: { id: "x" } });
    const headers = webhookHeaders("msg_1", new Date(), body, [current, previous]);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it("cover the id, the timestamp and the body", () => {
    const secret = newSigningSecret();
    const base = signatureHeader("msg_1", 1_800_000_000, "{}", [secret]);
    expect(signatureHeader("msg_2", 1_800_000_000, "{}", [secret])).not.toBe(base);
    expect(signatureHeader("msg_1", 1_800_000_001, "{}", [secret])).not.toBe(base);
    expect(signatureHeader("msg_1", 1_800_000_000, "{ }", [secret])).not.toBe(base);
    expect(base).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});
