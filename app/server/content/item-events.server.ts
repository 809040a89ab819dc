/**
 * Which content event a write of an item is (PRODUCT.md "Content events"): the item's state read before and
 * after the write, in its transaction, decides between published, updated, unpublished and disclosure changed.
 * An item readers could not see before or after (a draft, an archived or a scheduled item) makes no event.
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import { recordItemEvent } from "../content-events/content-events.server";
import type { Database } from "../db/db.server";
import { PUBLIC_NOW_SQL } from "./published.server";

type Executor = Pick<Database, "insert" | "execute">;

/** What a write may change that readers notice: whether they see the item, and its disclosure. */
export interface ItemState {
  public: boolean;
  disclosure: string;
}

/** The item's state now, in the caller's transaction; null when there is no such item. */
export async function itemState(executor: Executor, type: ContentType, id: string): Promise<ItemState | null> {
  const table = sql.identifier(CONTENT_REGISTRY[type].tableName);
  const { rows } = await executor.execute<{ public: boolean; disclosure: string }>(sql`
    select (${PUBLIC_NOW_SQL}) as public,
      json_build_array(paid_promotion, sponsor_company_id, disclosure_sponsor, consideration_form, consideration_amount,
        consideration_currency, consideration_units, agreement_date, disclosure_note)::text as disclosure
    from ${table} where id = ${id}`);
  const row = rows[0];
  return row ? { public: row.public === true, disclosure: row.disclosure } : null;
}

/** Records what the write that moved the item from `before` (null: it was just created) did, in its transaction. */
export async function recordItemChange(executor: Executor, type: ContentType, id: string, before: ItemState | null) {
  const after = await itemState(executor, type, id);
  const item = { type, id };
  if (!before?.public) {
    if (after?.public) await recordItemEvent(executor, "content.published", item);
    return;
  }
  if (!after?.public) {
    await recordItemEvent(executor, after ? "content.unpublished" : "content.deleted", item);
    return;
  }
  await recordItemEvent(executor, "content.updated", item);
  if (after.disclosure !== before.disclosure) await recordItemEvent(executor, "disclosure.changed", item);
}
