import { and, asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";
import { REVIEW_MESSAGES } from "~/lib/review";

import { ADMIN_USER, approveItem, COMPLIANCE_USER, createItem as create } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import type { CurrentUser } from "../auth/session.server";
import { getContent } from "../content/admin-content.server";
import { PENDING_EDIT_NOTE, saveItem } from "../content/save-item.server";
import { getDb, schema } from "../db/db.server";
import { reviewOf } from "../revisions/revisions.server";
import { reviewItem } from "./review-item.server";

const DISCLOSURE = SPONSORSHIP;

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

const user = (role: CurrentUser["role"], id = `test-${role}`): CurrentUser => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role,
  isStaff: role !== "reader",
  isAdmin: role === "admin",
  sessionId: `${id}-session`,
});
const EDITOR = user("editor");
const CONTRIBUTOR = user("contributor");

const save = (id: string, values: ContentInput, as: CurrentUser = EDITOR) => saveItem({ type: "interview", id, input: values, user: as });
const paidDraft = (overrides: Partial<ContentInput> = {}) =>
  create("interview", input({ paidPromotion: true, ...DISCLOSURE, ...overrides }));

async function revisionReasons(id: string) {
  const db = await getDb();
  const { contentRevisions: r } = schema;
  const rows = await db
    .select({ reason: r.reason, number: r.number })
    .from(r)
    .where(and(eq(r.contentType, "interview"), eq(r.contentId, id)))
    .orderBy(asc(r.number));
  return rows.map((row) => row.reason);
}

async function insertCompany(isClient: boolean) {
  const db = await getDb();
  const n = crypto.randomUUID().slice(0, 8);
  const [row] = await db
    .insert(schema.companies)
    .values({ name: `Company ${n}`, slug: `company-${n}`, ticker: `T${n.toUpperCase()}`, exchange: "ASX", isClient })
    .returning({ id: schema.companies.id });
  return row!.id;
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, content_reviews, content_revisions`,
  );
});

describe('a piece that needs approval (PRODUCT.md "Review")', () => {
  it("paid: cannot be published or scheduled until compliance approves its text; then it can", async () => {
    const { id } = await paidDraft();
    expect(await save(id, input({ status: "published", paidPromotion: true, ...DISCLOSURE }))).toEqual({
      status: "refused",
      fieldErrors: { status: [REVIEW_MESSAGES.approvalNeeded] },
    });
    const publishAt = new Date("2030-01-01T09:00:00Z");
    expect(await save(id, input({ status: "published", publishAt, paidPromotion: true, ...DISCLOSURE }))).toEqual({
      status: "refused",
      fieldErrors: { publishAt: [REVIEW_MESSAGES.approvalNeeded] },
    });
    expect(await getContent("interview", id)).toMatchObject({ status: "draft", publishedAt: null });

    await approveItem("interview", id);
    expect(await save(id, input({ status: "published", publishAt, paidPromotion: true, ...DISCLOSURE }))).toMatchObject({
      status: "saved",
      pending: false,
    });
    expect(await getContent("interview", id)).toMatchObject({ status: "published", publishedAt: publishAt });
    expect(await revisionReasons(id)).toEqual(["saved", "submitted", "approved", "published"]);
  });

  it("a new paid piece cannot be created published", async () => {
    const result = await saveItem({
      type: "interview",
      input: input({ status: "published", paidPromotion: true, ...DISCLOSURE }),
      user: EDITOR,
    });
    expect(result).toEqual({ status: "refused", fieldErrors: { status: [REVIEW_MESSAGES.approvalNeeded] } });
  });

  it("naming a client company needs approval; naming any other company does not", async () => {
    const client = await insertCompany(true);
    const other = await insertCompany(false);
    const { id } = await create("interview", input({ companyIds: [other] }));
    expect(await save(id, input({ status: "published", companyIds: [other] }))).toMatchObject({ status: "saved" });
    const second = await create("interview", input({ companyIds: [client] }));
    expect(await save(second.id, input({ status: "published", companyIds: [client] }))).toMatchObject({ status: "refused" });
  });

  it("an edit after approval voids it: publishing is refused until the new text is approved", async () => {
    const { id } = await paidDraft();
    await approveItem("interview", id);
    await save(id, input({ title: "Changed after approval", paidPromotion: true, ...DISCLOSURE }));
    expect((await reviewOf("interview", id))?.state).toBe("withdrawn");
    expect(await save(id, input({ title: "Changed after approval", status: "published", paidPromotion: true, ...DISCLOSURE }))).toEqual({
      status: "refused",
      fieldErrors: { status: [REVIEW_MESSAGES.changedSinceReview] },
    });
  });

  it("an edit of a published piece waits for approval while readers keep the approved text", async () => {
    const { id } = await paidDraft({ title: "Approved title" });
    await approveItem("interview", id);
    await save(id, input({ title: "Approved title", status: "published", paidPromotion: true, ...DISCLOSURE }));

    const edit = await save(id, input({ title: "Edited title", status: "published", paidPromotion: true, ...DISCLOSURE }));
    expect(edit).toEqual({ status: "saved", id, created: false, pending: true });
    expect(await getContent("interview", id)).toMatchObject({ title: "Approved title", status: "published" });
    const review = await reviewOf("interview", id);
    expect(review).toMatchObject({ state: "submitted", submitNote: PENDING_EDIT_NOTE, pendingRevisionId: review!.revisionId });

    expect(await reviewItem("interview", id, { intent: "approve", revisionId: review!.revisionId }, COMPLIANCE_USER)).toEqual({
      status: "done",
      message: REVIEW_MESSAGES.approvedLive,
    });
    expect(await getContent("interview", id)).toMatchObject({ title: "Edited title", status: "published" });
    expect((await reviewOf("interview", id))?.pendingRevisionId).toBeNull();
  });

  it("a piece approved while naming a client still needs approval after the company stops being one", async () => {
    // The outside probe's bypass: untick 'Client', edit the published piece live, tick it again.
    const client = await insertCompany(true);
    const { id } = await create("interview", input({ title: "Approved title", companyIds: [client] }));
    await approveItem("interview", id);
    expect((await reviewOf("interview", id))?.approvalRequired).toBe(true);
    await save(id, input({ title: "Approved title", status: "published", companyIds: [client] }));
    expect(await getContent("interview", id)).toMatchObject({ status: "published" });

    const db = await getDb();
    await db.update(schema.companies).set({ isClient: false }).where(eq(schema.companies.id, client));
    const edit = await save(id, input({ title: "Edited while not a client", status: "published", companyIds: [client] }));
    expect(edit).toEqual({ status: "saved", id, created: false, pending: true });
    expect(await getContent("interview", id)).toMatchObject({ title: "Approved title", status: "published" });
  });

  it("an approved draft keeps needing approval too, and a piece approved without needing it does not", async () => {
    const client = await insertCompany(true);
    const other = await insertCompany(false);
    const draft = await create("interview", input({ title: "Draft", companyIds: [client] }));
    await approveItem("interview", draft.id);
    const db = await getDb();
    await db.update(schema.companies).set({ isClient: false }).where(eq(schema.companies.id, client));
    expect(await save(draft.id, input({ title: "Draft, changed", status: "published", companyIds: [client] }))).toEqual({
      status: "refused",
      fieldErrors: { status: [REVIEW_MESSAGES.changedSinceReview] },
    });
    // Sent to review by its contributor, approved, although nothing in it needed approval.
    const plain = await create("interview", input({ title: "Plain", companyIds: [other] }));
    await approveItem("interview", plain.id);
    expect((await reviewOf("interview", plain.id))?.approvalRequired).toBe(false);
    expect(await save(plain.id, input({ title: "Plain, changed", status: "published", companyIds: [other] }))).toMatchObject({
      status: "saved",
      pending: false,
    });
  });

  it("a published piece saved with its text unchanged (the editor's form as it opened, a new time) is saved at once", async () => {
    const client = await insertCompany(true);
    // Published before review existed (the demo catalogue), naming a client company, with no review at all.
    const db = await getDb();
    const [row] = await db
      .insert(schema.interviews)
      .values({ title: "Demo interview", status: "published", publishedAt: new Date("2026-01-01T00:00:00Z") })
      .returning({ id: schema.interviews.id });
    await db.insert(schema.contentCompanies).values({ contentType: "interview", contentId: row!.id, companyId: client });
    const publishAt = new Date("2026-02-01T00:00:00Z");
    expect(await save(row!.id, input({ title: "Demo interview", status: "published", publishAt, companyIds: [client] }))).toMatchObject({
      status: "saved",
      pending: false,
    });
    expect(await getContent("interview", row!.id)).toMatchObject({ publishedAt: publishAt });
    // A changed word is an edit: it waits.
    expect(await save(row!.id, input({ title: "Demo interview!", status: "published", companyIds: [client] }))).toMatchObject({
      pending: true,
    });
    expect(await getContent("interview", row!.id)).toMatchObject({ title: "Demo interview" });
  });

  it("unmarking a published paid piece is itself an edit that waits for approval; unpublishing does not wait", async () => {
    const { id } = await paidDraft();
    await approveItem("interview", id);
    await save(id, input({ status: "published", paidPromotion: true, ...DISCLOSURE }));
    expect(await save(id, input({ status: "published", paidPromotion: false }))).toMatchObject({ pending: true });
    expect(await getContent("interview", id)).toMatchObject({ paidPromotion: true, status: "published" });
    expect(await save(id, input({ status: "draft", paidPromotion: true, ...DISCLOSURE }))).toMatchObject({ pending: false });
    expect(await getContent("interview", id)).toMatchObject({ status: "draft" });
    expect((await reviewOf("interview", id))?.pendingRevisionId).toBeNull();
  });
});

describe("compliance's answer", () => {
  it("only compliance approves or requests changes: an editor, an admin and a contributor are refused", async () => {
    const { id } = await paidDraft();
    await reviewItem("interview", id, { intent: "submit" }, EDITOR);
    const { revisionId } = (await reviewOf("interview", id))!;
    for (const who of [EDITOR, ADMIN_USER, CONTRIBUTOR]) {
      expect(await reviewItem("interview", id, { intent: "approve", revisionId }, who)).toEqual({ status: "forbidden" });
      expect(await reviewItem("interview", id, { intent: "request-changes", revisionId, note: "No" }, who)).toEqual({
        status: "forbidden",
      });
    }
    expect((await reviewOf("interview", id))?.state).toBe("submitted");
  });

  it("a request for changes carries the note back; resubmitting sends the new text", async () => {
    const { id } = await paidDraft();
    await reviewItem("interview", id, { intent: "submit", note: "Please check the amount" }, EDITOR);
    const first = (await reviewOf("interview", id))!;
    expect(first).toMatchObject({ state: "submitted", submitNote: "Please check the amount", submittedBy: EDITOR.name });
    await reviewItem(
      "interview",
      id,
      { intent: "request-changes", revisionId: first.revisionId, note: "Name the currency" },
      COMPLIANCE_USER,
    );
    expect(await reviewOf("interview", id)).toMatchObject({
      state: "changes_requested",
      reviewNote: "Name the currency",
      reviewedBy: "Compliance",
    });

    await save(id, input({ paidPromotion: true, ...DISCLOSURE, considerationAmount: "7600.00" }));
    expect((await reviewOf("interview", id))?.state).toBe("changes_requested");
    await reviewItem("interview", id, { intent: "submit" }, EDITOR);
    const second = (await reviewOf("interview", id))!;
    expect(second.revisionId).not.toBe(first.revisionId);
    expect(second.state).toBe("submitted");
  });

  it("an answer about an older text, or on a piece not waiting, changes nothing", async () => {
    const { id } = await paidDraft();
    expect(await reviewItem("interview", id, { intent: "approve", revisionId: crypto.randomUUID() }, COMPLIANCE_USER)).toEqual({
      status: "refused",
      message: REVIEW_MESSAGES.notWaiting,
    });
    await reviewItem("interview", id, { intent: "submit" }, EDITOR);
    const { revisionId } = (await reviewOf("interview", id))!;
    await reviewItem("interview", id, { intent: "submit" }, EDITOR);
    expect(await reviewItem("interview", id, { intent: "approve", revisionId }, COMPLIANCE_USER)).toEqual({
      status: "refused",
      message: REVIEW_MESSAGES.stale,
    });
    expect((await reviewOf("interview", id))?.state).toBe("submitted");
  });

  it("a contributor submits their own draft, never someone else's; a missing item is not found", async () => {
    const own = await saveItem({ type: "interview", input: input({ paidPromotion: true }), user: CONTRIBUTOR });
    if (own.status !== "saved") throw new Error("expected the contributor's draft to be saved");
    expect(await reviewItem("interview", own.id, { intent: "submit" }, CONTRIBUTOR)).toMatchObject({ status: "done" });
    const other = await paidDraft();
    expect(await reviewItem("interview", other.id, { intent: "submit" }, CONTRIBUTOR)).toEqual({
      status: "refused",
      message: REVIEW_MESSAGES.notSubmittable,
    });
    expect(await reviewItem("interview", crypto.randomUUID(), { intent: "submit" }, EDITOR)).toEqual({ status: "notFound" });
    expect(await reviewItem("interview", "nope", { intent: "submit" }, EDITOR)).toEqual({ status: "notFound" });
    expect(await reviewItem("interview", own.id, { intent: "submit" }, user("reader"))).toEqual({ status: "forbidden" });
  });
});
