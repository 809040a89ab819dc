import { z } from "zod";

import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
} from "~/lib/contact";

function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Name, email, subject and message are all required; the email must be valid (checked on the server too). */
export const contactFormSchema = z.object({
  name: requiredText("Name", CONTACT_LIMITS.name),
  email: z
    .string()
    .trim()
    .min(1, { error: "Email is required", abort: true })
    .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters`, abort: true })
    .pipe(z.email({ error: "Enter a valid email address" })),
  subject: requiredText("Subject", CONTACT_LIMITS.subject),
  message: requiredText("Message", CONTACT_LIMITS.message),
});
export type ContactMessageInput = z.infer<typeof contactFormSchema>;

export type ContactParseResult =
  { success: true; data: ContactMessageInput } | { success: false; values: ContactValues; fieldErrors: ContactFieldErrors };

/** What was typed, as strings (missing or non-text entries become ''), so a rejected form can be re-filled. */
export function contactValuesFrom(formData: FormData): ContactValues {
  const text = (key: string) => {
    const value = formData.get(key);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") };
}

/** Parses a submitted contact form: the clean message, or one message per invalid field. */
export function parseContactForm(formData: FormData): ContactParseResult {
  const values = contactValuesFrom(formData);
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const flattened = z.flattenError(result.error).fieldErrors as Partial<Record<ContactField, string[]>>;
  const fieldErrors: ContactFieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const first = flattened[field]?.[0];
    if (first) fieldErrors[field] = first;
  }
  return { success: false, values, fieldErrors };
}

/** True when the honeypot was filled in, i.e. the submission is almost certainly from a bot. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(CONTACT_HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
