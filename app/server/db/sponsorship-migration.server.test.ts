/**
 * Migration 0016 (PRODUCT.md "Paid promotion"): the prototype's free-text disclosure read into the structured
 * sponsorship on a database that still holds it, with nothing lost.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MIGRATIONS_FOLDER } from "./db.server";

/** The migrations folder as it was before 0016: the same files, the journal cut after 0015. */
function foldersBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("migration 0016: the free-text disclosure becomes the structured sponsorship", () => {
  let client: PGlite;
  let before: string;
  const rows = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    before = foldersBefore("0016_sponsorship");
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into companies (id, name, slug, ticker, exchange) values
        ('00000000-0000-4000-8000-000000000001', 'Ironbark Gold Ltd', 'ironbark-gold', 'IBG', 'ASX');
      insert into interviews (id, title, paid_promotion, disclosure_sponsor, disclosure_purpose, disclosure_compensation) values
        ('00000000-0000-4000-8000-0000000000a1', 'Named company, dollars', true, ' ironbark gold ltd ', 'Sponsored interview', 'A$5,000 cash fee paid to MarketWire');
      insert into content_companies (content_type, content_id, company_id) values
        ('interview', '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001');
      insert into blogs (id, title, paid_promotion, disclosure_sponsor, disclosure_purpose, disclosure_compensation) values
        ('00000000-0000-4000-8000-0000000000b1', 'Other party, shares', true, 'Halcyon IR', 'Coverage of the placement.', '250,000 shares in the company'),
        ('00000000-0000-4000-8000-0000000000b2', 'Unreadable compensation', true, 'Ironbark Gold Ltd', 'A feature', 'Travel and lodging'),
        ('00000000-0000-4000-8000-0000000000b3', 'Pounds with pence', true, 'Thames Partners', null, '£1,250.50 fee'),
        ('00000000-0000-4000-8000-0000000000b4', 'Not paid', false, null, null, null);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    for (const table of ["interviews", "blogs"]) {
      const result = await client.query<Record<string, unknown>>(
        `select id, sponsor_company_id, disclosure_sponsor, consideration_form, consideration_amount::text as amount,
           consideration_currency, consideration_units::text as units, disclosure_note from ${table}`,
      );
      for (const row of result.rows) rows.set(String(row.id), row);
    }
  });

  afterAll(async () => {
    await client?.close();
    if (before) fs.rmSync(before, { recursive: true, force: true });
  });

  it("a sponsor named like a company the item names becomes that company; a dollar amount becomes cash in its currency", () => {
    expect(rows.get("00000000-0000-4000-8000-0000000000a1")).toMatchObject({
      sponsor_company_id: "00000000-0000-4000-8000-000000000001",
      disclosure_sponsor: null,
      consideration_form: "cash",
      amount: "5000.00",
      consideration_currency: "AUD",
      units: null,
      disclosure_note: "Sponsored interview.",
    });
  });

  it("another party stays named; shares keep their number; pounds keep their pence", () => {
    expect(rows.get("00000000-0000-4000-8000-0000000000b1")).toMatchObject({
      sponsor_company_id: null,
      disclosure_sponsor: "Halcyon IR",
      consideration_form: "shares",
      units: "250000",
      amount: null,
      disclosure_note: "Coverage of the placement.",
    });
    expect(rows.get("00000000-0000-4000-8000-0000000000b3")).toMatchObject({
      consideration_form: "cash",
      amount: "1250.50",
      consideration_currency: "GBP",
      disclosure_note: null,
    });
  });

  it("a compensation that cannot be read is kept word for word in the editor's addition; a company the item does not name stays a name", () => {
    expect(rows.get("00000000-0000-4000-8000-0000000000b2")).toMatchObject({
      sponsor_company_id: null,
      disclosure_sponsor: "Ironbark Gold Ltd",
      consideration_form: null,
      amount: null,
      disclosure_note: "A feature. Compensation: Travel and lodging",
    });
  });

  it("an item that was not paid gets no sponsorship", () => {
    expect(rows.get("00000000-0000-4000-8000-0000000000b4")).toMatchObject({
      sponsor_company_id: null,
      disclosure_sponsor: null,
      consideration_form: null,
      disclosure_note: null,
    });
  });
});
