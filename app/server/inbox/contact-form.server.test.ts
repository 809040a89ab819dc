import { describe, expect, it } from "vitest";

import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from "~/lib/contact";

import { isHoneypotFilled, parseContactForm } from "./contact-form.server";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Coverage", message: "Please call me." };

/** What Conform's reply keeps of a form: every field typed, an empty one left out. */
const typed = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("parseContactForm", () => {
  it("accepts a complete message and trims every field", () => {
    const result = parseContactForm(form({ name: "  Ada ", email: " ada@example.com ", subject: " Hi ", message: "\n Hello \n" }));
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" });
  });

  it.each([
    ["name", "", "Name is required"],
    ["name", "   ", "Name is required"],
    ["email", "", "Email is required"],
    ["email", "not-an-email", "Enter a valid email address"],
    ["email", "a@b", "Enter a valid email address"],
    ["subject", " ", "Subject is required"],
    ["message", "", "Message is required"],
    ["name", "x".repeat(CONTACT_LIMITS.name + 1), "Name must be at most 100 characters"],
    ["email", `${"x".repeat(CONTACT_LIMITS.email)}@example.com`, "Email must be at most 254 characters"],
    ["subject", "x".repeat(CONTACT_LIMITS.subject + 1), "Subject must be at most 200 characters"],
    ["message", "x".repeat(CONTACT_LIMITS.message + 1), "Message must be at most 5000 characters"],
  ])("rejects %s = %j with '%s' and keeps what was typed", (field, value, message) => {
    const reply = parseContactForm(form({ ...valid, [field]: value })).reply();
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({ [field]: [message] });
    expect(reply.initialValue).toEqual(typed({ ...valid, [field]: value }));
  });

  it("accepts values exactly at the length limits", () => {
    const result = parseContactForm(
      form({
        name: "n".repeat(CONTACT_LIMITS.name),
        email: `${"e".repeat(CONTACT_LIMITS.email - "@example.com".length)}@example.com`,
        subject: "s".repeat(CONTACT_LIMITS.subject),
        message: "m".repeat(CONTACT_LIMITS.message),
      }),
    );
    expect(result.status).toBe("success");
  });

  it("treats missing fields as empty and reports each one", () => {
    const reply = parseContactForm(new FormData()).reply();
    expect(reply).toMatchObject({ status: "error", initialValue: {} });
    expect(reply.error).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });
});

describe("isHoneypotFilled", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["  ", false],
    ["https://spam.example", true],
  ])("honeypot %j → %s", (value, expected) => {
    const data = form(valid);
    if (value !== undefined) data.append(CONTACT_HONEYPOT_FIELD, value);
    expect(isHoneypotFilled(data)).toBe(expected);
  });
});
