/**
 * The content API's companies (PRODUCT.md "Content API", "Company pages"): every listed company, A–Z, with
 * how many items visitors can see name it, its page, its embeddable coverage and the API's list of its items.
 */
import { sql, type SQL } from "drizzle-orm";

import { sectorLabel } from "~/lib/companies";
import { companyEmbedPath, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { companyPath, tickerLabel } from "~/lib/disclosure";

import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { absoluteUrl } from "../seo/site-url.server";

export interface ApiCompany {
  id: string;
  slug: string;
  name: string;
  exchange: string;
  ticker: string;
  /** 'ASX:IBG'. */
  ticker_label: string;
  /** The stored sector ('mining'), and its label ('Mining'). */
  sector: string | null;
  sector_label: string | null;
  website: string | null;
  logo_url: string | null;
  description: string | null;
  /** How many published items name it. */
  items: number;
  updated_at: string;
  url: string;
  embed_url: string;
  /** This API's list of the items naming it. */
  items_url: string;
}

type CompanyRow = {
  id: string;
  slug: string;
  name: string;
  exchange: string;
  ticker: string;
  sector: string | null;
  website: string | null;
  logo_url: string | null;
  description: string | null;
  items: number | string;
  updated_at: string;
};

/** The (type, id) of every item visitors can see, naming each company it names. */
function visibleMentionsSql(): SQL {
  return sql.join(
    CONTENT_TYPE_LIST.map(
      ({ key, tableName }) => sql`select company_id from ${sql.identifier(tableName)}
        join content_companies on content_type = ${key} and content_id = id where ${PUBLIC_NOW_SQL}`,
    ),
    sql` union all `,
  );
}

function companiesSql(where: SQL) {
  return sql`
    select c.id, c.slug, c.name, c.exchange, c.ticker, c.sector, c.website, c.logo_url, c.description,
      (select count(*) from (${visibleMentionsSql()}) as mention where mention.company_id = c.id)::int as items,
      to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
    from companies c ${where}
    order by c.name, c.id`;
}

function toApiCompany(row: CompanyRow): ApiCompany {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    exchange: row.exchange,
    ticker: row.ticker,
    ticker_label: tickerLabel(row),
    sector: row.sector,
    sector_label: sectorLabel(row.sector),
    website: row.website,
    logo_url: row.logo_url ? absoluteUrl(row.logo_url) : null,
    description: row.description,
    items: Number(row.items),
    updated_at: row.updated_at,
    url: absoluteUrl(companyPath(row.slug)),
    embed_url: absoluteUrl(companyEmbedPath(row.slug)),
    items_url: absoluteUrl(`/api/v1/items?company=${encodeURIComponent(row.slug)}`),
  };
}

/** PRODUCT.md "Content API": every company, A–Z (a catalogue of listed companies is short: no paging). */
export async function listCompanies(): Promise<{ companies: ApiCompany[] }> {
  const db = await getDb();
  const { rows } = await db.execute<CompanyRow>(companiesSql(sql``));
  return { companies: rows.map(toApiCompany) };
}

/** One company by its slug, or null. */
export async function getCompany(slug: string): Promise<ApiCompany | null> {
  if (slug.length > 200) return null;
  const db = await getDb();
  const { rows } = await db.execute<CompanyRow>(companiesSql(sql`where c.slug = ${slug.toLowerCase()}`));
  return rows[0] ? toApiCompany(rows[0]) : null;
}
