import { describe, expect, it } from "vitest";

import { MAX_EMAIL_LENGTH } from "~/lib/newsletter";

import { newsletterSchema, parseNewsletterForm } from "./subscribe-form.server";

/** The field's messages as the action gets them (Conform's `error` record), or null when the address is fine. */
function newsletterEmailErrors(value: string | undefined) {
  const form = new FormData();
  if (value !== undefined) form.append("email", value);
  const submission = parseNewsletterForm(form);
  return submission.status === "success" ? null : (submission.error?.email ?? null);
}

describe("newsletterSchema", () => {
  it.each([
    ["ann@example.com", "ann@example.com"],
    ["  Ann.Lee@Example.COM  ", "ann.lee@example.com"],
    ["first+news@sub.example.co.uk", "first+news@sub.example.co.uk"],
  ])("accepts %j as %j (trimmed, lower-cased)", (input, expected) => {
    expect(newsletterSchema.parse({ email: input })).toEqual({ email: expected });
  });

  it.each([
    ["empty", "", "Please enter your email address."],
    ["only spaces", "   ", "Please enter your email address."],
    ["missing", undefined, "Please enter your email address."],
    ["no at sign", "ann.example.com", "Please enter a valid email address."],
    ["no domain", "ann@", "Please enter a valid email address."],
    ["two at signs", "ann@@example.com", "Please enter a valid email address."],
    ["spaces inside", "ann lee@example.com", "Please enter a valid email address."],
    ["too long", `${"a".repeat(MAX_EMAIL_LENGTH - 11)}@example.com`, `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters long.`],
  ])("rejects %s with a clear message", (_case, input, message) => {
    expect(newsletterEmailErrors(input)).toEqual([message]);
  });

  it("accepts an address of exactly the maximum length", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(MAX_EMAIL_LENGTH - 64 - 1 - 4)}.com`;
    expect(email).toHaveLength(MAX_EMAIL_LENGTH);
    expect(newsletterEmailErrors(email)).toBeNull();
  });
});
