import { compile, type SelectorDefinition } from "html-to-text";

/*
 * Plain text of stored HTML (podcast descriptions may hold markup, shown as text; read-time estimates).
 * Server-only: html-to-text and its HTML parser are too big for the public pages' JavaScript budget, so
 * loaders send the text ready-made.
 */

const BLOCKS = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "hr", "table", "tr", "td", "th"];
// Media and embeds have no text of their own worth showing (alt text, fallback messages).
const SKIPPED = ["img", "picture", "svg", "video", "audio", "iframe", "object", "canvas", "template"];

const selectors: SelectorDefinition[] = [
  // Link text only; the plain text never carries URLs.
  { selector: "a", options: { ignoreHref: true } },
  ...BLOCKS.map((selector) => ({ selector, format: "block" })),
  ...SKIPPED.map((selector) => ({ selector, format: "skip" })),
];

// Blocks (and <br>) become line breaks, inline elements join without a space, every named and numeric
// entity is decoded, script and style content is dropped. No wrapping: the lines are joined below.
const convert = compile({ wordwrap: false, decodeEntities: true, selectors });

// Control characters (NUL, the rest of C0, DEL, C1) never reach the page; tabs and line breaks are spaces.
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** The text of an HTML fragment on one line: words separated by single spaces, trimmed. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  return convert(html)
    .replace(CONTROL_CHARACTERS, (character) => (/\s/.test(character) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read: the stored value when there is one, else from the text at 200 words a minute (at least 1). */
export function readTimeMinutes(stored: number | null | undefined, html: string | null | undefined): number {
  if (stored != null && stored >= 1) return stored;
  const words = htmlToPlainText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
