import crypto from "node:crypto";

/**
 * A demo row's id, derived from its type and slug (a name-based UUID, version 5 layout), so a reseed keeps
 * every link valid and tests can name a demo page without reading the database.
 */
export function demoId(type: string, slug: string): string {
  const hash = crypto.createHash("sha1").update(`marketwire-demo:${type}:${slug}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
