/**
 * Strict readings of the days and times people write or forms send, in UTC. `Date` silently rolls an
 * impossible day over (2026-02-30 becomes March 2) and takes year 0, which PostgreSQL refuses: these say null
 * instead. Years 0001 to 9999 only. Pure: server and browser.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The number of days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether year (0001–9999), month (1–12) and day name a day that exists. */
export function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The start (00:00 UTC) of a day written `yyyy-mm-dd`; null when it is not that shape or not a real day. */
export function parseUtcDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (!isRealDay(year, month, day)) return null;
  // A four-digit year in the ISO form is read as written (Date.UTC would read 0001 as 1901).
  return new Date(`${value}T00:00:00.000Z`);
}

/** A minute written `yyyy-mm-ddThh:mm` (a `datetime-local` control's value), read as UTC; null when not a real one. */
export function parseUtcMinute(value: string): Date | null {
  const match = MINUTE.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59) return null;
  return new Date(`${value}:00.000Z`);
}
