import { describe, expect, it } from "vitest";

import { errorChain, hasErrorCode } from "./driver-errors.server";

function driverError(message: string, fields: { code?: string; constraint?: string }) {
  return Object.assign(new Error(message), fields);
}

describe("errorChain", () => {
  it("yields the error and what it wraps, outermost first", () => {
    const driver = driverError('duplicate key value violates unique constraint "companies_slug_unique"', {
      code: "23505",
      constraint: "companies_slug_unique",
    });
    const wrapped = new Error("Failed query: insert into companies …", { cause: driver });
    expect([...errorChain(wrapped)]).toEqual([
      { code: undefined, constraint: undefined, message: "Failed query: insert into companies …" },
      { code: "23505", constraint: "companies_slug_unique", message: driver.message },
    ]);
  });

  it("reads a driver error that is a plain object, and gives an empty message when there is none", () => {
    expect([...errorChain(new Error("outer", { cause: { code: "40P01" } }))]).toEqual([
      { code: undefined, constraint: undefined, message: "outer" },
      { code: "40P01", constraint: undefined, message: "" },
    ]);
  });

  it("yields nothing for what is not an error, and ends a cycle", () => {
    expect([...errorChain(undefined)]).toEqual([]);
    expect([...errorChain("connection refused")]).toEqual([]);
    const looped = new Error("a") as Error & { cause?: unknown };
    looped.cause = looped;
    expect([...errorChain(looped)]).toHaveLength(5);
  });
});

describe("hasErrorCode", () => {
  const retryable = new Set(["40P01", "40001"]);

  it("finds a code anywhere in the chain", () => {
    const deadlock = driverError("deadlock detected", { code: "40P01" });
    expect(hasErrorCode(new Error("Failed query", { cause: new Error("wrapped", { cause: deadlock }) }), retryable)).toBe(true);
  });

  it("is false for other codes, for codes that are not strings and for no error", () => {
    expect(hasErrorCode(driverError("duplicate key", { code: "23505" }), retryable)).toBe(false);
    expect(hasErrorCode(Object.assign(new Error("odd"), { code: 40001 }), retryable)).toBe(false);
    expect(hasErrorCode(null, retryable)).toBe(false);
  });
});
