/**
 * PRODUCT.md "Counters": one view (or listen, for podcasts) of a published item of any type, by the
 * registry's counter column. Who counts and how often is PRODUCT.md "Security" (`visitor.server.ts`); the
 * lifetime counter and the day's figure move together (`countHit`).
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { CONTENT_TABLES, contentColumn } from "../content/content-tables.server";
import { publishedById } from "../content/published.server";
import { countHit } from "./daily-stats.server";
import { isCountedHit, type Visitor } from "./visitor.server";

/**
 * Counts the hit when it is the visitor's first of this item in 30 minutes (never for a bot: `visitor`
 * null). Either way answers the live count; null when there is no such published item.
 */
export async function recordContentHit(
  type: ContentType,
  id: string | undefined,
  visitor: Visitor | null,
  now = Date.now(),
): Promise<number | null> {
  if (!isUuid(id)) return null;
  const table = CONTENT_TABLES[type];
  const counter = CONTENT_REGISTRY[type].counter;
  const column = contentColumn(type, counter);
  // Read first, so hits on unknown ids leave no rows behind in rate_limits.
  const row = await publishedById(table, id, (db) => db.select({ count: column }).from(table).$dynamic());
  if (!row) return null;
  const current = Number(row.count);
  if (!visitor || !(await isCountedHit(counter === "listens" ? "listen" : "view", id, visitor, now))) return current;
  return (await countHit(type, id)) ?? current;
}
