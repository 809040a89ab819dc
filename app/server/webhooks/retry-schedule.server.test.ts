/** PRODUCT.md "Webhooks": the retry schedule, its jitter and the receiver's Retry-After. */
import { describe, expect, it } from "vitest";

import { RETRY_AFTER_CAP_MS, retryAfterMs, retryDelayMs } from "./retry-schedule.server";

const SCHEDULE = [5, 300, 1800];

describe("retryDelayMs", () => {
  it("follows the schedule, each wait ±20% at random", () => {
    expect(retryDelayMs(1, SCHEDULE, null, 0.5)).toBe(5_000);
    expect(retryDelayMs(2, SCHEDULE, null, 0)).toBe(240_000);
    expect(retryDelayMs(3, SCHEDULE, null, 0.75)).toBe(1_980_000);
  });

  it("is null once the schedule is spent: the delivery has failed", () => {
    expect(retryDelayMs(4, SCHEDULE, null, 0.5)).toBeNull();
    expect(retryDelayMs(1, [], null, 0.5)).toBeNull();
  });

  it("waits for a longer Retry-After, never a shorter one", () => {
    expect(retryDelayMs(1, SCHEDULE, 60_000, 0.5)).toBe(60_000);
    expect(retryDelayMs(2, SCHEDULE, 60_000, 0.5)).toBe(300_000);
    expect(retryDelayMs(4, SCHEDULE, 60_000, 0.5)).toBeNull();
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-12-07T12:00:00Z");

  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs(["30"], now)).toBe(30_000);
    expect(retryAfterMs("Mon, 07 Dec 2026 12:10:00 GMT", now)).toBe(600_000);
    expect(retryAfterMs("Mon, 07 Dec 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read, and caps what would park a delivery for too long", () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs("-5", now)).toBeNull();
    expect(retryAfterMs(String(30 * 86_400), now)).toBe(RETRY_AFTER_CAP_MS);
  });
});
