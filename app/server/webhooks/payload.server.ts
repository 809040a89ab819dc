/**
 * PRODUCT.md "Webhooks": the thin JSON body of each event: its `type`, `timestamp` (when the change happened)
 * and `data` with the subject's id, type, page URL, API URL and, for a paid item readers can see, its
 * disclosure (PRODUCT.md "Paid promotion": it travels with the item everywhere). A receiver that wants more asks
 * the content API.
 */
import { eq } from "drizzle-orm";

import { publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { companyPath } from "~/lib/disclosure";

import { getItem, type ApiDisclosure } from "../content-api/api-items.server";
import { getDb, schema } from "../db/db.server";
import { absoluteUrl } from "../seo/site-url.server";

export interface EventRow {
  id: string;
  event: string;
  contentType: ContentType | null;
  contentId: string | null;
  companyId: string | null;
  occurredAt: Date;
}

type ItemData = { id: string; type: ContentType; url: string; api_url: string; disclosure: ApiDisclosure | null };
type CompanyData = { id: string; type: "company"; slug: string | null; url: string | null; api_url: string | null };

export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: ItemData | CompanyData;
}

/** The `webhook-id` of an event: the same for every attempt and every endpoint, so receivers can skip repeats. */
export const messageIdOf = (event: Pick<EventRow, "id">) => `msg_${event.id.replaceAll("-", "")}`;

export async function payloadOf(event: EventRow): Promise<WebhookPayload> {
  return { type: event.event, timestamp: event.occurredAt.toISOString(), data: await dataOf(event) };
}

async function dataOf(event: EventRow): Promise<ItemData | CompanyData> {
  if (event.contentType && event.contentId) {
    // Null once the item is not public (unpublished, deleted): no disclosure to carry then.
    const item = await getItem(event.contentId);
    return {
      id: event.contentId,
      type: event.contentType,
      url: absoluteUrl(publicUrlFor(event.contentType, event.contentId)),
      api_url: absoluteUrl(`/api/v1/items/${event.contentId}`),
      disclosure: item?.disclosure ?? null,
    };
  }
  const db = await getDb();
  const [company] = await db
    .select({ slug: schema.companies.slug })
    .from(schema.companies)
    .where(eq(schema.companies.id, event.companyId!));
  // A deleted company has no page left to point at.
  return {
    id: event.companyId!,
    type: "company",
    slug: company?.slug ?? null,
    url: company ? absoluteUrl(companyPath(company.slug)) : null,
    api_url: company ? absoluteUrl(`/api/v1/companies/${company.slug}`) : null,
  };
}
