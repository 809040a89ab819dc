/**
 * PRODUCT.md "Webhooks": signing secrets and signatures, to the Standard Webhooks specification 1.0. A secret
 * is `whsec_` and 32 random bytes in base64; each delivery is signed with HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}`. Secrets are kept sealed (AES-256-GCM, with a key derived from the
 * server secret), so a copy of the database alone cannot sign as this site.
 */
import crypto from "node:crypto";

import { getServerSecret } from "../secret.server";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret, shown to the admin once. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString("base64");
}

const sealingKey = () => crypto.createHmac("sha256", getServerSecret()).update("webhook-signing-secret").digest();

/** The secret as the database keeps it: `v1.` then iv, tag and ciphertext in base64url. */
export function sealSecret(secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Thrown when a sealed secret cannot be opened: the server secret changed since it was made. */
export class UnreadableSecretError extends Error {
  override name = "UnreadableSecretError";
  constructor() {
    super("The signing secret cannot be read (BETTER_AUTH_SECRET changed since it was made): rotate it");
  }
}

export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new UnreadableSecretError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecretError();
  }
}

/** One `v1,<base64>` signature per secret, space-separated: during a rotation both secrets sign. */
export function signatureHeader(id: string, timestampSeconds: number, body: string, secrets: readonly string[]): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
      return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
    })
    .join(" ");
}

/** The three headers every delivery carries. */
export function webhookHeaders(id: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(id, timestamp, body, secrets),
  };
}
