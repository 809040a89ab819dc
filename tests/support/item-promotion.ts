/** Companies and paid promotion on the item pages (PRODUCT.md "Paid promotion"): rows and the checks every detail loader shares. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";
import { INVESTMENT_NOTICE_DEFAULT } from "~/lib/disclosure";
import { getDb, schema } from "~/server/db/db.server";

import { restoreEnvAfterEach, setEnv } from "./env";

/** The promotion columns of a paid item with its three disclosure fields. */
export const PAID = {
  paidPromotion: true,
  disclosureSponsor: "Ironbark Gold Ltd",
  disclosurePurpose: "Sponsored interview with the chief executive",
  disclosureCompensation: "A$5,000 cash fee paid to MarketWire",
} as const;

export const PAID_DISCLOSURE = {
  sponsor: PAID.disclosureSponsor,
  purpose: PAID.disclosurePurpose,
  compensation: PAID.disclosureCompensation,
};

/** Inserts companies (name, slug, ticker, exchange) and returns the stored rows in the given order. */
export async function insertCompanies(rows: { name: string; slug: string; ticker: string; exchange?: string }[]) {
  const db = await getDb();
  return db
    .insert(schema.companies)
    .values(rows.map((row) => ({ exchange: "ASX" as const, ...row }) as typeof schema.companies.$inferInsert))
    .returning();
}

/** Names the companies on the item, straight in the join table. */
export async function tagItem(type: ContentType, id: string, companyIds: string[]) {
  const db = await getDb();
  await db.insert(schema.contentCompanies).values(companyIds.map((companyId) => ({ contentType: type, contentId: id, companyId })));
}

/** Empties the companies and their pairs before every test. */
export function emptyCompaniesBeforeEach() {
  beforeEach(async () => {
    const db = await getDb();
    await db.execute(sql`truncate companies, content_companies`);
  });
}

type PromotionRow = { id: string };
type PromotionColumns = Partial<{
  paidPromotion: boolean;
  disclosureSponsor: string | null;
  disclosurePurpose: string | null;
  disclosureCompensation: string | null;
}>;

interface LoadedItem {
  companies: unknown;
  disclosure: unknown;
  investmentNotice: unknown;
}

/**
 * The checks every detail loader shares: chips A–Z for a tagged item and none for an untagged one, the
 * disclosure only for a paid item with its three fields, the notice only with companies, and the JSON-LD.
 */
export function describeItemPromotion(options: {
  type: ContentType;
  /** Names the variant when a type is checked twice (an interview with a video is a VideoObject). */
  label?: string;
  insert: (row: PromotionColumns) => Promise<PromotionRow>;
  /** The loader's item (the page's data) and its meta tags. */
  load: (id: string) => Promise<{ item: LoadedItem; meta: unknown[] }>;
}) {
  const { type, label = type, insert, load } = options;
  const structuredData = (meta: unknown[]) =>
    (meta as Record<string, unknown>[])
      .map((tag) => tag["script:ld+json"] as Record<string, unknown> | undefined)
      .find((ld) => ld && ld["@type"] !== "BreadcrumbList")!;

  describe(`${label} page: companies and paid promotion (PRODUCT.md "Paid promotion")`, () => {
    emptyCompaniesBeforeEach();
    restoreEnvAfterEach(["INVESTMENT_NOTICE"]);

    it("lists the companies the item names A–Z as chips, with the investment notice, and about them in the JSON-LD", async () => {
      setEnv({ INVESTMENT_NOTICE: "Read the product disclosure statement first." });
      const item = await insert({});
      const [quokka, ironbark] = await insertCompanies([
        { name: "Quokka Pay", slug: "quokka-pay", ticker: "QPY" },
        { name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" },
      ]);
      await tagItem(type, item.id, [quokka!.id, ironbark!.id]);
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.companies).toEqual([
        { name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX" },
        { name: "Quokka Pay", slug: "quokka-pay", ticker: "QPY", exchange: "ASX" },
      ]);
      expect(loaded.investmentNotice).toBe("Read the product disclosure statement first.");
      expect(structuredData(meta).about).toEqual([
        { "@type": "Corporation", name: "Ironbark Gold", tickerSymbol: "ASX IBG", url: "http://localhost:3000/companies/ironbark-gold" },
        { "@type": "Corporation", name: "Quokka Pay", tickerSymbol: "ASX QPY", url: "http://localhost:3000/companies/quokka-pay" },
      ]);
    });

    it("has no chips, no notice and no `about` for an item naming no company", async () => {
      const item = await insert({});
      const [other] = await insertCompanies([{ name: "Helios", slug: "helios", ticker: "HLIO" }]);
      const tagged = await insert({});
      await tagItem(type, tagged.id, [other!.id]);
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.companies).toEqual([]);
      expect(loaded.investmentNotice).toBeNull();
      expect(structuredData(meta)).not.toHaveProperty("about");
    });

    it("the notice is INVESTMENT_NOTICE's default when the variable is unset", async () => {
      setEnv({ INVESTMENT_NOTICE: undefined });
      const item = await insert({});
      const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
      await tagItem(type, item.id, [company!.id]);
      expect((await load(item.id)).item.investmentNotice).toBe(INVESTMENT_NOTICE_DEFAULT);
    });

    it("gives a paid item its disclosure, and its sponsor and disclosure to the JSON-LD; the stored columns stay on the server", async () => {
      const item = await insert(PAID);
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.disclosure).toEqual(PAID_DISCLOSURE);
      expect(loaded).not.toHaveProperty("paidPromotion");
      expect(loaded).not.toHaveProperty("disclosureSponsor");
      const ld = structuredData(meta);
      expect(ld.sponsor).toEqual({ "@type": "Organization", name: "Ironbark Gold Ltd" });
      expect(ld.funding).toEqual({
        "@type": "Grant",
        name: "Paid promotion",
        description:
          "Paid promotion. Paid for by Ironbark Gold Ltd. Purpose: Sponsored interview with the chief executive. Compensation: A$5,000 cash fee paid to MarketWire.",
        funder: { "@type": "Organization", name: "Ironbark Gold Ltd" },
      });
    });

    it.each([
      ["an unpaid item", {}],
      ["an unpaid item with leftover disclosure text", { ...PAID, paidPromotion: false }],
      ["a paid item missing its compensation", { ...PAID, disclosureCompensation: null }],
      ["a paid item whose sponsor is blank", { ...PAID, disclosureSponsor: "   " }],
    ])("discloses nothing for %s", async (_case, columns) => {
      const item = await insert(columns);
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.disclosure).toBeNull();
      expect(structuredData(meta)).not.toHaveProperty("sponsor");
      expect(structuredData(meta)).not.toHaveProperty("funding");
    });
  });
}
