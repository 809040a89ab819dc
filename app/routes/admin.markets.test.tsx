/**
 * PRODUCT.md "CSV imports": /admin/markets through its loader and action: an admin imports a file and reads
 * the latest quotes; other roles are refused; a body that is not a file upload, an oversized file or a
 * refused file is a 4xx that says why and changes nothing.
 */
import "../../tests/support/dom";

import fs from "node:fs";
import { screen, within } from "@testing-library/react";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { insertCompany } from "../../tests/support/companies";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import { toastOf } from "../../tests/support/toast";
import AdminMarkets, { action, loader } from "./admin.markets";

let admin: string;
let editor: string;
let reader: string;
beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin", email: "markets-admin@example.com" })).cookie;
  editor = (await createSignedInUser({ role: "editor", email: "markets-editor@example.com" })).cookie;
  reader = (await createSignedInUser({ email: "markets-reader@example.com" })).cookie;
});
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate companies cascade`);
  await insertCompany({ name: "Mount X Minerals", ticker: "MWX", exchange: "ASX" });
  await insertCompany({ name: "Wyvern Systems", ticker: "MWY", exchange: "NASDAQ" });
});

/** The page's form as a browser sends it: multipart, the file in the field `file`. */
function upload(content: BlobPart, fileName = "prices.csv", cookie = admin) {
  const form = new FormData();
  form.append("file", new File([content], fileName, { type: "text/csv" }));
  return callRoute(
    action,
    new Request(`${BASE_URL}/admin/markets`, { method: "POST", headers: { Origin: BASE_URL, Cookie: cookie }, body: form }),
  );
}
const fixture = (name: string) => fs.readFileSync(`tests/fixtures/markets/${name}`);

async function storedCounts() {
  const db = await getDb();
  const [closes, quotes, announcements] = await Promise.all([
    db.$count(schema.marketCloses),
    db.$count(schema.marketQuotes),
    db.$count(schema.marketAnnouncements),
  ]);
  return { closes, quotes, announcements };
}

describe("an admin", () => {
  it("imports a prices file, is told what was written, and sees the latest quotes", async () => {
    const answer = await upload(fixture("prices.csv"));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/markets");
    expect(await toastOf(answer.headers)).toMatchObject({
      type: "success",
      description: "Imported 4 closes, 2 quotes and 0 announcements.",
    });
    expect(await storedCounts()).toEqual({ closes: 4, quotes: 2, announcements: 0 });

    const page = await callRoute(loader, appRequest("/admin/markets", { cookie: admin }));
    expect(page.status).toBe(200);
    expect(page.body.quotes).toEqual([
      {
        id: "ASX:MWX",
        name: "Mount X Minerals",
        listing: "ASX: MWX",
        last: "$1.29",
        asOf: { at: "2026-12-03T05:00:00.000Z", text: "3 Dec 2026, 16:00 AEDT" },
        source: "CSV import",
      },
      {
        id: "NASDAQ:MWY",
        name: "Wyvern Systems",
        listing: "NASDAQ: MWY",
        last: "$45.10",
        asOf: { at: "2026-12-02T21:00:00.000Z", text: "2 Dec 2026, 16:00 EST" },
        source: "CSV import",
      },
    ]);
  });

  it("imports an announcements file, and the same file again changes nothing", async () => {
    expect(await toastOf((await upload(fixture("announcements.csv"), "announcements.csv")).headers)).toMatchObject({
      description: "Imported 0 closes, 0 quotes and 3 announcements.",
    });
    expect((await upload(fixture("announcements.csv"), "announcements.csv")).status).toBe(302);
    expect(await storedCounts()).toEqual({ closes: 0, quotes: 0, announcements: 3 });
  });

  it("is told a broken file's first bad line, and nothing is imported", async () => {
    const answer = await upload(fixture("broken.csv"), "broken.csv");
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: "broken.csv was not imported. Line 4: no company with ticker XYZ on ASX." });
    expect(await storedCounts()).toEqual({ closes: 0, quotes: 0, announcements: 0 });
  });

  it("is refused a file over 10 MB with 413", async () => {
    const answer = await upload(new Uint8Array(10 * 1024 * 1024 + 100));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: "The file is larger than 10 MB; a file may be at most 10 MB: split it into smaller files." });
  });

  it("is asked for a file when the form is sent without one", async () => {
    const answer = await upload("", "");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Choose a CSV file to import (a field named "file").' });
  });

  it("is refused a body that is not multipart with 415", async () => {
    // The CSV's text in a plain field of a multipart form is not a file either.
    const field = await callRoute(
      action,
      appRequest("/admin/markets", { method: "POST", cookie: admin, form: { file: "exchange,ticker" } }),
    );
    expect(field.status).toBe(400);
    expect(field.body).toEqual({ error: 'Choose a CSV file to import (a field named "file").' });
    const plain = await callRoute(
      action,
      new Request(`${BASE_URL}/admin/markets`, {
        method: "POST",
        headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "file=exchange%2Cticker",
      }),
    );
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ error: 'Send the file as multipart/form-data, in a field named "file".' });
  });
});

describe("other roles", () => {
  it("an editor cannot open the page or import", async () => {
    const page = await callRoute(loader, appRequest("/admin/markets", { cookie: editor }));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/admin");
    const answer = await upload(fixture("prices.csv"), "prices.csv", editor);
    expect(answer.status).toBe(403);
    expect(await storedCounts()).toEqual({ closes: 0, quotes: 0, announcements: 0 });
  });

  it("a reader is sent home and refused", async () => {
    const page = await callRoute(loader, appRequest("/admin/markets", { cookie: reader }));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    expect((await upload(fixture("prices.csv"), "prices.csv", reader)).status).toBe(403);
    expect(await storedCounts()).toEqual({ closes: 0, quotes: 0, announcements: 0 });
  });
});

describe("the page", () => {
  it("has the upload form and the latest quotes", async () => {
    await upload(fixture("prices.csv"));
    const page = await callRoute(loader, appRequest("/admin/markets", { cookie: admin }));
    renderRoute(AdminMarkets, "/admin/markets", { loaderData: page.body });
    const input = screen.getByLabelText("CSV file");
    expect(input).toHaveProperty("type", "file");
    expect(input.closest("form")?.getAttribute("enctype")).toBe("multipart/form-data");
    expect(screen.getByRole("button", { name: "Import" })).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "CompanyTickerLastAs ofSource",
      "Mount X MineralsASX: MWX$1.293 Dec 2026, 16:00 AEDTCSV import",
      "Wyvern SystemsNASDAQ: MWY$45.102 Dec 2026, 16:00 ESTCSV import",
    ]);
  });
});
