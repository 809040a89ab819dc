import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, dropping the false ones. It does not settle clashes (two classes setting one property):
 * components take variants instead, so no rendered element carries two (PRODUCT.md "Speed": tailwind-merge
 * cost every page 8 KB). `tests/e2e/class-conflicts.spec.ts` checks the pages for clashes.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
