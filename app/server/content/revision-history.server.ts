/**
 * An item's revisions (PRODUCT.md "Revisions"): the list, a comparison of any two (word by word for text and
 * the body, value by value for the rest), and restoring one as a new save, never rewriting history.
 */
import { diffWords } from "diff";
import { and, desc, eq } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { disclosureText } from "~/lib/disclosure";
import { SPONSORSHIP_COLUMNS } from "~/lib/disclosure-fields";
import { FIELD_SPECS } from "~/lib/editor-fields";
import type { ContentInput } from "~/lib/editor-values";
import { isUuid } from "~/lib/ids";
import { REVISION_REASON_LABELS, type RevisionReason } from "~/lib/review";

import type { CurrentUser } from "../auth/session.server";
import { getDb, schema } from "../db/db.server";
import { htmlToPlainText } from "../html-text.server";
import type { RevisionFields } from "../revisions/revisions.server";
import { CONTENT_TABLES, type ContentTable } from "./content-tables.server";
import { companiesByIds, type ItemCompanyRow } from "./item-companies.server";
import { itemDisclosure, type PromotionColumns } from "./item-promotion.server";
import { saveItem, type SaveItemResult } from "./save-item.server";

const { contentRevisions } = schema;

/** One revision in the list, newest first. */
export interface RevisionEntry {
  id: string;
  number: number;
  at: string;
  by: string;
  why: string;
  note: string | null;
  status: string;
}

/** A word-level difference: text kept, added or removed. */
export interface DiffPart {
  text: string;
  change: "same" | "added" | "removed";
}

/** One field of a comparison: its label, both values as text, and the words that changed. */
export interface FieldComparison {
  label: string;
  changed: boolean;
  parts: DiffPart[];
}

export interface RevisionHistory {
  title: string;
  revisions: RevisionEntry[];
}

/** The item's title and its revisions, newest first; null when there is no such item. */
export async function revisionHistory(type: ContentType, id: string): Promise<RevisionHistory | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const table: ContentTable = CONTENT_TABLES[type];
  const [row] = await db.select({ title: table.title }).from(table).where(eq(table.id, id));
  if (!row) return null;
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.contentId, id)))
    .orderBy(desc(contentRevisions.number));
  return {
    title: row.title,
    revisions: rows.map((revision) => ({
      id: revision.id,
      number: revision.number,
      at: revision.createdAt.toISOString(),
      by: revision.authorName ?? "Unknown",
      why: REVISION_REASON_LABELS[revision.reason as RevisionReason] ?? revision.reason,
      note: revision.note,
      status: revision.status,
    })),
  };
}

/** The revision's fields, or null when it is not one of this item's. */
async function revisionFields(
  type: ContentType,
  id: string,
  revisionId: string,
): Promise<{ number: number; fields: RevisionFields } | null> {
  if (!isUuid(id) || !isUuid(revisionId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ number: contentRevisions.number, fields: contentRevisions.fields })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.contentType, type), eq(contentRevisions.contentId, id)));
  return row ? { number: row.number, fields: row.fields as RevisionFields } : null;
}

/** A revision's fields as readers would read them, labelled, in the editor's order. */
function readableFields(type: ContentType, fields: RevisionFields, companies: ReadonlyMap<string, ItemCompanyRow>): [string, string][] {
  const text = (value: unknown) => (value == null ? "" : Array.isArray(value) ? value.join(", ") : String(value));
  const promotion = Object.fromEntries(
    [...SPONSORSHIP_COLUMNS, "paidPromotion"].map((column) => [column, fields[column] ?? null]),
  ) as PromotionColumns;
  const disclosure = itemDisclosure(type, promotion, companies);
  const named = (fields.companyIds ?? []).map((companyId) => companies.get(companyId)?.name ?? "A deleted company");
  return [
    ["Title", text(fields.title)],
    ["Description", text(fields.description)],
    ["Content", htmlToPlainText(typeof fields.content === "string" ? fields.content : "")],
    ["Tags", text(fields.tags)],
    ...CONTENT_REGISTRY[type].fields.map((field): [string, string] => [FIELD_SPECS[field].label, text(fields[field])]),
    ["Companies", named.join(", ")],
    ["Paid promotion", fields.paidPromotion === true ? "Yes" : "No"],
    ["Disclosure", disclosure ? disclosureText(disclosure) : ""],
    ["Date of the agreement", disclosure?.agreed ?? ""],
  ];
}

/**
 * PRODUCT.md "Revisions": two revisions of the item side by side, field by field, each field's words marked
 * as kept, removed (only in `from`) or added (only in `to`); null when either is not one of the item's.
 */
export async function compareRevisions(type: ContentType, id: string, fromId: string, toId: string) {
  const [from, to] = await Promise.all([revisionFields(type, id, fromId), revisionFields(type, id, toId)]);
  if (!from || !to) return null;
  const companyIds = [...new Set([...(from.fields.companyIds ?? []), ...(to.fields.companyIds ?? [])])];
  const companies = new Map((await companiesByIds(companyIds)).map((company) => [company.id, company]));
  const before = readableFields(type, from.fields, companies);
  const after = readableFields(type, to.fields, companies);
  const fields: FieldComparison[] = before.map(([label, old], index) => {
    const now = after[index]![1];
    const parts: DiffPart[] = diffWords(old, now).map((part) => ({
      text: part.value,
      change: part.added ? "added" : part.removed ? "removed" : "same",
    }));
    return { label, changed: old !== now, parts };
  });
  return { from: from.number, to: to.number, fields };
}

/** The revision's fields as a save's input: its text, companies and sponsorship, with the item's current status and time. */
function inputFrom(type: ContentType, fields: RevisionFields, row: Record<string, unknown>): ContentInput {
  const input: Record<string, unknown> = {
    title: String(fields.title ?? ""),
    description: (fields.description as string | null) ?? null,
    content: (fields.content as string | null) ?? null,
    tags: Array.isArray(fields.tags) ? fields.tags.map(String) : [],
    // Restoring changes the text, never whether or when the piece is live, or 'featured'.
    status: row.status,
    publishAt: row.status === "published" ? row.publishedAt : null,
    featured: row.featured === true,
    companyIds: Array.isArray(fields.companyIds) ? fields.companyIds.map(String) : [],
    paidPromotion: fields.paidPromotion === true,
  };
  for (const column of SPONSORSHIP_COLUMNS) input[column] = fields[column] ?? null;
  for (const field of CONTENT_REGISTRY[type].fields) input[field] = fields[field] ?? null;
  return input as ContentInput;
}

export type RestoreResult = SaveItemResult | { status: "unknownRevision" };

/**
 * PRODUCT.md "Revisions": saves revision `revisionId`'s text as the item's current one, through `saveItem`
 * (so roles, review and the audit log apply as to any save); the new revision says 'Restored from revision N'.
 */
export async function restoreRevision(type: ContentType, id: string, revisionId: string, user: CurrentUser): Promise<RestoreResult> {
  const revision = await revisionFields(type, id, revisionId);
  if (!revision) return { status: "unknownRevision" };
  const db = await getDb();
  const table: ContentTable = CONTENT_TABLES[type];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) return { status: "notFound" };
  return saveItem({ type, id, input: inputFrom(type, revision.fields, row), user, restoredFrom: revision.number });
}
