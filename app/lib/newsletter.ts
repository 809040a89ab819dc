import { z } from "zod";

/** RFC 5321 limit on an address's length. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The newsletter box's one field (shared by the form and `/resources/newsletter`): trimmed and
 * lower-cased before it is checked, so `  Ann@Example.COM ` and `ann@example.com` are one subscriber.
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

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** The field message for the email input, or null when the value is fine. */
export function newsletterEmailError(value: unknown): string | null {
  const parsed = newsletterSchema.safeParse({ email: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
}

/** What the box says once an address is stored (also after the no-JavaScript redirect). */
export const NEWSLETTER_SUCCESS = "Thanks for subscribing! The latest market insights are on their way to your inbox.";
/** Query flag the no-JavaScript form lands back with, so the result shows in the server-rendered page. */
export const NEWSLETTER_RESULT_PARAM = "newsletter";
