/** The paging of server-paged lists (PRODUCT.md "Paging") on a real database, over a table of its own. */
import { asc, like, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "./db.server";
import { readPage } from "./paged-rows.server";

const letters = pgTable("paged_rows_letters", { id: integer("id").primaryKey(), name: text("name").notNull() });

beforeAll(async () => {
  const db = await getDb();
  await db.execute(sql`create table paged_rows_letters (id integer primary key, name text not null)`);
  // Seven rows named 'a…' (two of them equal, told apart by id) and three 'b…'.
  await db
    .insert(letters)
    .values(["a1", "a2", "a3", "a3", "a5", "a6", "a7", "b1", "b2", "b3"].map((name, index) => ({ id: 10 - index, name })));
});

/** Page `page` of the rows whose name starts with `prefix`, 3 a page, by name then id. */
async function pageOf(prefix: string, page: number | undefined) {
  const db = await getDb();
  const rows = db.select({ id: letters.id, name: letters.name }).from(letters).orderBy(asc(letters.name), asc(letters.id)).$dynamic();
  const shown = await readPage({ rows, table: letters, where: like(letters.name, `${prefix}%`), page, pageSize: 3 });
  return { ...shown, items: shown.items.map((row) => `${row.name}#${row.id}`) };
}

describe("readPage", () => {
  it.each([
    ["the first page when none is asked for", "a", undefined, { page: 1, items: ["a1#10", "a2#9", "a3#7"] }],
    ["the page asked for, equal names in id order", "a", 2, { page: 2, items: ["a3#8", "a5#6", "a6#5"] }],
    ["a short last page", "a", 3, { page: 3, items: ["a7#4"] }],
    ["the last page for a page past the end", "a", 99, { page: 3, items: ["a7#4"] }],
    ["page 1 for a page below 1", "a", 0, { page: 1, items: ["a1#10", "a2#9", "a3#7"] }],
  ])("shows %s, counting only the rows the condition selects", async (_case, prefix, page, expected) => {
    expect(await pageOf(prefix, page)).toEqual({ total: 7, totalPages: 3, ...expected });
  });

  it("applies the one condition to the count and the rows alike", async () => {
    expect(await pageOf("b", 1)).toEqual({ total: 3, totalPages: 1, page: 1, items: ["b1#3", "b2#2", "b3#1"] });
  });

  it("answers an empty list as one empty page 1 with no pages to link", async () => {
    expect(await pageOf("z", 4)).toEqual({ total: 0, totalPages: 0, page: 1, items: [] });
  });

  it("counts and lists every row when there is no condition (the default page of 25 holds all 10)", async () => {
    const db = await getDb();
    const rows = db.select({ id: letters.id }).from(letters).orderBy(asc(letters.id)).$dynamic();
    const shown = await readPage({ rows, table: letters, where: undefined, page: 1 });
    expect(shown).toMatchObject({ total: 10, totalPages: 1, page: 1 });
    expect(shown.items).toHaveLength(10);
  });
});
