/** Companies and paid promotion on the item pages (PRODUCT.md "Paid promotion"): rows and the checks every detail loader shares. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { INVESTMENT_NOTICE_DEFAULT } from "~/lib/disclosure";
import type { ConsiderationForm } from "~/lib/sponsorship";
import { getDb, schema } from "~/server/db/db.server";

import { restoreEnvAfterEach, setEnv } from "./env";

/** The sponsorship columns of an item another party paid for in cash, complete (as the editor's schema gives them). */
export const SPONSORSHIP = {
  sponsorCompanyId: null,
  disclosureSponsor: "Halcyon Investor Relations",
  considerationForm: "cash",
  considerationAmount: "5000.00",
  considerationCurrency: "AUD",
  agreementDate: "2026-09-01",
  considerationUnits: null,
  disclosureNote: "Sponsored interview with the chief executive.",
} as const;

/** The promotion columns of a paid item with SPONSORSHIP. */
export const PAID = { paidPromotion: true, ...SPONSORSHIP } as const;

/** What a page of this type shows for PAID. */
export function paidDisclosure(type: ContentType) {
  return {
    sponsor: "Halcyon Investor Relations",
    statement: `MarketWire received A$5,000 in cash from Halcyon Investor Relations for this ${CONTENT_REGISTRY[type].noun}.`,
    note: "Sponsored interview with the chief executive.",
    agreed: "1 September 2026",
  };
}

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

/** Empties the companies and their pairs before every test (a delete: paid items name their payer by a foreign key). */
export function emptyCompaniesBeforeEach() {
  beforeEach(async () => {
    const db = await getDb();
    await db.execute(sql`truncate content_companies`);
    await db.execute(sql`delete from companies`);
  });
}

type PromotionRow = { id: string };
type PromotionColumns = Partial<{
  paidPromotion: boolean;
  sponsorCompanyId: string | null;
  disclosureSponsor: string | null;
  considerationForm: ConsiderationForm | null;
  considerationAmount: string | null;
  considerationCurrency: string | null;
  considerationUnits: string | null;
  agreementDate: string | null;
  disclosureNote: string | null;
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
        // PRODUCT.md "Markets": no prices stored for them, so no change since publication.
        { id: ironbark!.id, name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX", sincePublished: null },
        { id: quokka!.id, name: "Quokka Pay", slug: "quokka-pay", ticker: "QPY", exchange: "ASX", sincePublished: null },
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
      const disclosure = paidDisclosure(type);
      expect(loaded.disclosure).toEqual(disclosure);
      expect(loaded).not.toHaveProperty("paidPromotion");
      expect(loaded).not.toHaveProperty("disclosureSponsor");
      expect(loaded).not.toHaveProperty("considerationAmount");
      const ld = structuredData(meta);
      expect(ld.sponsor).toEqual({ "@type": "Organization", name: "Halcyon Investor Relations" });
      expect(ld.funding).toEqual({
        "@type": "Grant",
        name: "Paid promotion",
        description: `Paid promotion. ${disclosure.statement} ${disclosure.note}`,
        funder: { "@type": "Organization", name: "Halcyon Investor Relations" },
      });
    });

    it("names a paying company with its ticker, in shares", async () => {
      const [company] = await insertCompanies([{ name: "Ironbark Gold Ltd", slug: "ironbark-gold", ticker: "IBG" }]);
      const item = await insert({
        ...PAID,
        disclosureSponsor: null,
        sponsorCompanyId: company!.id,
        considerationForm: "shares",
        considerationAmount: null,
        considerationCurrency: null,
        considerationUnits: "250000",
        disclosureNote: null,
      });
      await tagItem(type, item.id, [company!.id]);
      const { item: loaded } = await load(item.id);
      expect(loaded.disclosure).toEqual({
        sponsor: "Ironbark Gold Ltd (ASX:IBG)",
        statement: `MarketWire received 250,000 shares from Ironbark Gold Ltd (ASX:IBG) for this ${CONTENT_REGISTRY[type].noun}.`,
        note: null,
        agreed: "1 September 2026",
      });
    });

    it("still says a paid item is paid when its payer was never recorded (a paid draft published by hand)", async () => {
      const item = await insert({ paidPromotion: true });
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.disclosure).toEqual({
        sponsor: "",
        statement: `This ${CONTENT_REGISTRY[type].noun} is a paid promotion.`,
        note: null,
        agreed: null,
      });
      expect(structuredData(meta)).not.toHaveProperty("sponsor");
    });

    it.each([
      ["an unpaid item", {}],
      ["an unpaid item with leftover sponsorship", { ...PAID, paidPromotion: false }],
    ])("discloses nothing for %s", async (_case, columns) => {
      const item = await insert(columns);
      const { item: loaded, meta } = await load(item.id);
      expect(loaded.disclosure).toBeNull();
      expect(structuredData(meta)).not.toHaveProperty("sponsor");
      expect(structuredData(meta)).not.toHaveProperty("funding");
    });
  });
}
