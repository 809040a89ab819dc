import { describe, expect, it } from "vitest";

import { getDb, schema } from "../db/db.server";
import { saveContactMessage } from "./contact.server";

describe("saveContactMessage", () => {
  it("stores the message with an id and a timestamp", async () => {
    const message = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question" };
    const saved = await saveContactMessage(message);
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    const db = await getDb();
    const rows = await db.select().from(schema.contactMessages);
    expect(rows).toEqual([expect.objectContaining({ ...message, id: saved.id, createdAt: expect.any(Date) })]);
  });
});
