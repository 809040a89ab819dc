/**
 * The user's text as a LIKE/ILIKE pattern that matches it anywhere, literally: `\`, `%` and `_` are
 * escaped, so a search for '50%' means the characters (PRODUCT.md "Search", "Admin lists").
 */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
