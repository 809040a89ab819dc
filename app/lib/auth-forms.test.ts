import { describe, expect, it } from "vitest";

import { fieldErrorsOf, formFields, MIN_PASSWORD_LENGTH, signInSchema, signUpSchema } from "./auth-forms";

function errorsOf(schema: typeof signInSchema | typeof signUpSchema, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

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
    expect(errorsOf(signInSchema, input)).toEqual(expected);
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
    expect(errorsOf(signUpSchema, input)).toEqual(expected);
  });

  it("accepts a password of exactly the minimum length (the common-password check is the server's)", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(signUpSchema.safeParse({ ...valid, password: "k7#fq2Zp" }).success).toBe(true);
  });

  it("trims the display name", () => {
    expect(signUpSchema.parse({ ...valid, displayName: "  Ann  " }).displayName).toBe("Ann");
  });
});

describe("formFields", () => {
  it("reads strings and turns files and missing fields into undefined", () => {
    const form = new FormData();
    form.set("email", "a@b.co");
    form.set("avatar", new Blob(["x"]), "x.png");
    expect(formFields(form, ["email", "avatar", "password"])).toEqual({
      email: "a@b.co",
      avatar: undefined,
      password: undefined,
    });
  });
});
