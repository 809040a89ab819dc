import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { loader as messagesLoader } from "./admin.messages";
import { loader as messagesCsvLoader } from "./admin.messages[.csv]";

const args = (path: string, cookie?: string) => ({ request: appRequest(path, { cookie }), params: {}, context: {} }) as any;

describe("/admin/messages", () => {
  it("lists messages newest first with an excerpt and the full text", async () => {
    const db = await getDb();
    const long = `${"word ".repeat(40)}end`;
    await db.insert(schema.contactMessages).values([
      { name: "Ann", email: "ann@example.com", subject: "Hello", message: "Short one", createdAt: new Date("2026-03-01T00:00:00Z") },
      { name: "Bo", email: "bo@example.com", subject: "Long", message: long, createdAt: new Date("2026-03-02T00:00:00Z") },
    ]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const result = await messagesLoader(args("/admin/messages", cookie));
    expect(result).toMatchObject({ total: 2, totalPages: 1, page: 1 });
    expect(result.messages.map((m) => m.name)).toEqual(["Bo", "Ann"]);
    expect(result.messages[0]).toMatchObject({ message: long, receivedAt: "Mar 2, 2026" });
    expect(result.messages[0]!.excerpt).toBe(`${long.slice(0, 80)}...`);
    expect(result.messages[1]!.excerpt).toBe("Short one");
  });
});

describe("/admin/messages.csv", () => {
  it("downloads messages as a private CSV file with quotes escaped and line breaks kept inside the cell", async () => {
    const db = await getDb();
    await db.insert(schema.contactMessages).values({
      name: "Cy",
      email: "cy@example.com",
      subject: 'About "rates"',
      message: "Line one\nline two, with a comma",
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    const { cookie } = await createSignedInUser({ role: "admin" });
    const response = await messagesCsvLoader(args("/admin/messages.csv", cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const csv = (await response.text()).replace(/^\uFEFF/, "");
    expect(csv.startsWith('"Name","Email","Subject","Message","Received At"\r\n')).toBe(true);
    expect(csv).toContain('"Cy","cy@example.com","About ""rates""","Line one\nline two, with a comma","2026-04-01T00:00:00.000Z"\r\n');
  });
});
