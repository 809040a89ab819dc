/**
 * PRODUCT.md "Measurement": what stands in for a reader's address in the measurement tables. The address is
 * cut to its network (an IPv6 address to its first 64 bits, the part a household keeps; an IPv4 address
 * whole) and hashed with the day's salt (daily-salt.server.ts), which is deleted after the day: the hash
 * tells two requests of one day apart and nothing else.
 */
import crypto from "node:crypto";

import { addressKey } from "../rate-limit.server";

export function addressListener(address: string, salt: string): string {
  return crypto.createHmac("sha256", salt).update(addressKey(address)).digest("base64url").slice(0, 32);
}
