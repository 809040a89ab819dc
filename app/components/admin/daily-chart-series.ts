/** The series a daily chart can draw (PRODUCT.md "Views over time"), shared by the chart and its lazily loaded plot. */

export type DailySeriesKey = "views" | "listens";

/** One day: a UTC date ('2026-05-13') and the figures of the series drawn. */
export type DailyPoint = { day: string } & Partial<Record<DailySeriesKey, number>>;

/** Label, noun and colour (the theme's variables, so both themes follow) of each series. */
export const DAILY_SERIES: Record<DailySeriesKey, { label: string; noun: "view" | "listen"; color: string }> = {
  views: { label: "Views", noun: "view", color: "var(--primary)" },
  listens: { label: "Listens", noun: "listen", color: "var(--gain)" },
};
