import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { COMPANY_TEXTS } from "~/lib/companies";
import type { ContentType } from "~/lib/content-types";
import type { ContentInput } from "~/lib/editor-values";

import { ADMIN_USER, createItem as create } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import type { CurrentUser } from "../auth/session.server";
import { deleteCompany } from "../companies/companies.server";
import { getDb, schema } from "../db/db.server";
import { editorValuesFromRow, getContent, listContent, setFeatured } from "./admin-content.server";
import { companiesByIds, itemCompanies } from "./item-companies.server";
import { PUBLISH_REFUSAL, saveItem } from "./save-item.server";

const PAST = new Date("2024-01-02T03:04:05.000Z");

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

/** An update as an admin through the one save operation. */
const update = (type: ContentType, id: string, values: ContentInput) => saveItem({ type, id, input: values, user: ADMIN_USER });

async function videoRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.videos).where(eq(schema.videos.id, id));
  return row;
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies`,
  );
});

describe("published_at (set on becoming published, kept while published, cleared on leaving)", () => {
  it("a draft is created without published_at; a published item with now", async () => {
    const before = Date.now();
    const draft = await create("video", input({ status: "draft" }));
    const published = await create("video", input({ status: "published" }));
    expect((await videoRow(draft.id)).publishedAt).toBeNull();
    expect((await videoRow(published.id)).publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("draft → published sets it to now", async () => {
    const { id } = await create("video", input({ status: "draft" }));
    const before = Date.now();
    await update("video", id, input({ status: "published" }));
    expect((await videoRow(id)).publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("published → published keeps the original date", async () => {
    const { id } = await create("video", input({ status: "published" }));
    const db = await getDb();
    await db.update(schema.videos).set({ publishedAt: PAST }).where(eq(schema.videos.id, id));
    await update("video", id, input({ status: "published", title: "Renamed" }));
    const row = await videoRow(id);
    expect(row.title).toBe("Renamed");
    expect(row.publishedAt).toEqual(PAST);
  });

  it.each(["archived", "draft"] as const)("published → %s clears it", async (status) => {
    const { id } = await create("video", input({ status: "published" }));
    await update("video", id, input({ status }));
    expect((await videoRow(id)).publishedAt).toBeNull();
  });

  it("archived → published sets a new date", async () => {
    const { id } = await create("blog", input({ status: "published" }));
    await update("blog", id, input({ status: "archived" }));
    const before = Date.now();
    await update("blog", id, input({ status: "published" }));
    const row = await getContent("blog", id);
    expect((row!.publishedAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('a chosen publication time (PRODUCT.md "Scheduled publishing")', () => {
  const AHEAD = new Date("2030-06-01T09:30:00.000Z");
  const BACK_DATED = new Date("2023-05-06T07:08:00.000Z");

  it.each([
    ["ahead (scheduled)", AHEAD],
    ["in the past (back-dated)", BACK_DATED],
  ])("create: published with a time %s saves that time", async (_case, publishAt) => {
    const { id } = await create("video", input({ status: "published", publishAt }));
    expect((await videoRow(id)).publishedAt).toEqual(publishAt);
  });

  it("create: a draft with a time saves none (the time is for published items)", async () => {
    const { id } = await create("video", input({ status: "draft", publishAt: AHEAD }));
    expect((await videoRow(id)).publishedAt).toBeNull();
  });

  it("update: draft → published with a time saves that time", async () => {
    const { id } = await create("blog", input());
    await update("blog", id, input({ status: "published", publishAt: AHEAD }));
    expect((await getContent("blog", id))!.publishedAt).toEqual(AHEAD);
  });

  it("update: a published item moved to a later or an earlier time takes it", async () => {
    const { id } = await create("video", input({ status: "published" }));
    await update("video", id, input({ status: "published", publishAt: AHEAD }));
    expect((await videoRow(id)).publishedAt).toEqual(AHEAD);
    await update("video", id, input({ status: "published", publishAt: BACK_DATED }));
    expect((await videoRow(id)).publishedAt).toEqual(BACK_DATED);
  });

  it("update: the stored time's own minute (the form unchanged) keeps the stored time, seconds included", async () => {
    const { id } = await create("video", input({ status: "published" }));
    const db = await getDb();
    await db.update(schema.videos).set({ publishedAt: PAST }).where(eq(schema.videos.id, id));
    await update("video", id, input({ status: "published", title: "Renamed", publishAt: new Date("2024-01-02T03:04:00.000Z") }));
    expect((await videoRow(id)).publishedAt).toEqual(PAST);
  });

  it("update: no time keeps a published item's past time, but publishes a scheduled one now", async () => {
    const live = await create("video", input({ status: "published", publishAt: BACK_DATED }));
    const scheduled = await create("video", input({ status: "published", publishAt: AHEAD }));
    const before = Date.now();
    await update("video", live.id, input({ status: "published", publishAt: null }));
    await update("video", scheduled.id, input({ status: "published", publishAt: null }));
    expect((await videoRow(live.id)).publishedAt).toEqual(BACK_DATED);
    const now = (await videoRow(scheduled.id)).publishedAt!.getTime();
    expect(now).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each(["draft", "archived"] as const)("update: leaving published for %s clears a scheduled time", async (status) => {
    const { id } = await create("podcast", input({ status: "published", publishAt: AHEAD }));
    await update("podcast", id, input({ status, publishAt: AHEAD }));
    expect((await getContent("podcast", id))!.publishedAt).toBeNull();
  });

  it("the edit screen shows the stored time in UTC, to the minute; none when there is none", async () => {
    const scheduled = await create("blog", input({ status: "published", publishAt: new Date("2030-06-01T09:30:45.000Z") }));
    const draft = await create("blog", input());
    expect(editorValuesFromRow("blog", (await getContent("blog", scheduled.id))!).publishAt).toBe("2030-06-01T09:30");
    expect(editorValuesFromRow("blog", (await getContent("blog", draft.id))!).publishAt).toBeUndefined();
  });

  it("the admin list flags a published item whose time is ahead as scheduled, and only that one", async () => {
    await create("interview", input({ title: "Scheduled", status: "published", publishAt: AHEAD }));
    await create("interview", input({ title: "Live", status: "published", publishAt: BACK_DATED }));
    await create("interview", input({ title: "Draft" }));
    const { items } = await listContent("interview");
    const flags = Object.fromEntries(items.map((item) => [item.title, [item.scheduled, item.publishedAt]]));
    expect(flags).toEqual({ Scheduled: [true, AHEAD], Live: [false, BACK_DATED], Draft: [false, null] });
  });

  it("the flag follows the clock: once the time has passed the item is no longer scheduled", async () => {
    const { id } = await create("special_feature", input({ title: "Soon", status: "published", publishAt: AHEAD }));
    expect((await listContent("special_feature")).items[0].scheduled).toBe(true);
    const db = await getDb();
    await db
      .update(schema.specialFeatures)
      .set({ publishedAt: sql`now() - interval '1 second'` })
      .where(eq(schema.specialFeatures.id, id));
    expect((await listContent("special_feature")).items[0].scheduled).toBe(false);
  });
});

describe("updated_at", () => {
  it("is set to now on every edit", async () => {
    const { id } = await create("podcast", input());
    const db = await getDb();
    await db.update(schema.podcasts).set({ updatedAt: PAST }).where(eq(schema.podcasts.id, id));
    await update("podcast", id, input({ title: "Edited" }));
    const row = await getContent("podcast", id);
    expect((row!.updatedAt as Date).getTime()).toBeGreaterThan(PAST.getTime());
  });
});

describe("featured_at (videos, podcasts)", () => {
  it("is set when featuring on create and null otherwise", async () => {
    const on = await create("video", input({ featured: true }));
    const off = await create("video", input({ featured: false }));
    expect((await videoRow(on.id)).featuredAt).toBeInstanceOf(Date);
    expect((await videoRow(off.id)).featuredAt).toBeNull();
  });

  it("the toggle sets and clears it together with the flag", async () => {
    const { id } = await create("video", input());
    expect(await setFeatured("video", id, true)).toBe(true);
    let row = await videoRow(id);
    expect([row.featured, row.featuredAt instanceof Date]).toEqual([true, true]);
    expect(await setFeatured("video", id, false)).toBe(true);
    row = await videoRow(id);
    expect([row.featured, row.featuredAt]).toEqual([false, null]);
  });

  it("featuring an already featured item keeps its date; saving the form keeps it too", async () => {
    const { id } = await create("podcast", input({ featured: true }));
    const db = await getDb();
    await db.update(schema.podcasts).set({ featuredAt: PAST }).where(eq(schema.podcasts.id, id));
    await setFeatured("podcast", id, true);
    await update("podcast", id, input({ featured: true, title: "Edited" }));
    expect((await getContent("podcast", id))!.featuredAt).toEqual(PAST);
    await update("podcast", id, input({ featured: false }));
    expect((await getContent("podcast", id))!.featuredAt).toBeNull();
  });

  it("types without the flag and unknown ids are refused", async () => {
    const { id } = await create("blog", input());
    expect(await setFeatured("blog", id, true)).toBe(false);
    expect(await setFeatured("video", "00000000-0000-0000-0000-000000000000", true)).toBe(false);
    expect(await setFeatured("video", "not-a-uuid", true)).toBe(false);
  });
});

describe("saving", () => {
  it("sanitises HTML content and stores numbers, text and tags", async () => {
    const { id } = await create(
      "video",
      input({
        title: "Clip",
        content: '<p onclick="x()">Hi</p><script>alert(1)</script>',
        tags: ["a", "b"],
        videoUrl: "https://v.example.com/1",
        duration: 95,
      }),
    );
    const row = await videoRow(id);
    expect(row.content).toBe("<p>Hi</p>");
    expect([row.tags, row.videoUrl, row.duration, row.thumbnailUrl]).toEqual([["a", "b"], "https://v.example.com/1", 95, null]);
  });

  it("content that sanitises to nothing is stored as null", async () => {
    const { id } = await create("blog", input({ content: "<script>alert(1)</script>" }));
    expect((await getContent("blog", id))!.content).toBeNull();
  });

  it("every type keeps its own fields", async () => {
    const blog = await create(
      "blog",
      input({ authorName: "Ann", authorRole: "Editor", readTime: 4, featuredImageUrl: "https://i.example.com/a.jpg" }),
    );
    const interview = await create(
      "interview",
      input({ intervieweeName: "Bo", intervieweeTitle: "CEO", audioUrl: "https://a.example.com/1.mp3", duration: 60 }),
    );
    const feature = await create("special_feature", input({ featureType: "deep_dive", readTime: 7 }));
    expect(await getContent("blog", blog.id)).toMatchObject({
      authorName: "Ann",
      authorRole: "Editor",
      readTime: 4,
      featuredImageUrl: "https://i.example.com/a.jpg",
    });
    expect(await getContent("interview", interview.id)).toMatchObject({
      intervieweeName: "Bo",
      intervieweeTitle: "CEO",
      audioUrl: "https://a.example.com/1.mp3",
      duration: 60,
    });
    expect(await getContent("special_feature", feature.id)).toMatchObject({ featureType: "deep_dive", readTime: 7 });
  });

  it("updating a missing row saves nothing and says so", async () => {
    expect(await update("video", "00000000-0000-0000-0000-000000000000", input())).toEqual({ status: "notFound" });
    expect(await update("video", "nope", input())).toEqual({ status: "notFound" });
    expect(await (await getDb()).select().from(schema.videos)).toEqual([]);
  });

  it("a user who may not save content is refused, and nothing is written", async () => {
    const reader: CurrentUser = { ...ADMIN_USER, id: "reader", role: "reader", isStaff: false, isAdmin: false };
    expect(await saveItem({ type: "video", input: input({ title: "Not mine" }), user: reader })).toEqual({ status: "forbidden" });
    const { id } = await create("video", input({ title: "Kept" }));
    expect(await saveItem({ type: "video", id, input: input({ title: "Changed" }), user: reader })).toEqual({ status: "forbidden" });
    expect((await videoRow(id)).title).toBe("Kept");
    expect(await (await getDb()).select().from(schema.videos)).toHaveLength(1);
  });

  it('a contributor saves a new draft, but publishing or scheduling is refused beside the field (PRODUCT.md "Roles")', async () => {
    const contributor: CurrentUser = { ...ADMIN_USER, id: "writer", role: "contributor", isAdmin: false };
    const draft = await saveItem({ type: "interview", input: input({ title: "My draft", status: "draft" }), user: contributor });
    expect(draft).toMatchObject({ status: "saved", created: true });
    expect(await saveItem({ type: "interview", input: input({ title: "Live", status: "published" }), user: contributor })).toEqual({
      status: "refused",
      fieldErrors: { status: [PUBLISH_REFUSAL] },
    });
    const later = new Date(Date.now() + 86_400_000);
    expect(
      await saveItem({ type: "interview", input: input({ title: "Later", status: "draft", publishAt: later }), user: contributor }),
    ).toEqual({
      status: "refused",
      fieldErrors: { publishAt: [PUBLISH_REFUSAL] },
    });
    const rows = await (await getDb()).select({ title: schema.interviews.title }).from(schema.interviews);
    expect(rows).toEqual([{ title: "My draft" }]);
  });

  it("a contributor edits their own drafts only: not another's, not one that was published", async () => {
    const writer: CurrentUser = { ...ADMIN_USER, id: "writer", role: "contributor", isAdmin: false };
    const other: CurrentUser = { ...writer, id: "other-writer" };
    const created = await saveItem({ type: "blog", input: input({ title: "Mine" }), user: writer });
    if (created.status !== "saved") throw new Error(`not saved: ${JSON.stringify(created)}`);
    const [stored] = await (await getDb()).select({ createdBy: schema.blogs.createdBy }).from(schema.blogs);
    expect(stored).toEqual({ createdBy: "writer" });

    expect(await saveItem({ type: "blog", id: created.id, input: input({ title: "Mine, better" }), user: writer })).toMatchObject({
      status: "saved",
    });
    expect(await saveItem({ type: "blog", id: created.id, input: input({ title: "Not yours" }), user: other })).toEqual({
      status: "forbidden",
    });
    await update("blog", created.id, input({ title: "Mine, better", status: "published" }));
    expect(await saveItem({ type: "blog", id: created.id, input: input({ title: "After publishing" }), user: writer })).toEqual({
      status: "forbidden",
    });
    expect(await saveItem({ type: "blog", id: "00000000-0000-0000-0000-000000000000", input: input(), user: writer })).toEqual({
      status: "notFound",
    });
    const [row] = await (await getDb()).select({ title: schema.blogs.title, status: schema.blogs.status }).from(schema.blogs);
    expect(row).toEqual({ title: "Mine, better", status: "published" });
  });

  it("an editor publishes; compliance, which never edits, is refused", async () => {
    const editor: CurrentUser = { ...ADMIN_USER, id: "editor", role: "editor", isAdmin: false };
    const compliance: CurrentUser = { ...ADMIN_USER, id: "compliance", role: "compliance", isAdmin: false };
    const { id } = await create("video", input({ title: "Desk copy" }));
    expect(await saveItem({ type: "video", id, input: input({ title: "Edited", status: "published" }), user: editor })).toMatchObject({
      status: "saved",
    });
    expect(await saveItem({ type: "video", id, input: input({ title: "Reviewer's edit" }), user: compliance })).toEqual({
      status: "forbidden",
    });
    expect((await videoRow(id)).title).toBe("Edited");
  });
});

describe('an item\'s companies are saved with it (PRODUCT.md "Companies")', () => {
  it("create saves the row and its companies", async () => {
    const [rio, bhp] = [await insertCompany("Rio Tinto"), await insertCompany("BHP Group")];
    const { id } = await create("podcast", input({ companyIds: [rio, bhp] }));
    expect(namesOf(await itemCompanies("podcast", id))).toEqual(["BHP Group", "Rio Tinto"]);
  });

  it("update replaces the set, and an empty list clears it; unset leaves it", async () => {
    const [rio, bhp, fmg] = [await insertCompany("Rio Tinto"), await insertCompany("BHP Group"), await insertCompany("Fortescue")];
    const { id } = await create("blog", input({ companyIds: [rio, bhp] }));
    expect(await update("blog", id, input({ companyIds: [fmg, rio] }))).toEqual({ status: "saved", id, created: false, pending: false });
    expect(namesOf(await itemCompanies("blog", id))).toEqual(["Fortescue", "Rio Tinto"]);
    await update("blog", id, input({ title: "No companies field" }));
    expect(namesOf(await itemCompanies("blog", id))).toEqual(["Fortescue", "Rio Tinto"]);
    await update("blog", id, input({ companyIds: [] }));
    expect(await itemCompanies("blog", id)).toEqual([]);
  });

  it("create naming a company that no longer exists saves nothing: no row, no tags", async () => {
    const rio = await insertCompany("Rio Tinto");
    expect(await saveItem({ type: "video", input: input({ title: "Refused", companyIds: [rio, GONE] }), user: ADMIN_USER })).toEqual({
      status: "refused",
      fieldErrors: { companyIds: [COMPANY_TEXTS.unknownCompanies] },
    });
    const db = await getDb();
    expect(await db.select().from(schema.videos)).toEqual([]);
    expect(await db.select().from(schema.contentCompanies)).toEqual([]);
  });

  it("update naming a company that no longer exists changes neither the row nor its companies", async () => {
    const rio = await insertCompany("Rio Tinto");
    const { id } = await create("video", input({ companyIds: [rio] }));
    const before = await videoRow(id);
    expect(await update("video", id, input({ title: "Changed", status: "published", companyIds: [GONE] }))).toEqual({
      status: "refused",
      fieldErrors: { companyIds: [COMPANY_TEXTS.unknownCompanies] },
    });
    expect(await videoRow(id)).toEqual(before);
    expect(namesOf(await itemCompanies("video", id))).toEqual(["Rio Tinto"]);
  });

  it("companiesByIds gives the companies in the order asked, without unknown ids or repeats", async () => {
    const [rio, bhp] = [await insertCompany("Rio Tinto"), await insertCompany("BHP Group")];
    expect(namesOf(await companiesByIds([bhp, GONE, "nope", rio, bhp.toUpperCase()]))).toEqual(["BHP Group", "Rio Tinto"]);
    expect(await companiesByIds([])).toEqual([]);
  });
});

describe('paid promotion (PRODUCT.md "Paid promotion")', () => {
  const DISCLOSURE = SPONSORSHIP;

  it("saves the flag and the disclosure, and reads them back for the editor", async () => {
    const { id } = await create("interview", input({ status: "draft", paidPromotion: true, ...DISCLOSURE }));
    const row = await getContent("interview", id);
    expect(row).toMatchObject({ paidPromotion: true, ...DISCLOSURE });
    expect(editorValuesFromRow("interview", row!)).toMatchObject({
      paidPromotion: true,
      paidBy: "other",
      disclosureSponsor: DISCLOSURE.disclosureSponsor,
      considerationForm: "cash",
      considerationAmount: "5000",
      considerationCurrency: "AUD",
      considerationUnits: "",
      agreementDate: DISCLOSURE.agreementDate,
      disclosureNote: DISCLOSURE.disclosureNote,
    });
  });

  it("an update that is no longer paid clears the disclosure; one without the flag leaves it", async () => {
    const { id } = await create("video", input({ paidPromotion: true, ...DISCLOSURE }));
    await update("video", id, input({ title: "Untouched flag" }));
    expect(await videoRow(id)).toMatchObject({ title: "Untouched flag", paidPromotion: true, ...DISCLOSURE });
    const cleared = Object.fromEntries(Object.keys(DISCLOSURE).map((column) => [column, null]));
    await update("video", id, input({ paidPromotion: false, ...cleared }));
    expect(await videoRow(id)).toMatchObject({ paidPromotion: false, ...cleared });
  });

  it("a paying company must be one the piece names; nothing is saved otherwise", async () => {
    const named = await insertCompany("Named Co");
    const other = await insertCompany("Unnamed Co");
    const paidBy = (sponsorCompanyId: string) => ({ paidPromotion: true, ...DISCLOSURE, disclosureSponsor: null, sponsorCompanyId });
    const stranger = input({ title: "Paid by a stranger", companyIds: [named], ...paidBy(other) });
    expect(await saveItem({ type: "interview", input: stranger, user: ADMIN_USER })).toEqual({
      status: "refused",
      fieldErrors: { paidBy: ["Choose a company this piece names, or another party"] },
    });
    const { id } = await create("interview", input({ companyIds: [named], ...paidBy(named) }));
    expect(await getContent("interview", id)).toMatchObject({ sponsorCompanyId: named });
    // Dropping the payer from the piece's companies is refused too.
    expect(await update("interview", id, input({ companyIds: [other] }))).toMatchObject({ status: "refused" });
  });

  it("deleting the paying company keeps its name, with its ticker, as the payer", async () => {
    const named = await insertCompany("Gone Mining Ltd");
    const { id } = await create(
      "interview",
      input({ companyIds: [named], paidPromotion: true, ...DISCLOSURE, disclosureSponsor: null, sponsorCompanyId: named }),
    );
    expect(await deleteCompany(named)).toBe(true);
    expect(await getContent("interview", id)).toMatchObject({
      sponsorCompanyId: null,
      disclosureSponsor: expect.stringMatching(/^Gone Mining Ltd \(ASX:T[0-9A-F]{8}\)$/),
    });
  });
});

async function insertCompany(name: string) {
  const db = await getDb();
  const n = crypto.randomUUID().slice(0, 8);
  const [row] = await db
    .insert(schema.companies)
    .values({ name, slug: `company-${n}`, ticker: `T${n.toUpperCase()}`, exchange: "ASX" })
    .returning({ id: schema.companies.id });
  return row.id;
}

const namesOf = (rows: { name: string }[]) => rows.map((row) => row.name);
const GONE = "00000000-0000-4000-8000-00000000dead";
