/**
 * PRODUCT.md "Content events": the changes readers can see, one list for the event log's column (its check
 * constraint), the content API and the webhooks endpoints subscribe to. Pure.
 */
export const CONTENT_EVENTS = [
  "content.published",
  "content.updated",
  "content.unpublished",
  "content.deleted",
  "content.corrected",
  "disclosure.changed",
  "company.updated",
] as const;
export type ContentEvent = (typeof CONTENT_EVENTS)[number];
