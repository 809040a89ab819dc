/**
 * The content API's items (PRODUCT.md "Content API"): published items of every type, newest first, with
 * their public fields, absolute URLs, companies and, for a paid item, the disclosure readers see on its page.
 * One statement reads a page; the companies and payers of the page come in one more each.
 */
import { sql, type SQL } from "drizzle-orm";

import { CONTENT_TYPE_LIST, embedPathFor, hasTranscript, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { companyPath, tickerLabel } from "~/lib/disclosure";
import { isUuid } from "~/lib/ids";
import { transcriptFileOf, transcriptFilePath } from "~/lib/transcript-files";

import { tombstonesSince, type Tombstone } from "../content-events/content-events.server";
import { companiesOfItems, itemKey, type ItemCompanyRow } from "../content/item-companies.server";
import {
  itemConsideration,
  itemDisclosure,
  payersOf,
  PROMOTION_COLUMNS_SQL,
  type PromotionColumns,
} from "../content/item-promotion.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { htmlToPlainText } from "../html-text.server";
import { absoluteUrl } from "../seo/site-url.server";
import { encodeCursor, type CompanyRef, type ItemsQuery } from "./api-query.server";

/** A company as an item names it. */
export interface ApiItemCompany {
  slug: string;
  name: string;
  exchange: string;
  ticker: string;
  /** 'ASX:IBG'. */
  ticker_label: string;
  url: string;
}

/** PRODUCT.md "Paid promotion": who paid, what, when, as the item's page says it. Always there on a paid item. */
export interface ApiDisclosure {
  /** The sentence the item's page shows, with the editor's addition and the agreement's date. */
  statement: string;
  payer: string | null;
  /** 'A$7,500 in cash', '250,000 shares'; null for a piece from before the structured fields. */
  paid: string | null;
  /** The agreement's date, YYYY-MM-DD, when recorded. */
  agreement_date: string | null;
}

export interface ApiItem {
  id: string;
  type: ContentType;
  title: string;
  description: string | null;
  tags: string[];
  image_url: string | null;
  published_at: string;
  updated_at: string;
  paid: boolean;
  url: string;
  embed_url: string;
  transcript_url: string | null;
  companies: ApiItemCompany[];
  disclosure: ApiDisclosure | null;
}

export interface ItemsPage {
  items: ApiItem[];
  next_cursor: string | null;
  tombstones?: { id: string; type: ContentType; at: string }[];
}

type ItemRow = PromotionColumns & {
  type: ContentType;
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  image_url: string | null;
  /** ISO 8601 with microseconds, as the cursor keeps it. */
  published_at: string;
  updated_at: string;
  transcript: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Every published item of every type, with the columns the API shows (one SELECT per table, UNION ALL). */
function publicItemsSql(types: readonly ContentType[]): SQL {
  return sql.join(
    CONTENT_TYPE_LIST.filter(({ key }) => types.includes(key)).map(({ key, tableName, fields }) => {
      const image = fields.includes("thumbnailUrl") ? "thumbnail_url" : "featured_image_url";
      return sql`select ${key}::text as type, id, title, description, tags, ${sql.raw(image)} as image_url,
        published_at as sort_at, ${iso("published_at")} as published_at,
        ${iso("greatest(updated_at, published_at)")} as updated_at, greatest(updated_at, published_at) as changed_at,
        ${hasTranscript(key) ? sql.raw("transcript") : sql`null::text`} as transcript, ${PROMOTION_COLUMNS_SQL}
        from ${sql.identifier(tableName)} where ${PUBLIC_NOW_SQL}`;
    }),
    sql` union all `,
  );
}

function namesCompany(ref: CompanyRef): SQL {
  const match = "slug" in ref ? sql`c.slug = ${ref.slug}` : sql`upper(c.exchange) = ${ref.exchange} and upper(c.ticker) = ${ref.ticker}`;
  return sql`exists (select 1 from content_companies cc join companies c on c.id = cc.company_id
    where cc.content_type = item.type and cc.content_id = item.id and ${match})`;
}

/** PRODUCT.md "Content API": one page of items, newest first, and where the next begins. */
export async function listItems(query: ItemsQuery): Promise<ItemsPage> {
  const conditions: SQL[] = [];
  if (query.company) conditions.push(namesCompany(query.company));
  if (query.paid !== undefined) conditions.push(sql`item."paidPromotion" = ${query.paid}`);
  if (query.updated_since) conditions.push(sql`item.changed_at > ${query.updated_since.toISOString()}::timestamptz`);
  if (query.cursor) {
    const [at, id] = query.cursor;
    conditions.push(sql`(item.sort_at, item.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const db = await getDb();
  const types = query.type ? [query.type] : CONTENT_TYPE_LIST.map(({ key }) => key);
  // One more than asked tells whether there is a next page.
  const { rows } = await db.execute<ItemRow>(sql`
    select * from (${publicItemsSql(types)}) as item ${where}
    order by item.sort_at desc, item.id desc
    limit ${query.limit + 1}`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const answer: ItemsPage = {
    items: await toApiItems(page),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.published_at, last.id]) : null,
  };
  // PRODUCT.md "Content API": a client syncing since a time also learns what it must take down.
  if (query.updated_since && !query.cursor) answer.tombstones = (await tombstonesSince(query.updated_since, 1000)).map(apiTombstone);
  return answer;
}

/** PRODUCT.md "Content API": one published item, or null (not a uuid, unknown, not public). */
export async function getItem(id: string): Promise<ApiItem | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const types = CONTENT_TYPE_LIST.map(({ key }) => key);
  const { rows } = await db.execute<ItemRow>(sql`select * from (${publicItemsSql(types)}) as item where item.id = ${id} limit 1`);
  const [item] = await toApiItems(rows);
  return item ?? null;
}

function apiTombstone(tombstone: Tombstone) {
  return { id: tombstone.id, type: tombstone.type, at: tombstone.at.toISOString() };
}

function apiCompany(company: ItemCompanyRow): ApiItemCompany {
  return {
    slug: company.slug,
    name: company.name,
    exchange: company.exchange,
    ticker: company.ticker,
    ticker_label: tickerLabel(company),
    url: absoluteUrl(companyPath(company.slug)),
  };
}

async function toApiItems(rows: readonly ItemRow[]): Promise<ApiItem[]> {
  const [companies, payers] = await Promise.all([
    companiesOfItems(rows.map((row) => ({ contentType: row.type, id: row.id }))),
    payersOf(rows),
  ]);
  return rows.map((row) => {
    const disclosure = itemDisclosure(row.type, row, payers);
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      // A podcast's description may hold markup (PRODUCT.md "Content"); clients get plain text.
      description: row.description ? htmlToPlainText(row.description) || null : null,
      tags: row.tags ?? [],
      image_url: row.image_url ? absoluteUrl(row.image_url) : null,
      published_at: row.published_at,
      updated_at: row.updated_at,
      paid: row.paidPromotion === true,
      url: absoluteUrl(publicUrlFor(row.type, row.id)),
      embed_url: absoluteUrl(embedPathFor(row.type, row.id)),
      transcript_url: row.transcript ? absoluteUrl(transcriptFilePath(row.type, row.id, transcriptFileOf(row.transcript))) : null,
      companies: (companies.get(itemKey(row.type, row.id)) ?? []).map(apiCompany),
      // PRODUCT.md "Paid promotion": no parameter leaves it out of a paid item.
      disclosure: disclosure
        ? {
            statement: [disclosure.statement, disclosure.note, disclosure.agreed ? `Agreement dated ${disclosure.agreed}.` : null]
              .filter(Boolean)
              .join(" "),
            payer: disclosure.sponsor || null,
            paid: itemConsideration(row),
            agreement_date: row.agreementDate,
          }
        : null,
    };
  });
}
