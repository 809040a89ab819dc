import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { MISSING_ID } from "../../../tests/support/content";
import { insertSubscribers, onlySubscribers } from "../../../tests/support/newsletter";
import { getDb, schema } from "../db/db.server";
import {
  contactMessagesCsv,
  countUnreadMessages,
  csvCell,
  csvFilename,
  deleteContactMessage,
  deleteSubscriber,
  INBOX_PAGE_SIZE,
  listContactMessages,
  listSubscribers,
  setMessageRead,
  subscribersCsv,
  toCsv,
} from "./inbox.server";

describe("csvCell", () => {
  it.each([
    ["plain text is quoted", "hello", '"hello"'],
    ["quotes are doubled", 'say "hi"', '"say ""hi"""'],
    ["commas and line breaks stay inside the quotes", "a,b\nc", '"a,b\nc"'],
    ["empty", "", '""'],
    ["null", null, '""'],
    ["a number", 42, '"42"'],
    ["= formula is defused", '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+ formula is defused", "+1+1", '"\'+1+1"'],
    ["- formula is defused", "-2+3", '"\'-2+3"'],
    ["@ formula is defused", "@SUM(A1)", '"\'@SUM(A1)"'],
    ["leading tab is defused", "\t=1", '"\'\t=1"'],
    ["a sign later in the text is left alone", "a=b", '"a=b"'],
  ])("%s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes dates as ISO 8601", () => {
    expect(csvCell(new Date("2026-11-23T08:00:00Z"))).toBe('"2026-11-23T08:00:00.000Z"');
  });
});

describe("toCsv", () => {
  it("starts with a BOM and ends every line, header included, with CRLF", () => {
    expect(toCsv(["A", "B"], [["1", "2"]])).toBe('\uFEFF"A","B"\r\n"1","2"\r\n');
  });
});

describe("exports", () => {
  it("subscribers: email and date columns first, then the state and when it was confirmed", () => {
    const csv = subscribersCsv([
      { id: "1", email: "a@example.com", createdAt: new Date("2026-01-02T03:04:05Z"), confirmedAt: new Date("2026-01-03T00:00:00Z") },
      { id: "2", email: "b@example.com", createdAt: new Date("2026-01-04T00:00:00Z"), confirmedAt: null },
    ]);
    expect(csv).toBe(
      '\uFEFF"Email","Subscribed At","Status","Confirmed At"\r\n' +
        '"a@example.com","2026-01-02T03:04:05.000Z","confirmed","2026-01-03T00:00:00.000Z"\r\n' +
        '"b@example.com","2026-01-04T00:00:00.000Z","pending",""\r\n',
    );
  });

  it("messages: every field, with the message kept whole", () => {
    const csv = contactMessagesCsv([
      {
        id: "1",
        name: "=cmd|' /C calc'!A0",
        email: "m@example.com",
        subject: 'Re: "quote"',
        message: "line 1\nline 2, with comma",
        createdAt: new Date("2026-01-02T00:00:00Z"),
        readAt: new Date("2026-01-03T00:00:00Z"),
      },
    ]);
    expect(csv.split("\r\n")[0]).toBe('\uFEFF"Name","Email","Subject","Message","Received At"');
    expect(csv.split("\r\n")[1]).toBe(
      '"\'=cmd|\' /C calc\'!A0","m@example.com","Re: ""quote""","line 1\nline 2, with comma","2026-01-02T00:00:00.000Z"',
    );
  });

  it("names the file after the list and the day", () => {
    expect(csvFilename("subscribers", new Date("2026-11-23T23:59:00Z"))).toBe("subscribers-2026-11-23.csv");
  });
});

describe("lists", () => {
  it("pages subscribers newest first, 25 a page, with the total", async () => {
    await insertSubscribers(30, "s", new Date("2026-01-01T00:00:00Z"), 60_000);
    const first = await listSubscribers({ page: 1 });
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.rows[0]!.email).toBe("s29@example.com");
    const second = await listSubscribers({ page: 2 });
    expect(second.rows.map((r) => r.email)).toEqual([
      "s4@example.com",
      "s3@example.com",
      "s2@example.com",
      "s1@example.com",
      "s0@example.com",
    ]);
    expect((await listSubscribers({ page: 3 })).rows).toEqual([]);
  });

  it("counts the confirmed subscribers beside the total, and gives each row its confirmation time", async () => {
    const confirmedAt = new Date("2026-03-02T00:00:00Z");
    await onlySubscribers([
      { email: "yes@example.com", createdAt: new Date("2026-03-01T00:00:00Z"), confirmedAt },
      { email: "not-yet@example.com", createdAt: new Date("2026-03-03T00:00:00Z") },
    ]);
    const { rows, total, confirmed } = await listSubscribers({ page: 1 });
    expect({ total, confirmed }).toEqual({ total: 2, confirmed: 1 });
    expect(rows.map((r) => [r.email, r.confirmedAt])).toEqual([
      ["not-yet@example.com", null],
      ["yes@example.com", confirmedAt],
    ]);
  });

  it("pages contact messages newest first", async () => {
    const db = await getDb();
    await db.insert(schema.contactMessages).values([
      { name: "Old", email: "o@example.com", subject: "s", message: "m", createdAt: new Date("2026-01-01T00:00:00Z") },
      { name: "New", email: "n@example.com", subject: "s", message: "m", createdAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const { rows, total } = await listContactMessages({ page: 1 });
    expect(total).toBe(2);
    expect(rows.map((r) => r.name)).toEqual(["New", "Old"]);
  });
});

/** Replaces every contact message with these (newest last), and returns their ids in that order. */
async function onlyMessages(rows: { name: string; createdAt?: Date; readAt?: Date | null }[]) {
  const db = await getDb();
  await db.delete(schema.contactMessages);
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(schema.contactMessages)
    .values(
      rows.map((row, i) => ({
        email: `${row.name.toLowerCase()}@example.com`,
        subject: "s",
        message: "m",
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        ...row,
      })),
    )
    .returning({ id: schema.contactMessages.id });
  return inserted.map((row) => row.id);
}

async function readAtOf(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ readAt: schema.contactMessages.readAt })
    .from(schema.contactMessages)
    .where(eq(schema.contactMessages.id, id));
  return row?.readAt;
}

describe('messages: read, unread and delete (PRODUCT.md "Inbox")', () => {
  beforeEach(() => onlyMessages([]));

  it("counts the unread messages, and the list gives each one its read time", async () => {
    const readAt = new Date("2026-02-01T00:00:00Z");
    await onlyMessages([{ name: "Ann" }, { name: "Bo", readAt }, { name: "Cy" }]);
    expect(await countUnreadMessages()).toBe(2);
    const { rows, total, all, unread } = await listContactMessages({ page: 1 });
    expect({ total, all, unread }).toEqual({ total: 3, all: 3, unread: 2 });
    expect(rows.map((r) => [r.name, r.readAt])).toEqual([
      ["Cy", null],
      ["Bo", readAt],
      ["Ann", null],
    ]);
  });

  it("lists the unread ones only, newest first, with their count as the total", async () => {
    await onlyMessages([{ name: "Ann" }, { name: "Bo", readAt: new Date() }, { name: "Cy" }]);
    const { rows, total, all, unread } = await listContactMessages({ page: 1, filter: "unread" });
    expect(rows.map((r) => r.name)).toEqual(["Cy", "Ann"]);
    expect({ total, all, unread }).toEqual({ total: 2, all: 3, unread: 2 });
  });

  it("marks a message read, keeps the first read time when marked again, and marks it unread", async () => {
    const [id] = await onlyMessages([{ name: "Ann" }]);
    expect(await setMessageRead(id!, true)).toBe(true);
    const first = await readAtOf(id!);
    expect(first).toBeInstanceOf(Date);
    expect(await countUnreadMessages()).toBe(0);
    expect(await setMessageRead(id!, true)).toBe(true);
    expect(await readAtOf(id!)).toEqual(first);
    expect(await setMessageRead(id!, false)).toBe(true);
    expect(await readAtOf(id!)).toBeNull();
    expect(await countUnreadMessages()).toBe(1);
  });

  it("deletes one message and no other", async () => {
    const [gone, kept] = await onlyMessages([{ name: "Ann" }, { name: "Bo" }]);
    expect(await deleteContactMessage(gone!)).toBe(true);
    expect((await listContactMessages({ page: 1 })).rows.map((r) => r.id)).toEqual([kept]);
    expect(await deleteContactMessage(gone!)).toBe(false);
  });

  it("answers false for an unknown or malformed id and changes nothing", async () => {
    await onlyMessages([{ name: "Ann" }]);
    for (const id of [MISSING_ID, "not-a-uuid", ""]) {
      expect(await setMessageRead(id, true)).toBe(false);
      expect(await deleteContactMessage(id)).toBe(false);
    }
    expect(await countUnreadMessages()).toBe(1);
  });
});

describe('subscribers: search and remove (PRODUCT.md "Inbox")', () => {
  beforeEach(() =>
    onlySubscribers([
      { email: "ann@markets.example", createdAt: new Date("2026-03-01T00:00:00Z"), confirmedAt: new Date("2026-03-02T00:00:00Z") },
      { email: "Bo.Smith@Example.com", createdAt: new Date("2026-03-02T00:00:00Z") },
      { email: "100%_real@example.com", createdAt: new Date("2026-03-03T00:00:00Z") },
      { email: "1000real@example.com", createdAt: new Date("2026-03-04T00:00:00Z") },
    ]),
  );

  const emails = async (q: string) => (await listSubscribers({ page: 1, q })).rows.map((r) => r.email);

  it("finds addresses containing the query, ignoring case", async () => {
    expect(await emails("SMITH@example")).toEqual(["Bo.Smith@Example.com"]);
    expect(await emails("example.com")).toEqual(["1000real@example.com", "100%_real@example.com", "Bo.Smith@Example.com"]);
    expect(await emails("nobody")).toEqual([]);
  });

  it("takes % and _ as plain characters", async () => {
    expect(await emails("0%")).toEqual(["100%_real@example.com"]);
    expect(await emails("%_")).toEqual(["100%_real@example.com"]);
    expect(await emails("_")).toEqual(["100%_real@example.com"]);
  });

  it("counts the matches and the confirmed ones among them", async () => {
    const { total, confirmed } = await listSubscribers({ page: 1, q: "markets" });
    expect({ total, confirmed }).toEqual({ total: 1, confirmed: 1 });
    expect(await listSubscribers({ page: 1 })).toMatchObject({ total: 4, confirmed: 1 });
  });

  it("removes one subscriber and no other; an unknown or malformed id removes nothing", async () => {
    const [bo] = (await listSubscribers({ page: 1, q: "bo.smith" })).rows;
    expect(await deleteSubscriber(bo!.id)).toBe(true);
    expect(await emails("")).toEqual(["1000real@example.com", "100%_real@example.com", "ann@markets.example"]);
    for (const id of [bo!.id, MISSING_ID, "x"]) expect(await deleteSubscriber(id)).toBe(false);
    expect((await listSubscribers({ page: 1 })).total).toBe(3);
  });
});
