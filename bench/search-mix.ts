/**
 * The page benchmark's search mix: distinct queries taken from the demo catalogue (the content the
 * benchmark's server seeds), so every word and phrase below matches at least one published item, plus a
 * few that match nothing. Deterministic: the same catalogue gives the same list.
 */
import { DEMO_BLOGS } from "../app/server/seed/catalogue/blogs";
import { DEMO_INTERVIEWS } from "../app/server/seed/catalogue/interviews";
import { DEMO_PODCASTS } from "../app/server/seed/catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "../app/server/seed/catalogue/special-features";
import type { DemoContent } from "../app/server/seed/catalogue/types";
import { DEMO_VIDEOS } from "../app/server/seed/catalogue/videos";

const STOP_WORDS = new Set(
  "about above after again also among and are back been before being below between both but can could does down during each even every from have here into its just last less like many more most much next not now off once only other our out over own same should since some still such than that the their them then there these they this those through too under until very was were what when where which while who why will with would year years your".split(
    " ",
  ),
);

/** Invented words and phrases: the benchmark checks that none occurs anywhere in the catalogue. */
const NO_MATCH = ["zyxwvut", "quarkonium", "blorptastic", "frobnicate", "xqjv", "lithium zebra", "moon cheese", "teapot futures"];

export interface SearchMix {
  queries: string[];
  words: number;
  phrases: number;
  noMatch: number;
}

/** `count` items spread evenly over `list` (first and last included), so common and rare terms both appear. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, i) => list[Math.round((i * (list.length - 1)) / (count - 1))]!);
}

function byDocumentFrequency(items: string[][]): string[] {
  const frequency = new Map<string, number>();
  for (const terms of items) for (const term of new Set(terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return [...frequency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([term]) => term);
}

export function searchMix(wordCount = 36, phraseCount = 16): SearchMix {
  const all: DemoContent[] = [...DEMO_VIDEOS, ...DEMO_PODCASTS, ...DEMO_BLOGS, ...DEMO_INTERVIEWS, ...DEMO_SPECIAL_FEATURES];
  const published = all.filter((item) => !item.status);
  const plain = published.map((item) => `${item.title}\n${item.description ?? ""}`.toLowerCase());

  // Words: ASCII letters only, 4 or more, no stop words.
  const words = spread(
    byDocumentFrequency(plain.map((text) => (text.match(/[a-z]{4,}/g) ?? []).filter((word) => !STOP_WORDS.has(word)))),
    wordCount,
  );
  // Two-word phrases exactly as written in a title or description (one space between two words).
  const phrases = spread(
    byDocumentFrequency(
      plain.map((text) => {
        const found: string[] = [];
        for (const line of text.split("\n")) {
          const parts = line.split(" ");
          for (let i = 0; i + 1 < parts.length; i++) {
            const [a, b] = [parts[i]!, parts[i + 1]!];
            if (/^[a-z]{3,}$/.test(a) && /^[a-z]{3,}$/.test(b) && !(STOP_WORDS.has(a) || STOP_WORDS.has(b))) found.push(`${a} ${b}`);
          }
        }
        return found;
      }),
    ),
    phraseCount,
  );
  const everything = all.map((item) => `${item.title}\n${item.description ?? ""}\n${item.content ?? ""}`.toLowerCase()).join("\n");
  for (const query of NO_MATCH) {
    if (everything.includes(query)) throw new Error(`search mix: "${query}" occurs in the demo catalogue; pick another no-match query`);
  }
  const queries = [...new Set(["market", ...words, ...phrases, ...NO_MATCH])];
  return { queries, words: words.length + (words.includes("market") ? 0 : 1), phrases: phrases.length, noMatch: NO_MATCH.length };
}
