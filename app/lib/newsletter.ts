/**
 * The newsletter box's limits and texts, shared by the box and the server. No validation library here:
 * the box relies on the browser's own email check and the server's messages (PRODUCT.md "Speed").
 */

/** RFC 5321 limit on an address's length. */
export const MAX_EMAIL_LENGTH = 254;

/** What the box says once an address is stored (also after the no-JavaScript redirect). */
export const NEWSLETTER_SUCCESS = "Thanks for subscribing! The latest market insights are on their way to your inbox.";
/** Query flag the no-JavaScript form lands back with, so the result shows in the server-rendered page. */
export const NEWSLETTER_RESULT_PARAM = "newsletter";
