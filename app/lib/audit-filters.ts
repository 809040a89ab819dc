/**
 * PRODUCT.md "Audit log": the filters of /admin/audit and its CSV export, read from the address. Pure: a value
 * that is not one the page offers is ignored rather than refused, as the public lists treat a bad page number.
 */
import { AUDIT_ACTIONS, type AuditAction } from "./audit";

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string, max: number) => {
    // Control characters (a NUL byte) become spaces, as in every search box (PRODUCT.md "Security").
    const value = (params.get(name) ?? "").replace(/\p{Cc}/gu, " ").trim();
    return value && value.length <= max ? value : undefined;
  };
  const action = params.get("action");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return {
    actor: text("actor", 100),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action ?? "") ? (action as AuditAction) : undefined,
    item: text("item", 200),
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
  };
}

/** The filters as query parameters (the pager and the CSV link keep them). */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}
