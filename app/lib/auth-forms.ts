/** The sign-in and sign-up forms (PRODUCT.md "Auth messages"). Shared by the /auth page (early messages) and its action. */
import { z } from "~/lib/zod";

/**
 * PRODUCT.md "Security": at least 8 characters (Better Auth's `minPasswordLength` uses the same value). The
 * common-password check runs on the server only, so its list stays out of the browser.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Better Auth's default upper bound; said here so the message is ours, not the server's. */
export const MAX_PASSWORD_LENGTH = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"));

export const signInSchema = z.object({
  email,
  // Not trimmed: a password may legitimately start or end with a space.
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const signUpSchema = z.object({
  displayName: z
    .string({ error: "Display name is required" })
    .trim()
    .min(1, "Display name is required")
    .max(100, "Display name must be at most 100 characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message per field, in the shape the forms render next to their inputs. */
export function fieldErrorsOf<T>(error: z.ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** Reads the named string fields of a form (files and missing fields become undefined). */
export function formFields(form: FormData, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : undefined];
    }),
  );
}
