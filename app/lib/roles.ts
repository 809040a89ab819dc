/**
 * PRODUCT.md "Roles": who may do what. One table, read by the server's checks (every admin loader and action)
 * and by the admin's navigation (a role sees only what it may use). Pure.
 */

/** Every account's role, from least to most rights; every sign-up is a reader. */
export const ROLES = ["reader", "contributor", "editor", "compliance", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that work in the admin area. */
export const STAFF_ROLES = ["contributor", "editor", "compliance", "admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  reader: "Reader",
  contributor: "Contributor",
  editor: "Editor",
  compliance: "Compliance",
  admin: "Admin",
};

/** How messages name someone with each role ('… is now an editor'). */
export const A_PERSON_WITH: Record<Role, string> = {
  reader: "a reader",
  contributor: "a contributor",
  editor: "an editor",
  compliance: "a compliance reviewer",
  admin: "an admin",
};

/** What a role may do. Reading an admin screen and changing what it shows are separate rights. */
export const RIGHTS = [
  /** Open the admin area and its dashboard. */
  "admin.enter",
  /** Read every item in the admin lists and editors, whoever wrote it. */
  "content.read",
  /** Create items; a contributor then edits only their own drafts (`content.editOwnDraft`). */
  "content.create",
  /** Edit any item's fields. */
  "content.edit",
  "content.editOwnDraft",
  /** Send an item to compliance review. */
  "content.submit",
  /** Publish, schedule, archive or unpublish. */
  "content.publish",
  "content.delete",
  "content.feature",
  /** Approve or request changes on a piece that needs approval. */
  "content.review",
  /** Read the companies admin; pick companies for an item. */
  "companies.read",
  /** Create, edit and delete companies. */
  "companies.manage",
  /**
   * Mark or unmark a company as a client, which decides whether the pieces naming it need review: never the
   * right of those whose pieces it is (PRODUCT.md "Review").
   */
  "companies.setClient",
  "media.read",
  "media.upload",
  "media.delete",
  /** Read contact messages and newsletter subscribers. */
  "inbox.read",
  /** Mark, delete and export messages and subscribers. */
  "inbox.manage",
  /** Read the newsletter's editions and their counts. */
  "newsletter.read",
  /** Write, test, schedule and send editions (PRODUCT.md "Newsletter editions"). */
  "newsletter.send",
  /** Accounts and their roles. */
  "users.manage",
  /** The audit log and its export. */
  "audit.read",
  /** Webhook endpoints, their secrets and deliveries (PRODUCT.md "Webhooks"). */
  "webhooks.manage",
  /** A client company's report: its coverage and reach over a period, and its CSV (PRODUCT.md "Client reports"). */
  "reports.read",
  /** Import end-of-day prices and announcements from CSV files at /admin/markets (PRODUCT.md "CSV imports"). */
  "markets.manage",
] as const;
export type Right = (typeof RIGHTS)[number];

const CONTRIBUTOR: readonly Right[] = [
  "admin.enter",
  "content.read",
  "content.create",
  "content.editOwnDraft",
  "content.submit",
  "companies.read",
  "media.read",
  "media.upload",
];

const EDITOR: readonly Right[] = [
  ...CONTRIBUTOR,
  "content.edit",
  "content.publish",
  "content.delete",
  "content.feature",
  "companies.manage",
  "media.delete",
  "newsletter.read",
  "newsletter.send",
  "reports.read",
];

/** Compliance reads everything in the admin and reviews; it never edits (PRODUCT.md "Roles"). */
const COMPLIANCE: readonly Right[] = [
  "admin.enter",
  "content.read",
  "content.review",
  "companies.read",
  "media.read",
  "inbox.read",
  "newsletter.read",
  "audit.read",
  "reports.read",
];

/**
 * Admins may do everything but review: approval is compliance's alone, so no one approves the paid piece they
 * published (PRODUCT.md "Roles").
 */
const ADMIN: readonly Right[] = [
  ...new Set([
    ...EDITOR,
    "companies.setClient",
    "inbox.read",
    "inbox.manage",
    "users.manage",
    "audit.read",
    "webhooks.manage",
    "markets.manage",
  ] as Right[]),
];

const RIGHTS_OF: Record<Role, ReadonlySet<Right>> = {
  reader: new Set(),
  contributor: new Set(CONTRIBUTOR),
  editor: new Set(EDITOR),
  compliance: new Set(COMPLIANCE),
  admin: new Set(ADMIN),
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A stored role as one of ours; anything else (an old 'user', a typo made by hand) is a reader. */
export function roleOf(stored: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(stored ?? "") ? (stored as Role) : "reader";
}

/** Whether `role` holds `right`; never for a value that is not one of the five (data read from outside). */
export function can(role: Role, right: Right): boolean {
  return Object.hasOwn(RIGHTS_OF, role) && RIGHTS_OF[role].has(right);
}

/** A role that works in the admin area (a test checks these are the roles with `admin.enter`). */
export function isStaff(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
