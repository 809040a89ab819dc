/**
 * The editor's 'Publish at' time (PRODUCT.md "Scheduled publishing"). A `datetime-local` control has no
 * time zone: without scripts its value is read as UTC; once the page's scripts run, the browser shows it
 * in the editor's own zone and sends the instant as an ISO time with `Z`. Pure: server and browser.
 */

import { isRealDay } from "./dates";

/** PRODUCT.md "Scheduled publishing": a publication time from 2000… */
export const EARLIEST_PUBLISH_TIME = Date.UTC(2000, 0, 1);

/** …to at most this many years ahead. */
export const PUBLISH_YEARS_AHEAD = 5;

/** The latest publication time accepted at `now`. */
export function latestPublishTime(now: number): number {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + PUBLISH_YEARS_AHEAD);
  return latest.getTime();
}

/** `YYYY-MM-DDTHH:mm`, optional seconds and fraction, optional `Z` or `±HH:MM`. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The parts of a written time, checked: null for 2026-02-30 or 25:00, which Date would silently roll over. */
function dateTimeParts(text: string) {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", fraction = "0", zone] = match;
  const parts = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    ms: Number(fraction.padEnd(3, "0")),
    zone,
  };
  const real = isRealDay(parts.year, parts.month, parts.day) && parts.hour < 24 && parts.minute < 60 && parts.second < 60;
  return real ? parts : null;
}

/** Minutes east of UTC for `Z` / `±HH:MM` (none: UTC); null for an offset no place has. */
function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone === "Z") return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 14 || minutes >= 60) return null;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * A publication time as the form sends it: `2026-11-23T14:05` (read as UTC, the control's value without
 * scripts) or an ISO time with `Z` or an offset (sent by the browser). null when it is not a real time.
 */
export function parsePublishTime(text: string): Date | null {
  const parts = dateTimeParts(text);
  if (!parts) return null;
  const offset = offsetMinutes(parts.zone);
  if (offset === null) return null;
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  date.setUTCHours(parts.hour, parts.minute - offset, parts.second, parts.ms);
  return date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The control's value for `date` in UTC: `2026-11-23T14:05`. */
export function utcInputValue(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The control's value for `date` in the browser's time zone. */
export function localInputValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * What the browser sends for the control's local value: the instant as an ISO time in UTC. A value that
 * is not a local time is sent as it is, for the server to refuse with its message.
 */
export function localInputToIso(value: string): string {
  const parts = dateTimeParts(value);
  if (!parts || parts.zone) return value;
  const date = new Date(0);
  date.setFullYear(parts.year, parts.month - 1, parts.day);
  date.setHours(parts.hour, parts.minute, parts.second, parts.ms);
  return date.toISOString();
}

// A fixed locale and zone, so the server's render and the browser's agree (the admin lists' dates are UTC too).
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** 'Nov 23, 2026, 14:05 UTC'. */
export function formatPublishTime(date: Date): string {
  return `${dateTimeFormat.format(date)} UTC`;
}
