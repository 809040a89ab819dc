import type { SubmissionResult } from "@conform-to/react";
import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { appRequest } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import { action } from "./contact";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Coverage", message: "Please get in touch." };

/** What Conform's reply keeps of a form: every field typed, an empty one left out. */
const typed = (form: Record<string, string>) => Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ""));

const submit = async (form: Record<string, string>) => {
  const answer = await callRoute(action, appRequest("/contact", { form }), { throws: false });
  // Conform's reply when the action did not redirect.
  return { ...answer, body: answer.body as SubmissionResult<string[]> };
};

async function storedMessages() {
  const db = await getDb();
  return db.select().from(schema.contactMessages);
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.contactMessages);
});

describe("/contact action", () => {
  it("stores a valid message (trimmed) and redirects back with the confirmation toast", async () => {
    const result = await submit({ ...valid, name: "  Ada Lovelace  ", email: " ada@example.com " });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("Location")).toBe("/contact");
    expect(result.response!.headers.get("Set-Cookie")).toMatch(/^mw_toast=/);
    const rows = await storedMessages();
    expect(rows).toEqual([expect.objectContaining(valid)]);
  });

  it.each([
    ["name", "", "Name is required"],
    ["email", "", "Email is required"],
    ["email", "not-an-email", "Enter a valid email address"],
    ["subject", "   ", "Subject is required"],
    ["message", "", "Message is required"],
    ["message", "x".repeat(5001), "Message must be at most 5000 characters"],
  ])("answers 400 when %s is %j, says why, keeps the input and stores nothing", async (field, value, message) => {
    const result = await submit({ ...valid, [field]: value });
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({ [field]: [message] });
    expect(result.body.initialValue).toEqual(typed({ ...valid, [field]: value }));
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    expect(await storedMessages()).toEqual([]);
  });

  it("drops a submission with the honeypot filled without storing it, answering like a success", async () => {
    const result = await submit({ ...valid, website: "https://spam.example" });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("Location")).toBe("/contact");
    expect(await storedMessages()).toEqual([]);
  });
});
