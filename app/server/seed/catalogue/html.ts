/** Joins a demo article's HTML blocks, written one per line in the catalogue. */
export const html = (...blocks: string[]) => blocks.join("\n");
