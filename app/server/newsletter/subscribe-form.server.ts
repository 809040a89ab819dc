import { z } from "zod";

import { MAX_EMAIL_LENGTH } from "~/lib/newsletter";

import { parseSubmission } from "../form-submission.server";

/**
 * The newsletter box's one field, checked by `/resources/newsletter`: trimmed and lower-cased before it
 * is checked, so `  Ann@Example.COM ` and `ann@example.com` are one subscriber. An empty field arrives
 * as undefined (Conform), so the 'enter your address' text is also the type error.
 */
export const newsletterSchema = z.object({
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, { error: "Please enter your email address.", abort: true })
    .max(MAX_EMAIL_LENGTH, `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters long.`)
    .pipe(z.email("Please enter a valid email address.")),
});

/** Parses a submitted newsletter form: the clean address, or Conform's reply with the field's message. */
export function parseNewsletterForm(formData: FormData) {
  return parseSubmission(formData, newsletterSchema);
}
