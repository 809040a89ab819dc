/**
 * PRODUCT.md "Audit log": the filters of /admin/audit and its CSV export, read from the address. Pure: a value
 * that is not one the page offers is ignored rather than refused, as the public lists treat a bad page number;
 * only a day that is not a real one ('2026-02-30', year 0000, 'abc') is refused, since the page's date fields
 * never send one and ignoring it would show entries the address did not ask for.
 */
import { AUDIT_ACTIONS, type AuditAction } from "./audit";
import { parseUtcDay } from "./dates";

export interface AuditFilters {
  /** An actor's account id. */
  actor?: string;
  action?: AuditAction;
  /** An item's id, or words in its title as it was. */
  item?: string;
  /** Days in UTC, inclusive: yyyy-mm-dd. */
  from?: string;
  to?: string;
}

/** The filters, or why the address cannot be read (the loaders answer 400 with it). */
export type ParsedAuditFilters = { ok: true; filters: AuditFilters } | { ok: false; error: string };

const DAY_LABELS = { from: "From", to: "To" } as const;

/** The message for a `from` or `to` that is not a real day: "Enter a real date for 'To' as yyyy-mm-dd: '2026-02-30' is not one." */
export function auditDayError(name: keyof typeof DAY_LABELS, value: string): string {
  const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
  return `Enter a real date for '${DAY_LABELS[name]}' as yyyy-mm-dd: '${shown}' is not one.`;
}

// Control characters (a NUL byte) become spaces, as in every search box (PRODUCT.md "Security").
const cleaned = (value: string | null) => (value ?? "").replace(/\p{Cc}/gu, " ").trim();

export function parseAuditFilters(params: URLSearchParams): ParsedAuditFilters {
  const text = (name: string, max: number) => {
    const value = cleaned(params.get(name));
    return value && value.length <= max ? value : undefined;
  };
  const action = params.get("action");
  const days: Pick<AuditFilters, "from" | "to"> = {};
  for (const name of ["from", "to"] as const) {
    const value = cleaned(params.get(name));
    if (!value) continue; // An empty field filters nothing.
    if (!parseUtcDay(value)) return { ok: false, error: auditDayError(name, value) };
    days[name] = value;
  }
  return {
    ok: true,
    filters: {
      actor: text("actor", 100),
      action: (AUDIT_ACTIONS as readonly string[]).includes(action ?? "") ? (action as AuditAction) : undefined,
      item: text("item", 200),
      ...days,
    },
  };
}

/** The filters as query parameters (the pager and the CSV link keep them). */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}
