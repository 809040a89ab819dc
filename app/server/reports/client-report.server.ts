/**
 * PRODUCT.md "Client reports": one company's coverage and its reach over a period, from the daily figures
 * (content_daily_stats, content_daily_audience, content_daily_plays, content_daily_mail) and the IAB
 * downloads (podcast_downloads, and the daily figures podcast_daily_downloads keeps of days past retention).
 * A deleted item's figures stay; deleted_items lists it (PRODUCT.md "Client reports"). Five statements
 * whatever the number of items: the company, then, together, the items' figures (mail included), the daily
 * series with the period's totals, the audience, and the disclosure register filtered to the period.
 */
import { sql } from "drizzle-orm";

import { NO_MAIL, periodDays, type MailFigures, type ReportPeriod } from "~/lib/client-report";
import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { EPISODE_TYPES } from "~/lib/measurement";
import { averageSeconds, PLAYED_TYPES, type PlayFigures } from "~/lib/play-marks";

import { companyBySlug } from "../companies/company-pages.server";
import { disclosureRegister, type RegisterEntry } from "../companies/disclosure-register.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";
import { absoluteUrl } from "../seo/site-url.server";

/** One item naming the company, with its figures over the period. */
export interface ReportItem {
  type: ContentType;
  id: string;
  typeLabel: string;
  title: string;
  /** The item's public page, absolute (a deleted item's page is gone: show 'Deleted' instead of a link). */
  url: string;
  /** Deleted since it was published: its figures stay in the report (PRODUCT.md "Client reports"). */
  deleted: boolean;
  publishedAt: string;
  /** Whether `hits` are listens (podcasts) or views (every other type). */
  counter: "views" | "listens";
  /** Views or listens: the day's counted hits summed over the period. */
  hits: number;
  /** The days' unique visitors summed over the period. */
  uniques: number;
  /** IAB downloads; null for a type that is never an episode (videos, posts, special features). */
  downloads: number | null;
  /** Distinct listeners of the episode per day, summed over days; null as for downloads. */
  listeners: number | null;
  /** What the players reported, on our pages and in embeds; null for a type without a player. */
  plays: PlayFigures | null;
  /** Newsletter and alert mails carrying the item, and presses of its link in them (PRODUCT.md "Client reports"). */
  mail: MailFigures;
}

export type { MailFigures, PlayFigures };

export interface ReportTotals {
  views: number;
  listens: number;
  uniques: number;
  downloads: number;
  /**
   * The items' listeners summed (each episode's distinct listeners per day): a listener of two episodes on one
   * day is two. Per-listener rows are rolled up after retention, so a distinct count across episodes could
   * not be kept for older days (PRODUCT.md "Client reports").
   */
  listeners: number;
  plays: PlayFigures;
  mail: MailFigures;
}

/** One day of the period: views, listens and downloads of the company's items, zero when none. */
export interface ReportDay {
  day: string;
  views: number;
  listens: number;
  downloads: number;
}

/** One line of an audience table: a referrer group or a device class, and its hits. */
export interface AudienceLine {
  value: string;
  hits: number;
}

export interface ClientReport {
  company: { name: string; tickerLabel: string; slug: string };
  period: ReportPeriod;
  generatedAt: string;
  items: ReportItem[];
  totals: ReportTotals;
  daily: ReportDay[];
  referrers: AudienceLine[];
  devices: AudienceLine[];
  /** The sites embedding the company's items, by host: the frames' loads (counted views) and the plays in them. */
  embeds: { host: string; loads: number; plays: number }[];
  /** The paid pieces of the disclosure register published within the period. */
  disclosures: RegisterEntry[];
}

const LISTEN_TYPES = CONTENT_TYPE_LIST.filter((info) => info.counter === "listens").map((info) => info.key);
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The published items naming the company, published by the period's last day (a later one has nothing in it),
 * and those deleted since that named it when deleted, as a table `items(content_type, id, title, published_at,
 * deleted)`. Table names come from the registry, never from input.
 */
function itemsOf(companyId: string, period: ReportPeriod) {
  const publishedBy = sql`published_at < (${period.to}::date + 1)::timestamp at time zone 'UTC'`;
  return sql`(${sql.join(
    [
      ...CONTENT_TYPE_LIST.map(
        ({ key, tableName }) => sql`select ${key}::text as content_type, id, title, published_at, false as deleted
        from ${sql.identifier(tableName)} join content_companies on content_type = ${key} and content_id = id
        where company_id = ${companyId} and ${PUBLIC_NOW_SQL} and ${publishedBy}`,
      ),
      sql`select content_type, content_id as id, title, published_at, true as deleted
        from deleted_items where ${companyId}::uuid = any(company_ids) and ${publishedBy}`,
    ],
    sql` union all `,
  )})`;
}

/**
 * PRODUCT.md "Measurement": every episode's downloads per day as `downloads(episode_type, episode_id, day,
 * downloads, listeners)`: the recent per-listener rows (one download, one listener each: its key is the
 * episode, day and listener) and the daily figures of the days rolled up, so a figure is the same before
 * and after the rollup.
 */
const EPISODE_DOWNLOADS = sql`(
  select episode_type, episode_id, day, 1 as downloads, 1 as listeners from podcast_downloads
  union all
  select episode_type, episode_id, day, downloads, listeners from podcast_daily_downloads)`;

const num = (value: number | string | null | undefined) => Number(value ?? 0);

/** The report of the company with this slug over `period`, or null when there is no such company. */
export async function clientReport(slug: string, period: ReportPeriod, now = new Date()): Promise<ClientReport | null> {
  const company = await companyBySlug(slug);
  if (!company) return null;
  const db = await getDb();
  const items = itemsOf(company.id, period);
  const inPeriod = (column: string) => sql`${sql.identifier(column)} between ${period.from}::date and ${period.to}::date`;

  const itemRows = db.execute<{
    content_type: ContentType;
    id: string;
    title: string;
    published_at: string | Date;
    deleted: boolean;
    hits: number | string;
    uniques: number | string;
    downloads: number | string;
    listeners: number | string;
    plays: number | string;
    q25: number | string;
    q50: number | string;
    q75: number | string;
    q100: number | string;
    seconds: number | string;
    newsletter_sends: number | string;
    newsletter_clicks: number | string;
    alert_sends: number | string;
    alert_clicks: number | string;
  }>(sql`
    with items as ${items},
    stats as (
      select s.content_type, s.content_id, sum(s.hits) as hits, sum(s.uniques) as uniques
      from content_daily_stats s join items i on i.content_type = s.content_type and i.id = s.content_id
      where ${inPeriod("day")}
      group by s.content_type, s.content_id),
    downloads as (
      select p.episode_type, p.episode_id, sum(p.downloads) as downloads, sum(p.listeners) as listeners
      from ${EPISODE_DOWNLOADS} p join items i on i.content_type = p.episode_type and i.id = p.episode_id
      where ${inPeriod("day")}
      group by p.episode_type, p.episode_id),
    plays as (
      select p.content_type, p.content_id, sum(p.plays) as plays, sum(p.q25) as q25, sum(p.q50) as q50,
             sum(p.q75) as q75, sum(p.q100) as q100, sum(p.seconds) as seconds
      from content_daily_plays p join items i on i.content_type = p.content_type and i.id = p.content_id
      where ${inPeriod("day")}
      group by p.content_type, p.content_id),
    mail as (
      select m.content_type, m.content_id,
             sum(m.sends) filter (where m.channel = 'newsletter') as newsletter_sends,
             sum(m.clicks) filter (where m.channel = 'newsletter') as newsletter_clicks,
             sum(m.sends) filter (where m.channel = 'alert') as alert_sends,
             sum(m.clicks) filter (where m.channel = 'alert') as alert_clicks
      from content_daily_mail m join items i on i.content_type = m.content_type and i.id = m.content_id
      where ${inPeriod("day")}
      group by m.content_type, m.content_id)
    select items.content_type, items.id, items.title, items.published_at, items.deleted,
           coalesce(stats.hits, 0)::bigint as hits, coalesce(stats.uniques, 0)::bigint as uniques,
           coalesce(downloads.downloads, 0)::bigint as downloads, coalesce(downloads.listeners, 0)::bigint as listeners,
           coalesce(plays.plays, 0)::bigint as plays, coalesce(plays.q25, 0)::bigint as q25,
           coalesce(plays.q50, 0)::bigint as q50, coalesce(plays.q75, 0)::bigint as q75,
           coalesce(plays.q100, 0)::bigint as q100, coalesce(plays.seconds, 0)::bigint as seconds,
           coalesce(mail.newsletter_sends, 0)::bigint as newsletter_sends,
           coalesce(mail.newsletter_clicks, 0)::bigint as newsletter_clicks,
           coalesce(mail.alert_sends, 0)::bigint as alert_sends, coalesce(mail.alert_clicks, 0)::bigint as alert_clicks
    from items
    left join stats on stats.content_type = items.content_type and stats.content_id = items.id
    left join downloads on downloads.episode_type = items.content_type and downloads.episode_id = items.id
    left join plays on plays.content_type = items.content_type and plays.content_id = items.id
    left join mail on mail.content_type = items.content_type and mail.content_id = items.id
    order by ${NEWEST_PUBLISHED_SQL}`);

  // Every day of the period, zero-filled.
  const dayRows = db.execute<{
    day: string;
    views: number | string;
    listens: number | string;
    downloads: number | string;
  }>(sql`
    with items as ${items},
    days as (select ${period.from}::date + n as day from generate_series(0, ${periodDays(period) - 1}::int) as n),
    stats as (
      select s.day,
             sum(s.hits) filter (where s.content_type not in (${inList(LISTEN_TYPES)})) as views,
             sum(s.hits) filter (where s.content_type in (${inList(LISTEN_TYPES)})) as listens
      from content_daily_stats s join items i on i.content_type = s.content_type and i.id = s.content_id
      where ${inPeriod("day")}
      group by s.day),
    per_day as (
      select p.day, sum(p.downloads) as downloads
      from ${EPISODE_DOWNLOADS} p join items i on i.content_type = p.episode_type and i.id = p.episode_id
      where ${inPeriod("day")}
      group by p.day)
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(stats.views, 0)::bigint as views, coalesce(stats.listens, 0)::bigint as listens,
           coalesce(per_day.downloads, 0)::bigint as downloads
    from days
    left join stats on stats.day = days.day
    left join per_day on per_day.day = days.day
    order by days.day`);

  const audienceRows = db.execute<{ dimension: "referrer" | "device"; value: string; hits: number | string }>(sql`
    with items as ${items}
    select a.dimension, a.value, sum(a.hits)::bigint as hits
    from content_daily_audience a join items i on i.content_type = a.content_type and i.id = a.content_id
    where ${inPeriod("day")} and a.dimension in ('referrer', 'device')
    group by a.dimension, a.value
    order by hits desc, a.value`);

  const embedRows = db.execute<{ host: string; loads: number | string; plays: number | string }>(sql`
    with items as ${items},
    loads as (
      select a.value as host, sum(a.hits) as loads
      from content_daily_audience a join items i on i.content_type = a.content_type and i.id = a.content_id
      where ${inPeriod("day")} and a.dimension = 'embed_host'
      group by a.value),
    plays as (
      select p.host, sum(p.plays) as plays
      from content_daily_plays p join items i on i.content_type = p.content_type and i.id = p.content_id
      where ${inPeriod("day")} and p.host <> ''
      group by p.host)
    select host, coalesce(loads.loads, 0)::bigint as loads, coalesce(plays.plays, 0)::bigint as plays
    from loads full join plays using (host)
    order by loads desc, plays desc, host`);

  const [itemResult, dayResult, audienceResult, embedResult, register] = await Promise.all([
    itemRows,
    dayRows,
    audienceRows,
    embedRows,
    disclosureRegister(company.id),
  ]);

  const reportItems = itemResult.rows.map((row): ReportItem => {
    const info = CONTENT_REGISTRY[row.content_type];
    const isEpisode = (EPISODE_TYPES as readonly string[]).includes(row.content_type);
    return {
      type: row.content_type,
      id: row.id,
      typeLabel: info.label,
      title: row.title,
      url: absoluteUrl(publicUrlFor(row.content_type, row.id)),
      deleted: row.deleted === true,
      publishedAt: new Date(row.published_at).toISOString(),
      counter: info.counter,
      hits: num(row.hits),
      uniques: num(row.uniques),
      downloads: isEpisode ? num(row.downloads) : null,
      listeners: isEpisode ? num(row.listeners) : null,
      plays: (PLAYED_TYPES as readonly string[]).includes(row.content_type)
        ? { plays: num(row.plays), q25: num(row.q25), q50: num(row.q50), q75: num(row.q75), q100: num(row.q100), seconds: num(row.seconds) }
        : null,
      mail: {
        newsletterSends: num(row.newsletter_sends),
        newsletterClicks: num(row.newsletter_clicks),
        alertSends: num(row.alert_sends),
        alertClicks: num(row.alert_clicks),
      },
    };
  });
  const daily = dayResult.rows.map((row) => ({
    day: row.day,
    views: num(row.views),
    listens: num(row.listens),
    downloads: num(row.downloads),
  }));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const totals: ReportTotals = {
    views: sum(reportItems.filter((item) => item.counter === "views").map((item) => item.hits)),
    listens: sum(reportItems.filter((item) => item.counter === "listens").map((item) => item.hits)),
    uniques: sum(reportItems.map((item) => item.uniques)),
    downloads: sum(reportItems.map((item) => item.downloads ?? 0)),
    listeners: sum(reportItems.map((item) => item.listeners ?? 0)),
    plays: sumPlays(reportItems.map((item) => item.plays)),
    mail: sumMail(reportItems.map((item) => item.mail)),
  };
  const audience = (dimension: "referrer" | "device") =>
    audienceResult.rows.filter((row) => row.dimension === dimension).map((row) => ({ value: row.value, hits: num(row.hits) }));
  const from = Date.parse(`${period.from}T00:00:00Z`);
  const until = Date.parse(`${period.to}T00:00:00Z`) + 86_400_000;
  return {
    company: { name: company.name, tickerLabel: company.tickerLabel, slug: company.slug },
    period,
    generatedAt: now.toISOString(),
    items: reportItems,
    totals,
    daily,
    referrers: audience("referrer"),
    devices: audience("device"),
    embeds: embedResult.rows.map((row) => ({ host: row.host, loads: num(row.loads), plays: num(row.plays) })),
    disclosures: register.filter((entry) => {
      const at = Date.parse(entry.publishedAt);
      return at >= from && at < until;
    }),
  };
}

const NO_PLAYS: PlayFigures = { plays: 0, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 0 };

/** The plays of several items added up. */
function sumPlays(figures: (PlayFigures | null)[]): PlayFigures {
  return figures.reduce<PlayFigures>((total, item) => {
    if (!item) return total;
    return {
      plays: total.plays + item.plays,
      q25: total.q25 + item.q25,
      q50: total.q50 + item.q50,
      q75: total.q75 + item.q75,
      q100: total.q100 + item.q100,
      seconds: total.seconds + item.seconds,
    };
  }, NO_PLAYS);
}

/** The mail figures of several items added up. */
function sumMail(figures: MailFigures[]): MailFigures {
  return figures.reduce<MailFigures>(
    (total, item) => ({
      newsletterSends: total.newsletterSends + item.newsletterSends,
      newsletterClicks: total.newsletterClicks + item.newsletterClicks,
      alertSends: total.alertSends + item.alertSends,
      alertClicks: total.alertClicks + item.alertClicks,
    }),
    NO_MAIL,
  );
}

/** The columns of the report's per-item table, as the CSV names them. */
export const CLIENT_REPORT_HEADER = [
  "Title",
  "Type",
  "URL",
  "Published",
  "Views",
  "Listens",
  "Uniques",
  "Downloads",
  "Listeners",
  "Plays",
  "Reached 25%",
  "Reached 50%",
  "Reached 75%",
  "Completed",
  "Average seconds played",
  // Last, so the columns before them keep their places for whoever reads the file by position.
  "Newsletter sends",
  "Newsletter clicks",
  "Alert sends",
  "Alert clicks",
];

const playColumns = (figures: PlayFigures | null) =>
  figures
    ? [figures.plays, figures.q25, figures.q50, figures.q75, figures.q100, averageSeconds(figures)]
    : [null, null, null, null, null, null];

const mailColumns = (figures: MailFigures) => [figures.newsletterSends, figures.newsletterClicks, figures.alertSends, figures.alertClicks];

/**
 * The per-item table as CSV rows, then a TOTAL row: each column's sum. Views and listens have their own
 * columns, so a sum down either means one thing. A deleted item's URL cell says 'Deleted' (its page is gone).
 */
export function clientReportRows(report: ClientReport): (string | number | null)[][] {
  const rows = report.items.map((item) => [
    item.title,
    item.typeLabel,
    item.deleted ? "Deleted" : item.url,
    item.publishedAt.slice(0, 10),
    item.counter === "views" ? item.hits : null,
    item.counter === "listens" ? item.hits : null,
    item.uniques,
    item.downloads,
    item.listeners,
    ...playColumns(item.plays),
    ...mailColumns(item.mail),
  ]);
  const { totals } = report;
  return [
    ...rows,
    [
      "TOTAL",
      null,
      null,
      null,
      totals.views,
      totals.listens,
      totals.uniques,
      totals.downloads,
      totals.listeners,
      ...playColumns(totals.plays),
      ...mailColumns(totals.mail),
    ],
  ];
}
