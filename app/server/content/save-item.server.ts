/**
 * Saving an item of any type is this one operation (PRODUCT.md "Editor"): it checks what the signed-in user
 * may do, sanitises the rich text, and writes the row and the companies it names in one transaction, then
 * announces the change. The route handler only reads and parses the form and turns the result into an answer;
 * the newsroom's rules (review, revisions, audit entries) hook in here.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import type { ContentInput } from "~/lib/editor-values";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/roles";

import type { CurrentUser } from "../auth/session.server";
import { getDb } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { asTableValues, DISCLOSURE_FIELD_NAMES, featuredColumns } from "./admin-content.server";
import { CONTENT_TABLES, type ContentTable } from "./content-tables.server";
import { setItemCompanies } from "./item-companies.server";
import { sanitizeContentHtml } from "./sanitize.server";

export interface SaveItemRequest {
  type: ContentType;
  /** The item to update; none creates one. */
  id?: string;
  /** The parsed form (`editorSchema`): what the route handler read from the request. */
  input: ContentInput;
  user: CurrentUser;
}

export type SaveItemResult =
  | { status: "saved"; id: string; created: boolean }
  /** Nothing was written; each message belongs beside its field (PRODUCT.md "Companies"). */
  | { status: "refused"; fieldErrors: Partial<Record<keyof ContentInput, string[]>> }
  /** The item to update does not exist (deleted in another tab, or a made-up id). */
  | { status: "notFound" }
  /** The user's role may not create or edit content (PRODUCT.md "Roles"); nothing was written. */
  | { status: "forbidden" };

/** Thrown inside the save's transaction to roll it back when its companies are refused. */
class Refusal extends Error {}

/** PRODUCT.md "Roles": what a role may not publish, archive or schedule, it may only save as a draft. */
export const PUBLISH_REFUSAL = "Your role cannot publish: save this as a draft.";

/** Creates (no id) or updates an item; a database failure is thrown, for the handler to log and answer. */
export async function saveItem({ type, id, input, user }: SaveItemRequest): Promise<SaveItemResult> {
  const created = id === undefined;
  // PRODUCT.md "Roles": a contributor edits only the drafts they created; editors and admins edit anything.
  const ownDraftsOnly = !created && !can(user.role, "content.edit");
  const allowed = created ? can(user.role, "content.create") : !ownDraftsOnly || can(user.role, "content.editOwnDraft");
  if (!allowed) return { status: "forbidden" };
  if ((input.status !== "draft" || input.publishAt) && !can(user.role, "content.publish")) {
    return { status: "refused", fieldErrors: { [input.publishAt ? "publishAt" : "status"]: [PUBLISH_REFUSAL] } };
  }
  if (!created && !isUuid(id)) return { status: "notFound" };
  const table: ContentTable = CONTENT_TABLES[type];
  const values = created ? { ...insertValues(type, input), createdBy: user.id } : updateValues(type, table, input);
  const db = await getDb();
  let outcome: SaveItemResult;
  try {
    outcome = await db.transaction(async (tx): Promise<SaveItemResult> => {
      // The row's companies in the same transaction; a refused company rolls the row back too: nothing is saved.
      const saveCompanies = async (savedId: string): Promise<SaveItemResult> => {
        if (input.companyIds !== undefined) {
          const companies = await setItemCompanies(type, savedId, input.companyIds, tx);
          if (!companies.ok) throw new Refusal(companies.reason === "itemNotFound" ? "The item is gone" : companies.message);
        }
        return { status: "saved", id: savedId, created };
      };
      if (id === undefined) {
        const [row] = await tx.insert(table).values(asTableValues(values)).returning({ id: table.id });
        if (!row) throw new Error(`inserting a ${type} returned no row`);
        return saveCompanies(row.id);
      }
      // One statement for an own-draft edit too: the row must still be the user's draft when it is written.
      const target = ownDraftsOnly ? and(eq(table.id, id), eq(table.createdBy, user.id), eq(table.status, "draft")) : eq(table.id, id);
      const [row] = await tx.update(table).set(asTableValues(values)).where(target).returning({ id: table.id });
      if (row) return saveCompanies(row.id);
      const [exists] = ownDraftsOnly ? await tx.select({ id: table.id }).from(table).where(eq(table.id, id)) : [];
      return exists ? { status: "forbidden" } : { status: "notFound" };
    });
  } catch (error) {
    if (error instanceof Refusal) return { status: "refused", fieldErrors: { companyIds: [error.message] } };
    throw error;
  }
  if (outcome.status === "saved") await announceContentChange();
  return outcome;
}

/** Column values from the parsed input. Rich content is sanitised on write (PRODUCT.md "Security"). */
function columnsFrom(type: ContentType, input: ContentInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    title: input.title,
    description: input.description,
    content: input.content == null ? null : sanitizeContentHtml(input.content) || null,
    tags: input.tags,
    status: input.status,
  };
  if (input.paidPromotion !== undefined) {
    // PRODUCT.md "Paid promotion": the flag and its disclosure are saved together.
    columns.paidPromotion = input.paidPromotion;
    for (const field of DISCLOSURE_FIELD_NAMES) columns[field] = input[field] ?? null;
  }
  for (const field of CONTENT_REGISTRY[type].fields) columns[field] = input[field] ?? null;
  return columns;
}

function insertValues(type: ContentType, input: ContentInput): Record<string, unknown> {
  const now = new Date();
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    // PRODUCT.md "Content": published_at is set when an item becomes published; PRODUCT.md "Scheduled
    // publishing": to the time chosen, when there is one (ahead: scheduled; past: back-dated).
    publishedAt: input.status === "published" ? (input.publishAt ?? now) : null,
  };
  if (CONTENT_REGISTRY[type].featurable) {
    values.featured = input.featured;
    values.featuredAt = input.featured ? now : null;
  }
  return values;
}

/**
 * An update is one statement so the rules read the row's current values: published_at set when the item
 * becomes published (publishedAtOnUpdate), cleared when it leaves; featured_at likewise for the featured
 * flag; updated_at now.
 */
function updateValues(type: ContentType, table: ContentTable, input: ContentInput): Record<string, unknown> {
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    publishedAt: input.status === "published" ? publishedAtOnUpdate(table, input.publishAt) : null,
    updatedAt: sql`now()`,
  };
  if (CONTENT_REGISTRY[type].featurable) Object.assign(values, featuredColumns(type, input.featured));
  return values;
}

/**
 * published_at on an update that leaves the item published (PRODUCT.md "Content", PRODUCT.md "Scheduled
 * publishing"), read from the row's current values:
 * - a chosen time is saved, except that the same minute as the stored time keeps the stored one (the
 *   control shows minutes, so saving an edit unchanged must not move the item in the lists);
 * - no time: kept while the item stays published and its time has come; otherwise now (so clearing a
 *   scheduled item's time publishes it at once).
 */
function publishedAtOnUpdate(t: ContentTable, publishAt: Date | null | undefined): SQL {
  const stillPublished = sql`${t.status} = 'published'`;
  if (publishAt) {
    const chosen = sql`${publishAt.toISOString()}::timestamptz`;
    return sql`case when ${stillPublished} and date_trunc('minute', ${t.publishedAt}) = date_trunc('minute', ${chosen})
      then ${t.publishedAt} else ${chosen} end`;
  }
  return sql`case when ${stillPublished} and ${t.publishedAt} <= now() then ${t.publishedAt} else now() end`;
}
