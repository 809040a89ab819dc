/**
 * PRODUCT.md "Content events": each change readers can see leaves its event, written with the change, and the
 * tombstones the content API reads from them. On a real database, through the writes the admin uses.
 */
import { asc, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";

import { insertCompany } from "../../../tests/support/companies";
import { ADMIN_USER, approveItem, COMPLIANCE_USER, createItem, insertVideos } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import { deleteCompany, updateCompany } from "../companies/companies.server";
import { deleteContent } from "../content/admin-content.server";
import { recordDuePublications } from "../content/publications.server";
import { saveItem } from "../content/save-item.server";
import { getDb, schema } from "../db/db.server";
import { reviewItem } from "../review/review-item.server";
import { reviewOf } from "../revisions/revisions.server";
import { tombstonesSince } from "./content-events.server";

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

const save = (id: string, values: ContentInput) => saveItem({ type: "blog", id, input: values, user: ADMIN_USER });

/** The log, oldest first, as (event, subject). */
async function events() {
  const db = await getDb();
  const rows = await db.select().from(schema.contentEvents).orderBy(asc(schema.contentEvents.seq));
  return rows.map((row) => [row.event, row.contentId ?? row.companyId]);
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, companies, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, content_events,
      content_publications, content_reviews, content_revisions, content_corrections cascade`,
  );
});

describe("the event of each write", () => {
  it("a draft saved makes none; publishing, saving while published and unpublishing make theirs", async () => {
    const { id } = await createItem("blog", input());
    await save(id, input({ title: "Still a draft" }));
    expect(await events()).toEqual([]);

    await save(id, input({ status: "published" }));
    await save(id, input({ status: "published", title: "Edited" }));
    await save(id, input({ status: "archived", title: "Edited" }));
    await save(id, input({ status: "draft", title: "Edited" }));
    expect(await events()).toEqual([
      ["content.published", id],
      ["content.updated", id],
      ["content.unpublished", id],
    ]);
  });

  it("an item created published is published; deleting it is deleted; deleting a draft is nothing", async () => {
    const { id } = await createItem("blog", input({ status: "published" }));
    const draft = await createItem("blog", input());
    expect(await deleteContent("blog", id)).toBe(true);
    expect(await deleteContent("blog", draft.id)).toBe(true);
    expect(await events()).toEqual([
      ["content.published", id],
      ["content.deleted", id],
    ]);
  });

  it("a correction is its own event, after the update", async () => {
    const { id } = await createItem("blog", input({ status: "published" }));
    await save(id, input({ status: "published", title: "Fixed", correction: "The title was wrong." }));
    expect((await events()).slice(1)).toEqual([
      ["content.updated", id],
      ["content.corrected", id],
    ]);
  });

  it("a scheduled item is published when the first look after its time notices it, at that time", async () => {
    const { id } = await createItem("blog", input({ status: "published", publishAt: new Date(Date.now() + 3_600_000) }));
    expect(await events()).toEqual([]);
    const db = await getDb();
    const wentLive = new Date(Date.now() - 60_000);
    await db
      .update(schema.blogs)
      .set({ publishedAt: wentLive })
      .where(sql`id = ${id}`);
    expect(await recordDuePublications()).toBe(1);
    expect(await recordDuePublications()).toBe(0);
    const rows = await db.select().from(schema.contentEvents);
    expect(rows).toMatchObject([{ event: "content.published", contentType: "blog", contentId: id, occurredAt: wentLive }]);

    // Moved to a later time it is unpublished; when that time comes, published again.
    await save(id, input({ status: "published", publishAt: new Date(Date.now() + 3_600_000) }));
    const again = new Date(Date.now() - 1000);
    await db
      .update(schema.blogs)
      .set({ publishedAt: again })
      .where(sql`id = ${id}`);
    await recordDuePublications();
    await recordDuePublications();
    expect((await events()).map(([event]) => event)).toEqual(["content.published", "content.unpublished", "content.published"]);
  });

  it("an item published now or back-dated by its save is not published again by the look", async () => {
    const now = await createItem("blog", input({ status: "published" }));
    const backDated = await createItem("blog", input({ status: "published", publishAt: new Date(Date.now() - 3_600_000) }));
    await recordDuePublications();
    expect(await events()).toEqual([
      ["content.published", now.id],
      ["content.published", backDated.id],
    ]);
  });

  it("an approved edit of a published paid piece changes its disclosure", async () => {
    const paid = { paidPromotion: true, ...SPONSORSHIP };
    const { id } = await createItem("interview", input({ title: "Paid", ...paid }));
    await approveItem("interview", id);
    await saveItem({ type: "interview", id, input: input({ title: "Paid", status: "published", ...paid }), user: ADMIN_USER });
    const edit = input({ title: "Paid", status: "published", ...paid, considerationAmount: "9000.00" });
    expect(await saveItem({ type: "interview", id, input: edit, user: ADMIN_USER })).toMatchObject({ pending: true });
    expect((await events()).map(([event]) => event)).toEqual(["content.published"]);

    const review = await reviewOf("interview", id);
    await reviewItem("interview", id, { intent: "approve", revisionId: review!.revisionId }, COMPLIANCE_USER);
    expect(await events()).toEqual([
      ["content.published", id],
      ["content.updated", id],
      ["disclosure.changed", id],
    ]);
  });

  it("a company edited is company.updated; deleting its paying company changes a live piece's disclosure", async () => {
    const payer = await insertCompany({ name: "Ironbark Gold Ltd", slug: "ironbark-gold", ticker: "IBG" });
    // The scheduled piece's disclosure changes too, but no reader has seen it: no event.
    const [live] = await insertVideos([
      { paidPromotion: true, ...SPONSORSHIP, sponsorCompanyId: payer.id },
      { paidPromotion: true, ...SPONSORSHIP, sponsorCompanyId: payer.id, publishedAt: new Date(Date.now() + 3_600_000) },
    ]);
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = payer;
    expect(await updateCompany(payer.id, { ...values, exchange: "ASX", sector: null, name: "Ironbark Gold Limited" })).toMatchObject({
      ok: true,
    });
    expect(await deleteCompany(payer.id)).toBe(true);
    expect(await events()).toEqual([
      ["company.updated", payer.id],
      ["disclosure.changed", live!.id],
      ["company.updated", payer.id],
    ]);
  });
});

describe("tombstones", () => {
  it("lists each item unpublished or deleted since, once, unless it is public again", async () => {
    const since = new Date(Date.now() - 1000);
    const unpublished = await createItem("blog", input({ status: "published" }));
    const deleted = await createItem("blog", input({ status: "published" }));
    const back = await createItem("blog", input({ status: "published" }));
    await save(unpublished.id, input({ status: "archived" }));
    await save(unpublished.id, input({ status: "published" }));
    await save(unpublished.id, input({ status: "draft" }));
    await deleteContent("blog", deleted.id);
    await save(back.id, input({ status: "draft" }));
    await save(back.id, input({ status: "published" }));

    const tombstones = await tombstonesSince(since, 100);
    expect(tombstones.map(({ id, type }) => ({ id, type })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: unpublished.id, type: "blog" },
        { id: deleted.id, type: "blog" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await tombstonesSince(new Date(Date.now() + 60_000), 100)).toEqual([]);
  });
});
