/** Display rules shared by every page (PRODUCT.md "Numbers and words"). Pure: used on the server and in the browser. */

const COUNT_SUFFIXES = ["K", "M", "B"] as const;

/**
 * PRODUCT.md "Numbers and words": K above 1,000 (one decimal), M above 1,000,000; plain number below (B above 1,000,000,000
 * keeps the largest counts short too). A count that rounds to 1000.0 of a unit moves up to the next one
 * (999,950 → '1.0M', never '1000.0K').
 */
export function formatViews(count: number | null | undefined): string {
  const n = count ?? 0;
  if (n < 1_000) return String(n);
  // Whole tenths of the unit, rounded half up, so no floating-point remainder can show.
  let unit = 0;
  let tenths = Math.round(n / 100);
  while (tenths >= 10_000 && unit < COUNT_SUFFIXES.length - 1) {
    unit += 1;
    tenths = Math.round(n / 10 ** (3 * unit + 2));
  }
  return `${Math.floor(tenths / 10)}.${tenths % 10}${COUNT_SUFFIXES[unit]}`;
}

/**
 * A count with its word, singular for exactly one: formatCount(1, "view") → '1 view',
 * formatCount(1_234, "listen") → '1.2K listens'. `exact` prints every digit ('1,234 listens').
 */
export function formatCount(count: number | null | undefined, noun: "view" | "listen", style: "short" | "exact" = "short"): string {
  const n = count ?? 0;
  const number = style === "exact" ? n.toLocaleString("en-US") : formatViews(n);
  return `${number} ${n === 1 ? noun : `${noun}s`}`;
}

/** PRODUCT.md "Numbers and words": duration in seconds shown as m:ss with two-digit seconds, or 'N/A' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "N/A";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// Fixed locale and zone so the server render and the browser agree (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const longDateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** 'Nov 23, 2026'; empty string when there is no date. */
export function formatDate(value: Date | string | null | undefined, style: "short" | "long" = "short"): string {
  if (value == null) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return (style === "long" ? longDateFormat : dateFormat).format(date);
}

/** '2026-11-29 09:40 UTC': a moment to the minute, as the admin's logs and queues show it. */
export function formatUtcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** PRODUCT.md "Numbers and words": cut to `max` characters and add '...' only when something was cut. */
export function truncate(text: string | null | undefined, max = 150): string {
  const value = text ?? "";
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** PRODUCT.md "Numbers and words": at most 3 tags, then '+N more'. */
export function visibleTags(tags: readonly string[] | null | undefined, max = 3) {
  const list = tags ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}
