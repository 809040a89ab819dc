import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { MIN_PASSWORD_LENGTH, signInSchema, signUpSchema } from "./auth-forms";

type Schema = typeof signInSchema | typeof signUpSchema;

/**
 * The messages per field, as the page and the action get them from Conform (an empty field arrives as
 * undefined); the schema on its own (an empty field stays '') must give exactly the same ones.
 */
function errorsOf(schema: Schema, input: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) if (value !== undefined) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  const viaConform = submission.status === "success" ? {} : submission.error;

  const parsed = schema.safeParse(input);
  const direct: Record<string, string[]> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) (direct[String(issue.path[0])] ??= []).push(issue.message);
  expect(direct).toEqual(viaConform);
  return viaConform;
}

/** One message per field: the shape of Conform's `error` record. */
const messages = (expected: Record<string, string>) => Object.fromEntries(Object.entries(expected).map(([name, m]) => [name, [m]]));

describe("signInSchema (email and password required, email must look like an email)", () => {
  it.each([
    ["valid", { email: "ann@example.com", password: "x" }, {}],
    ["missing email", { password: "x" }, { email: "Email is required" }],
    ["blank email", { email: "   ", password: "x" }, { email: "Email is required" }],
    ["email without @", { email: "ann.example.com", password: "x" }, { email: "Please enter a valid email address" }],
    ["email without domain dot", { email: "ann@example", password: "x" }, { email: "Please enter a valid email address" }],
    ["missing password", { email: "ann@example.com" }, { password: "Password is required" }],
    ["empty password", { email: "ann@example.com", password: "" }, { password: "Password is required" }],
    ["both missing", {}, { email: "Email is required", password: "Password is required" }],
  ])("%s", (_name, input, expected) => {
    expect(errorsOf(signInSchema, input)).toEqual(messages(expected));
  });

  it("trims the email but keeps the password exactly as typed", () => {
    expect(signInSchema.parse({ email: "  ann@example.com ", password: " pass " })).toEqual({
      email: "ann@example.com",
      password: " pass ",
    });
  });
});

describe('signUpSchema (display name, email, password required; password at least 8, PRODUCT.md "Security")', () => {
  const valid = { displayName: "Ann Analyst", email: "ann@example.com", password: "ledger-secret" };

  it.each([
    ["valid", valid, {}],
    ["missing display name", { ...valid, displayName: undefined }, { displayName: "Display name is required" }],
    ["blank display name", { ...valid, displayName: "  " }, { displayName: "Display name is required" }],
    ["display name too long", { ...valid, displayName: "a".repeat(101) }, { displayName: "Display name must be at most 100 characters" }],
    ["bad email", { ...valid, email: "nope" }, { email: "Please enter a valid email address" }],
    ["missing password", { ...valid, password: "" }, { password: "Password is required" }],
    ["password of 7", { ...valid, password: "k7#fq2Z" }, { password: "Password must be at least 8 characters" }],
    ["password of 129", { ...valid, password: "a".repeat(129) }, { password: "Password must be at most 128 characters" }],
  ])("%s", (_name, input, expected) => {
    expect(errorsOf(signUpSchema, input)).toEqual(messages(expected));
  });

  it("accepts a password of exactly the minimum length (the common-password check is the server's)", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(signUpSchema.safeParse({ ...valid, password: "k7#fq2Zp" }).success).toBe(true);
  });

  it("trims the display name", () => {
    expect(signUpSchema.parse({ ...valid, displayName: "  Ann  " }).displayName).toBe("Ann");
  });
});
