/** The editor's company picker (PRODUCT.md "Companies") on a real database. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { insertCompany, namesOf } from "../../../tests/support/companies";
import { getDb } from "../db/db.server";
import { searchCompanies } from "./companies.server";

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate content_companies`);
  await db.execute(sql`delete from companies`);
});

describe("the picker's company search", () => {
  it("puts the company whose ticker is the query first, then A–Z by name", async () => {
    await insertCompany({ name: "Albemarle Rio", ticker: "ALB", exchange: "NYSE" });
    await insertCompany({ name: "Zeta Rio Minerals", ticker: "ZRM" });
    await insertCompany({ name: "Rio Tinto", ticker: "RIO" });
    await insertCompany({ name: "Carrion Gold", ticker: "CRR" });
    await insertCompany({ name: "BHP Group", ticker: "BHP" });
    expect(namesOf(await searchCompanies("rio"))).toEqual(["Rio Tinto", "Albemarle Rio", "Carrion Gold", "Zeta Rio Minerals"]);
  });

  it("matches the ticker, treats % and _ as plain characters and shows at most 10", async () => {
    await insertCompany({ name: "Alpha", ticker: "XYZ" });
    await insertCompany({ name: "100% Gold", ticker: "HGD" });
    expect(namesOf(await searchCompanies("xy"))).toEqual(["Alpha"]);
    expect(namesOf(await searchCompanies("%"))).toEqual(["100% Gold"]);
    expect(await searchCompanies("_")).toEqual([]);
    await Promise.all(Array.from({ length: 12 }, (_, i) => insertCompany({ name: `Many ${String(i).padStart(2, "0")}` })));
    expect(namesOf(await searchCompanies("many"))).toEqual(Array.from({ length: 10 }, (_, i) => `Many ${String(i).padStart(2, "0")}`));
  });

  it("answers nothing for an empty query", async () => {
    await insertCompany();
    expect(await searchCompanies("  ")).toEqual([]);
  });
});
