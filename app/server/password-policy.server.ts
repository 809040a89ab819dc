/**
 * Which passwords an account may have (PRODUCT.md "Security"): at least 8 characters and not one of the
 * 10,000 most common passwords. Server-only: the list never reaches the browser.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/auth-forms";

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose a less common password.";

/**
 * zxcvbn's list is ranked and lower-case. Compared without letter case: capitalising a common password
 * ('Password1') is the first variation a guesser tries.
 */
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].slice(0, 10_000));

export function isCommonPassword(password: string) {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Why a new password is refused, in words for the person choosing it, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
