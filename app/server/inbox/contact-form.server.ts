import { z } from "zod";

import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from "~/lib/contact";

import { parseSubmission } from "../form-submission.server";

// Conform turns an empty field into undefined, so each 'required' text is also the type error.
function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Name, email, subject and message are all required; the email must be valid (checked on the server too). */
export const contactFormSchema = z.object({
  name: requiredText("Name", CONTACT_LIMITS.name),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required", abort: true })
    .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters`, abort: true })
    .pipe(z.email({ error: "Enter a valid email address" })),
  subject: requiredText("Subject", CONTACT_LIMITS.subject),
  message: requiredText("Message", CONTACT_LIMITS.message),
});
export type ContactMessageInput = z.infer<typeof contactFormSchema>;

/** Parses a submitted contact form: the clean message, or Conform's reply with one message per invalid field. */
export function parseContactForm(formData: FormData) {
  return parseSubmission(formData, contactFormSchema);
}

/** True when the honeypot was filled in, i.e. the submission is almost certainly from a bot. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(CONTACT_HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
