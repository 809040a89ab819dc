import { z } from "zod";

import { MAX_EMAIL_LENGTH } from "~/lib/newsletter";

/**
 * The newsletter box's one field, checked by `/resources/newsletter`: trimmed and lower-cased before it
 * is checked, so `  Ann@Example.COM ` and `ann@example.com` are one subscriber.
 */
export const newsletterSchema = z.object({
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address.")
    .max(MAX_EMAIL_LENGTH, `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters long.`)
    .pipe(z.email("Please enter a valid email address.")),
});

/** The field message for the email input, or null when the value is fine. */
export function newsletterEmailError(value: unknown): string | null {
  const parsed = newsletterSchema.safeParse({ email: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
}
