/** The contact form's fields and limits, shared by the page and the server (the parsing is in server/inbox/contact-form.server.ts). */

/** Upper bounds for the contact form (PRODUCT.md "Limits": sized for real messages, not for abuse). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/**
 * Honeypot: a text field hidden from people (off-screen, aria-hidden, not focusable) that bots filling
 * every input tend to complete. A submission with it filled is answered like a success but not stored.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
