/**
 * PRODUCT.md "Counters": the one way a view (or listen, for podcasts) of a published item of any type is
 * counted, by the registry's counter column. Who counts and how often is PRODUCT.md "Security"
 * (`visitor.server.ts`); hits arriving together are written together in one statement (`hit-batch.server.ts`),
 * where the lifetime counter and the day's figure move together.
 */
import { type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { createHitBatcher } from "./hit-batch.server";
import { type Visitor } from "./visitor.server";

const batcher = createHitBatcher();

/**
 * Counts the hit when it is the visitor's first of this item in 30 minutes, within its address's allowance
 * (never for a bot: `visitor` null). Either way answers the live count once the batch holding the hit has
 * committed; null when there is no such published item (and then nothing is written, not even allowances).
 */
export async function recordContentHit(
  type: ContentType,
  id: string | undefined,
  visitor: Visitor | null,
  now = Date.now(),
): Promise<number | null> {
  if (!isUuid(id)) return null;
  return batcher.record({ type, id, visitor, at: now });
}
