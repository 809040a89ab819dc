/**
 * Transcripts for the search benchmark (BENCH_TRANSCRIPTS in bench/search.bench.ts): WebVTT in the one
 * form the app stores (app/lib/transcripts.ts, storedVtt) and its words as `transcriptWords` gives them,
 * which is what search matches (`transcript_text`, part of `search_text`, migration 0022).
 *
 * Made in Node rather than in SQL like the rest of the load (bench/content-loader.ts): cues, times and
 * voices are plainer in TypeScript, next to the app's own parser that the benchmark checks them with, and
 * it costs as little (~1 ms of CPU a transcript; PGlite's bench_words takes ~2 ms for the words alone).
 * Each row's text comes from its own generator seeded with (seed, table, row), so a load is repeatable
 * and a batch can be made without the others.
 *
 * The words are the loader's vocabulary, mixed as speech: filler, general words and the item's topic
 * as in its content, plus conversational words that only speech has ("you know", "i think") and, more
 * rarely than in written text, the invented company names. A few other invented names
 * (TRANSCRIPT_ONLY_WORDS) are only ever said: searching for one finds items by their transcript alone.
 */
import { FILLER, GENERAL_WORDS, RARE_WORDS, TOPICS, type ContentLength, type RowTranscript, type TranscriptMaker } from "./content-loader";

/** How people talk on air; in no item's title, description or content. */
export const SPOKEN = [
  "you know",
  "i think",
  "i mean",
  "yeah",
  "right",
  "well",
  "so",
  "okay",
  "sort of",
  "kind of",
  "exactly",
  "look",
  "honestly",
  "we",
  "you",
  "they",
  "basically",
  "absolutely",
  "thanks",
  "good question",
];

/** Invented names said on air and written nowhere else: each is in about 1% of the transcripts. */
export const TRANSCRIPT_ONLY_WORDS = Array.from({ length: 20 }, (_, i) => {
  const onsets = ["m", "n", "p", "s", "w"];
  const middles = ["ir", "or"];
  const codas = ["quist", "vane"];
  return `${onsets[i % 5]}${middles[Math.floor(i / 5) % 2]}${codas[Math.floor(i / 10) % 2]}`;
});

/** Two or three of them talk in each recording (the first is the host); speaker names are not searched. */
const SPEAKERS = [
  "Amara Whitlock",
  "Daniel Reyes",
  "Priya Natarajan",
  "Tom Albrecht",
  "Sofia Lindqvist",
  "Kwame Mensah",
  "Hannah Cole",
  "Lucas Moreau",
  "Mei Tanaka",
  "Oliver Grant",
  "Fatima Haddad",
  "Jonas Berg",
];

/** The default: 2,250–4,499 words as spoken, a 15 to 30 minute recording at 150 words a minute. */
export const TRANSCRIPT_WORDS: ContentLength = { min: 2250, max: 4500 };

/** Spoken at about 150 words a minute. */
const MS_PER_WORD = 400;

/** Shares of the terms drawn (a term such as "you know" is one draw, and two words). */
const MIX = { filler: 0.4, spoken: 0.1, general: 0.08, rare: 0.001, only: 0.00006 };

/** mulberry32: fast, good enough for text, and repeatable. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One 32-bit seed per row, from the load's seed (as setseed takes it, -1 to 1), the table and the row. */
function rowSeed(seed: number, table: number, row: number) {
  let h = Math.imul(Math.round(seed * 0x7fffffff) ^ 0x9e3779b9, 0x85ebca6b);
  for (const n of [table, row]) {
    h = Math.imul(h ^ n, 0xcc9e2d51);
    h = Math.imul((h << 15) | (h >>> 17), 0x1b873593);
  }
  return (h ^ (h >>> 16)) >>> 0;
}

/** '00:01:02.500', as the stored WebVTT writes times. */
function timestamp(ms: number) {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const seconds = Math.floor(ms / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(ms % 1000, 3)}`;
}

/** A vocabulary list with each term's words ("interest rates": 2), counted once. */
const counted = (terms: readonly string[]) => ({ terms, words: terms.map((term) => term.split(" ").length) });

const VOCABULARY = {
  filler: counted(FILLER),
  spoken: counted(SPOKEN),
  general: counted(GENERAL_WORDS),
  topics: TOPICS.map(counted),
  rare: counted(RARE_WORDS),
  only: counted(TRANSCRIPT_ONLY_WORDS),
};

/**
 * Transcript of row `row` (1-based, as `g` in the loader) of table `table` (0–2): about a topic of its own
 * (1–20, which the row's other fields then follow), with `min` to `max - 1` words in cues of 12–25 words.
 * `words` is what transcriptWords(stored) gives: each cue's text, joined with "\n".
 */
export function transcriptFor(seed: number, table: number, row: number, { min, max }: ContentLength): RowTranscript {
  const random = generator(rowSeed(seed, table, row));
  const topic = 1 + Math.floor(random() * TOPICS.length);
  const own = VOCABULARY.topics[topic - 1]!;
  const list = (r: number) =>
    r < MIX.filler
      ? VOCABULARY.filler
      : r < MIX.filler + MIX.spoken
        ? VOCABULARY.spoken
        : r < MIX.filler + MIX.spoken + MIX.general
          ? VOCABULARY.general
          : r < 1 - MIX.rare - MIX.only
            ? own
            : r < 1 - MIX.only
              ? VOCABULARY.rare
              : VOCABULARY.only;
  const pick = (from: readonly string[]) => from[Math.floor(random() * from.length)]!;
  const speakerCount = random() < 0.6 ? 2 : 3;
  const speakers: string[] = [];
  while (speakers.length < speakerCount) {
    const name = pick(SPEAKERS);
    if (!speakers.includes(name)) speakers.push(name);
  }

  // Words as spoken ("interest rates" is two), so that 150 a minute gives the recording's length.
  let remaining = min + Math.floor(random() * (max - min));
  let speaker = 0;
  let turn = 1 + Math.floor(random() * 6);
  let ms = 0;
  const blocks: string[] = [];
  const cues: string[] = [];
  while (remaining > 0) {
    const size = 12 + Math.floor(random() * 14);
    let text = "";
    let spoken = 0;
    while (spoken < size && spoken < remaining) {
      const from = list(random());
      const i = Math.floor(random() * from.terms.length);
      text += spoken ? ` ${from.terms[i]}` : from.terms[i];
      spoken += from.words[i]!;
    }
    remaining -= spoken;
    const end = ms + Math.round(spoken * MS_PER_WORD * (0.85 + random() * 0.3));
    blocks.push(`${timestamp(ms)} --> ${timestamp(end)}\n<v ${speakers[speaker]}>${text}`);
    cues.push(text);
    ms = end + Math.floor(random() * 300);
    if (--turn === 0) {
      // The next speaker, after a short pause: turns of one to six cues.
      speaker = (speaker + 1 + Math.floor(random() * (speakerCount - 1))) % speakerCount;
      turn = 1 + Math.floor(random() * 6);
      ms += 200 + Math.floor(random() * 1000);
    }
  }
  return { topic, stored: `WEBVTT\n\n${blocks.join("\n\n")}\n`, words: cues.join("\n") };
}

/** The loader's TranscriptMaker for transcripts of `length` words. */
export const transcriptMaker =
  (length: ContentLength): TranscriptMaker =>
  (seed, table, row) =>
    transcriptFor(seed, table, row, length);

/**
 * Throws unless the vocabulary keeps its promises: no term needs escaping in WebVTT (`&`, `<`, `>`), and
 * no word of `queries` is inside a word an item's other fields can hold, so those queries match
 * transcripts only (for a phrase, that is enough: a written text could only hold it across its words).
 */
export function checkTranscriptOnly(queries: readonly string[]) {
  const written = [...FILLER, ...GENERAL_WORDS, ...TOPICS.flat(), ...RARE_WORDS].flatMap((term) => term.split(/[^a-z0-9]+/));
  for (const term of [...SPOKEN, ...TRANSCRIPT_ONLY_WORDS, ...written]) {
    if (/[&<>]/.test(term)) throw new Error(`"${term}" would need escaping in WebVTT`);
  }
  for (const word of queries.flatMap((query) => query.toLowerCase().split(/[^a-z0-9]+/))) {
    const inside = written.find((other) => other.includes(word));
    if (inside) throw new Error(`"${word}" is also in "${inside}": it would not match transcripts only`);
  }
}
