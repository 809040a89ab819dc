/** Display rules shared by every page (spec §9). Pure: used on the server and in the browser. */

/** spec §9: K above 1,000 (one decimal), M above 1,000,000; plain number below. */
export function formatViews(count: number | null | undefined): string {
  const n = count ?? 0;
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

/** spec §9: duration in seconds shown as m:ss with two-digit seconds, or 'N/A' when unknown. */
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

/** spec §9: cut to `max` characters and add '...' only when something was cut. */
export function truncate(text: string | null | undefined, max = 150): string {
  const value = text ?? "";
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** Plain text of an HTML fragment (podcast descriptions may contain markup, shown as text). */
export function stripHtml(html: string | null | undefined): string {
  return (html ?? "")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read: the stored value when there is one, else from the text at 200 words a minute (at least 1). */
export function readTimeMinutes(stored: number | null | undefined, html: string | null | undefined): number {
  if (stored != null && stored >= 1) return stored;
  const words = stripHtml(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** spec §9: at most 3 tags, then '+N more'. */
export function visibleTags(tags: readonly string[] | null | undefined, max = 3) {
  const list = tags ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}
