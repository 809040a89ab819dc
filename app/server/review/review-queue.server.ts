/**
 * PRODUCT.md "Review": the queue at /admin/review (waiting, changes requested, approved but not published),
 * the side bar's count, and one item's review page: the text under review beside what readers see.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { disclosureText } from "~/lib/disclosure";
import { SPONSORSHIP_COLUMNS } from "~/lib/disclosure-fields";
import { FIELD_SPECS } from "~/lib/editor-fields";
import { isUuid } from "~/lib/ids";
import type { ReviewState } from "~/lib/review";

import { CONTENT_TABLES, type ContentTable } from "../content/content-tables.server";
import { companiesByIds, itemCompanyIds, type ItemCompanyRow } from "../content/item-companies.server";
import { itemDisclosure, type PromotionColumns } from "../content/item-promotion.server";
import { sanitizeContentHtml } from "../content/sanitize.server";
import { getDb, schema } from "../db/db.server";
import { getRevision, reviewableFields, reviewOf, type Review, type Revision, type RevisionFields } from "../revisions/revisions.server";

const { contentReviews } = schema;

export interface QueueEntry {
  type: ContentType;
  id: string;
  title: string;
  /** The item's own status (a pending edit of a published piece is 'published'). */
  itemStatus: string;
  state: ReviewState;
  /** An edit of a published piece, waiting: readers see the published text. */
  pendingEdit: boolean;
  submittedBy: string | null;
  submittedAt: Date | null;
  submitNote: string | null;
  reviewedBy: string | null;
  reviewNote: string | null;
}

export type ReviewQueue = Record<"waiting" | "changesRequested" | "approved", QueueEntry[]>;

/** The queue, oldest submission first in each group. Approved pieces leave it once published. */
export async function reviewQueue(): Promise<ReviewQueue> {
  const db = await getDb();
  const reviews = await db
    .select()
    .from(contentReviews)
    .where(inArray(contentReviews.state, ["submitted", "changes_requested", "approved"]))
    .orderBy(asc(contentReviews.submittedAt));
  const items = new Map<string, { title: string; status: string }>();
  for (const { key: type } of CONTENT_TYPE_LIST) {
    const ids = reviews.filter((review) => review.contentType === type).map((review) => review.contentId);
    if (ids.length === 0) continue;
    const table: ContentTable = CONTENT_TABLES[type];
    const rows = await db.select({ id: table.id, title: table.title, status: table.status }).from(table).where(inArray(table.id, ids));
    for (const row of rows) items.set(`${type}:${row.id}`, row);
  }
  const queue: ReviewQueue = { waiting: [], changesRequested: [], approved: [] };
  for (const review of reviews) {
    const item = items.get(`${review.contentType}:${review.contentId}`);
    if (!item) continue;
    const entry = queueEntry(review, item);
    if (review.state === "submitted") queue.waiting.push(entry);
    else if (review.state === "changes_requested") queue.changesRequested.push(entry);
    else if (item.status !== "published") queue.approved.push(entry);
  }
  return queue;
}

function queueEntry(review: Review, item: { title: string; status: string }): QueueEntry {
  return {
    type: review.contentType,
    id: review.contentId,
    title: item.title,
    itemStatus: item.status,
    state: review.state as ReviewState,
    pendingEdit: review.pendingRevisionId !== null,
    submittedBy: review.submittedBy,
    submittedAt: review.submittedAt,
    submitNote: review.submitNote,
    reviewedBy: review.reviewedBy,
    reviewNote: review.reviewNote,
  };
}

/** The side bar's count: pieces waiting for compliance. */
export async function countWaitingForReview(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contentReviews)
    .where(eq(contentReviews.state, "submitted"));
  return row?.count ?? 0;
}

/** A text as the review page shows it: its fields and the companies it names, by name. */
export interface ReviewText {
  fields: RevisionFields;
  companies: ItemCompanyRow[];
}

export interface ItemReview {
  type: ContentType;
  id: string;
  title: string;
  itemStatus: string;
  createdBy: string | null;
  review: Review | null;
  /** The revision the review is about (submitted, or last answered). */
  underReview: (ReviewText & { revision: Revision }) | null;
  /** What readers see (or would, for a draft): the item's row. */
  current: ReviewText;
}

/** One item's review page, or null when there is no such item. */
export async function itemReview(type: ContentType, id: string): Promise<ItemReview | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const table: ContentTable = CONTENT_TABLES[type];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) return null;
  const review = await reviewOf(type, id);
  const revision = review ? await getRevision(type, id, review.revisionId) : null;
  const currentFields = reviewableFields(type, row, await itemCompanyIds(type, id, db));
  const withCompanies = async (fields: RevisionFields): Promise<ReviewText> => ({
    fields,
    companies: await companiesByIds(fields.companyIds),
  });
  return {
    type,
    id,
    title: row.title,
    itemStatus: row.status,
    createdBy: row.createdBy,
    review,
    underReview: revision ? { revision, ...(await withCompanies(revision.fields as RevisionFields)) } : null,
    current: await withCompanies(currentFields),
  };
}

/** A text as the review page lists it: labelled values, the companies and the sanitised body. */
export interface ReviewTextView {
  rows: { label: string; value: string }[];
  companies: { id: string; name: string; ticker: string; exchange: string; isClient: boolean }[];
  contentHtml: string;
}

export function reviewTextView(type: ContentType, { fields, companies }: ReviewText): ReviewTextView {
  const text = (value: unknown) => (value == null || value === "" ? "—" : Array.isArray(value) ? value.join(", ") || "—" : String(value));
  const rows = [
    { label: "Title", value: text(fields.title) },
    { label: "Description", value: text(fields.description) },
    { label: "Tags", value: text(fields.tags) },
    ...CONTENT_REGISTRY[type].fields.map((field) => ({ label: FIELD_SPECS[field].label, value: text(fields[field]) })),
    { label: "Paid promotion", value: fields.paidPromotion === true ? "Yes" : "No" },
    ...disclosureRows(type, fields, companies),
  ];
  return {
    rows,
    companies: companies.map(({ id, name, ticker, exchange, isClient }) => ({ id, name, ticker, exchange, isClient })),
    contentHtml: typeof fields.content === "string" ? sanitizeContentHtml(fields.content) : "",
  };
}

/** PRODUCT.md "Paid promotion": a paid text's disclosure as readers will read it, and the agreement's date. */
function disclosureRows(type: ContentType, fields: ReviewText["fields"], companies: ReviewText["companies"]) {
  const promotion = Object.fromEntries(
    [...SPONSORSHIP_COLUMNS, "paidPromotion"].map((column) => [column, fields[column] ?? null]),
  ) as PromotionColumns;
  const disclosure = itemDisclosure(type, promotion, new Map(companies.map((company) => [company.id, company])));
  if (!disclosure) return [];
  return [
    { label: "Disclosure", value: disclosureText(disclosure) },
    { label: "Date of the agreement", value: disclosure.agreed ?? "—" },
  ];
}

/** The editor's review line (PRODUCT.md "Review"): the state, compliance's last note, and the review page. */
export async function reviewSummary(type: ContentType, id: string) {
  const review = isUuid(id) ? await reviewOf(type, id) : null;
  return {
    state: (review?.state ?? null) as ReviewState | null,
    pendingEdit: review?.pendingRevisionId != null,
    reviewNote: review?.state === "changes_requested" ? review.reviewNote : null,
    reviewedBy: review?.reviewedBy ?? null,
    href: `/admin/review/${CONTENT_REGISTRY[type].slug}/${id}`,
  };
}
