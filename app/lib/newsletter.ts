/**
 * The newsletter box's limits and texts, shared by the box and the server. No validation library here:
 * the box relies on the browser's own email check and the server's messages (PRODUCT.md "Speed").
 */
import type { SubmissionResult } from "@conform-to/react";

/** RFC 5321 limit on an address's length. */
export const MAX_EMAIL_LENGTH = 254;

/** What the box says once an address is stored and no mail can be sent (also after the no-JavaScript redirect). */
export const NEWSLETTER_SUCCESS = "Thanks for subscribing! The latest market insights are on their way to your inbox.";
/**
 * What the box says when a confirmation link is mailed (PRODUCT.md "Newsletter"). The same for every
 * address, new or already subscribed, so the answer never tells whether an address is on the list.
 */
export const NEWSLETTER_CHECK_INBOX = "Almost done! Check your inbox: we've emailed you a link to confirm your subscription.";
/** How long a mailed confirmation link works (PRODUCT.md "Newsletter"). */
export const CONFIRM_LINK_DAYS = 7;

/** Query flag the no-JavaScript form lands back with, so the result shows in the server-rendered page. */
export const NEWSLETTER_RESULT_PARAM = "newsletter";

/** A successful sign-up: stored (no mail can be sent), or a confirmation link is on its way. */
export type NewsletterOutcome = "subscribed" | "confirm";

/** The toast and the box's line for each outcome. */
export const NEWSLETTER_OUTCOMES: Record<NewsletterOutcome, { title: string; message: string }> = {
  subscribed: { title: "Subscribed", message: NEWSLETTER_SUCCESS },
  confirm: { title: "Check your inbox", message: NEWSLETTER_CHECK_INBOX },
};

/** What /resources/newsletter answers the box's fetcher: the outcome, or Conform's reply with the message. */
export type NewsletterReply = { ok: true; outcome: NewsletterOutcome } | { ok: false; result: SubmissionResult<string[]> };
