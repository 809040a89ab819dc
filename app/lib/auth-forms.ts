/**
 * The sign-in and sign-up forms (PRODUCT.md "Auth messages"). Shared by the /auth page (Conform's early
 * messages in the browser) and its action, both through `parseWithZod`.
 */
import { z } from "~/lib/zod";

/**
 * PRODUCT.md "Security": at least 8 characters (Better Auth's `minPasswordLength` uses the same value). The
 * common-password check runs on the server only, so its list stays out of the browser.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Better Auth's default upper bound; said here so the message is ours, not the server's. */
export const MAX_PASSWORD_LENGTH = 128;

// Conform turns an empty field into undefined, so each 'required' text is also the type error; `abort`
// keeps a blank value to that one message.
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required", abort: true })
  .pipe(z.email("Please enter a valid email address"));

export const signInSchema = z.object({
  email,
  // Not trimmed: a password may legitimately start or end with a space.
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required", abort: true }),
});

export const signUpSchema = z.object({
  displayName: z
    .string({ error: "Display name is required" })
    .trim()
    .min(1, { error: "Display name is required", abort: true })
    .max(100, "Display name must be at most 100 characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required", abort: true })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
