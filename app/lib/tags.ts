/** An item's tags as the editor keeps them (PRODUCT.md "Editor"). Pure: used by the tags input and the editor's schema. */

/** PRODUCT.md "Editor", tags: trimmed, ignored if empty or already present. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

export function normalizeTags(raw: readonly string[]): string[] {
  return raw.reduce<string[]>((tags, tag) => addTag(tags, tag), []);
}
