/**
 * PRODUCT.md "Audit log": what the log records, and how the admin names it. Pure.
 */

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "role-change",
  "create",
  "edit",
  "submit",
  "approve",
  "request-changes",
  "publish",
  "unpublish",
  "schedule",
  "feature",
  "unfeature",
  "delete",
  "upload",
  "media-delete",
  "company-create",
  "company-edit",
  "company-client",
  "company-delete",
  "newsletter-send",
  "webhook-create",
  "webhook-edit",
  "webhook-rotate",
  "webhook-delete",
  "report-link-create",
  "report-link-revoke",
  "market-import",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "role-change": "Changed a role",
  create: "Created",
  edit: "Edited",
  submit: "Submitted for review",
  approve: "Approved",
  "request-changes": "Requested changes",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  feature: "Featured",
  unfeature: "Unfeatured",
  delete: "Deleted",
  upload: "Uploaded",
  "media-delete": "Deleted a file",
  "company-create": "Created a company",
  "company-edit": "Edited a company",
  "company-client": "Changed whether a company is a client",
  "company-delete": "Deleted a company",
  "newsletter-send": "Sent a newsletter edition",
  "webhook-create": "Added a webhook endpoint",
  "webhook-edit": "Changed a webhook endpoint",
  "webhook-rotate": "Rotated a webhook secret",
  "webhook-delete": "Deleted a webhook endpoint",
  "report-link-create": "Shared a client report",
  "report-link-revoke": "Revoked a client report link",
  "market-import": "Imported market data",
};

/** Kept at least this long (EU MAR keeps recommendation records 12 months; PRODUCT.md "Audit log"). */
export const AUDIT_RETENTION_MONTHS = 12;
