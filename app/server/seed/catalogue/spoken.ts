/**
 * The demo's spoken episodes (PRODUCT.md "Transcripts"): four short scripts read by espeak-ng, one voice per
 * speaker, so the demo has audio whose transcript and chapters truly match it. generate-media.ts synthesises
 * each segment, measures it, joins the segments with pauses and encodes the episode (an MP3, or for one
 * interview an MP4 with the interview's artwork as its picture); the measured times are committed in
 * spoken-timings.ts, and the transcript (WebVTT) and chapters are made here from the script and those
 * times. Nothing here needs espeak-ng: the site and the tests read the committed files.
 */
import { createHash } from "node:crypto";

import { SPOKEN_TIMINGS, type SpokenTimings } from "./spoken-timings";

/** One speaker's espeak-ng settings: `-v voice -s speed -p pitch`. */
export interface SpokenVoice {
  /** A voice and variant, e.g. 'en-gb+f3'. */
  voice: string;
  /** Words per minute. */
  speed: number;
  /** 0 to 99 (espeak's default is 50). */
  pitch: number;
}

/** Each speaker keeps one voice across episodes: the newsroom's staff (blogs.ts) and the interviewees. */
export const SPOKEN_VOICES: Record<string, SpokenVoice> = {
  "Eleanor Voss": { voice: "en-gb+f3", speed: 158, pitch: 56 },
  "Oliver Fairweather": { voice: "en-gb-x-rp+m3", speed: 150, pitch: 34 },
  "Sophie Lindqvist": { voice: "en-gb-scotland+f4", speed: 160, pitch: 62 },
  "Liam Castellano": { voice: "en-us+m2", speed: 156, pitch: 40 },
  "Marcus Thorne": { voice: "en-gb+m1", speed: 160, pitch: 44 },
  "Dr. Amelia Hartcourt": { voice: "en-gb-x-rp+f2", speed: 152, pitch: 58 },
  "Dana Okafor": { voice: "en-us+f2", speed: 162, pitch: 64 },
  "Tessa Mulgrave": { voice: "en-gb-x-gbcwmd+f5", speed: 158, pitch: 50 },
};

export interface SpokenSegment {
  speaker: string;
  /** What is said: plain sentences, as the transcript shows them. */
  text: string;
  /** Set on the segment that starts a chapter: its title. */
  chapter?: string;
}

export type SpokenName = "capital-call-trailer" | "dividend-hour-theme" | "northwind-refinery-from-scratch" | "quokka-pay-fintech-winter";

export interface SpokenScript {
  /** The file name without extension; the interviews' are their catalogue slugs. */
  name: SpokenName;
  /** The file's title tag. */
  title: string;
  /** An MP3 in /media/audio, or an MP4 in /media/video whose picture is the catalogue image `artwork`. */
  media: { kind: "audio" } | { kind: "video"; artwork: string };
  segments: SpokenSegment[];
}

export const SPOKEN_SCRIPTS: SpokenScript[] = [
  {
    name: "capital-call-trailer",
    title: "Capital Call: Season 3 Trailer",
    media: { kind: "audio" },
    segments: [
      {
        speaker: "Eleanor Voss",
        chapter: "A new season of Capital Call",
        text: "This is Capital Call, the MarketWire podcast about raising and deploying capital. I'm Eleanor Voss, and season three starts next week.",
      },
      {
        speaker: "Eleanor Voss",
        text: "Every fortnight, founders, finance chiefs and fund managers tell us how the money was raised, and where it went.",
      },
      {
        speaker: "Oliver Fairweather",
        chapter: "The question every board is asking",
        text: "The question I hear in every boardroom is the same. Do we borrow, sell a stake in the project, or go back to shareholders?",
      },
      { speaker: "Eleanor Voss", text: "Oliver Fairweather of Sandstone Capital Partners joins us for the first episode." },
      {
        speaker: "Oliver Fairweather",
        text: "And my answer is usually none of them, until the plan is boring. Every founder I back carries a little cap table scar tissue from the last raise.",
      },
      {
        speaker: "Eleanor Voss",
        chapter: "Subscribe",
        text: "Placements, M&A, convertible notes and the second raise, all season long. Subscribe to Capital Call wherever you get your podcasts.",
      },
    ],
  },
  {
    name: "dividend-hour-theme",
    title: "The Dividend Hour: The New Season Starts Here",
    media: { kind: "audio" },
    segments: [
      {
        speaker: "Sophie Lindqvist",
        chapter: "Welcome to the new season",
        text: "Welcome to The Dividend Hour, the MarketWire podcast about income investing, week by week. I'm Sophie Lindqvist.",
      },
      {
        speaker: "Sophie Lindqvist",
        text: "With me is our macro strategist, Liam Castellano. Liam, deposit rates are starting to fall. What does that mean for income investors?",
      },
      {
        speaker: "Liam Castellano",
        chapter: "When deposit rates fall",
        text: "It means the easy yield is leaving. For two years a term deposit paid almost as much as a bank share, with none of the risk.",
      },
      {
        speaker: "Liam Castellano",
        text: "As that gap closes, money drifts back into dividend stocks, and the danger is chasing the biggest number on the screen.",
      },
      {
        speaker: "Sophie Lindqvist",
        chapter: "Yield is not income",
        text: "So this season we go back to basics: payout ratios, franking credits and balance sheets.",
      },
      {
        speaker: "Liam Castellano",
        text: "A yield is a number. Income is what still arrives after a bad year. Before I buy, every stock has to pass the dividend sleep test.",
      },
      { speaker: "Sophie Lindqvist", text: "Stay with us. This is The Dividend Hour." },
    ],
  },
  {
    name: "northwind-refinery-from-scratch",
    title: "Building a Lithium Refinery From Scratch",
    media: { kind: "audio" },
    segments: [
      {
        speaker: "Marcus Thorne",
        chapter: "Why build a refinery",
        text: "Dr Hartcourt, Northwind Lithium has mined spodumene for years. Why build your own hydroxide refinery?",
      },
      {
        speaker: "Dr. Amelia Hartcourt",
        text: "Because the value is in the chemical, not the rock. Selling concentrate leaves most of the margin with the converter, and our customers in Europe want a supply chain they can trace.",
      },
      {
        speaker: "Marcus Thorne",
        chapter: "The offtake and its price floor",
        text: "Your lenders wanted contracted revenue. How did you give them that without selling all of the upside?",
      },
      {
        speaker: "Dr. Amelia Hartcourt",
        text: "We built a hedged offtake ladder. Each year of the five-year contract has its own floor and its own ceiling, so the plant earns revenue at the bottom of the cycle and we still share in a recovery.",
      },
      {
        speaker: "Marcus Thorne",
        chapter: "Commissioning risk",
        text: "Refineries rarely reach nameplate capacity on schedule. What have you allowed for?",
      },
      {
        speaker: "Dr. Amelia Hartcourt",
        text: "An eighteen-month ramp-up, and a contingency equal to 12% of capital costs. We expect first product within nine months.",
      },
      { speaker: "Marcus Thorne", chapter: "Funding, and the next plant", text: "Will shareholders be asked for more money?" },
      {
        speaker: "Dr. Amelia Hartcourt",
        text: "Not for this plant. We are fully funded, including a cost overrun facility. If we build a second train, the first one will pay for it.",
      },
    ],
  },
  {
    name: "quokka-pay-fintech-winter",
    title: "Quokka Pay's Founder on Surviving the Fintech Winter",
    media: { kind: "video", artwork: "interview-ceo-sessions-2" },
    segments: [
      {
        speaker: "Dana Okafor",
        chapter: "Three years after listing",
        text: "Tessa Mulgrave, Quokka Pay listed at the height of the fintech boom. Three years on, what kind of company is it?",
      },
      {
        speaker: "Tessa Mulgrave",
        text: "A payments company again. Most of our revenue now comes from merchant fees and software subscriptions, which is where we started. None of it depends on what it costs us to borrow.",
      },
      { speaker: "Dana Okafor", chapter: "Selling the loan book", text: "You sold the loan book. Why?" },
      {
        speaker: "Tessa Mulgrave",
        text: "We had drifted into credit, and credit needs capital we did not have. Selling the loan book was the hardest decision we have made, and the most important.",
      },
      { speaker: "Dana Okafor", chapter: "Cutting costs by a third", text: "You also cut costs by a third. What went?" },
      {
        speaker: "Tessa Mulgrave",
        text: "Marketing we could not measure, two of our three offices, and a rewards scheme our merchants never asked for. The team called it the espresso machine audit: every cost had to justify itself to the owner of a small cafe.",
      },
      { speaker: "Dana Okafor", chapter: "The path to positive cash flow", text: "When will Quokka Pay be cash-flow positive?" },
      {
        speaker: "Tessa Mulgrave",
        text: "Within four quarters, on our current plan, and without asking shareholders for more money. We publish the number every quarter, so hold me to it.",
      },
    ],
  },
];

/** A phrase each episode says and nothing else in the catalogue does, so a search can find the episode by its transcript alone. */
export const SPOKEN_SEARCH_PHRASES: Record<SpokenName, string> = {
  "capital-call-trailer": "cap table scar tissue",
  "dividend-hour-theme": "the dividend sleep test",
  "northwind-refinery-from-scratch": "a hedged offtake ladder",
  "quokka-pay-fintech-winter": "the espresso machine audit",
};

/**
 * How the generator builds an episode. Part of the source tag, so changing any of it re-encodes the files.
 * Pauses are the least silence between segments; the generator lengthens them evenly so the episode is a
 * whole number of seconds (the catalogue stores durations in seconds) and ends `tail` after the last word.
 */
export const SPOKEN_SETTINGS = {
  generator: 1,
  sampleRate: 22_050,
  pause: { sameSpeaker: 0.35, newSpeaker: 0.8 },
  tail: 0.3,
  // MPEG-1 at 32 kHz, 48 kbit/s: the smallest frames that still hold LAME's Info frame, from which
  // players and the tests read the exact length (at 22.05 kHz LAME leaves it out below 56 kbit/s).
  mp3: { sampleRate: 32_000, bitrate: 48 },
  video: { width: 640, height: 360, fps: 5, keyframeSeconds: 10, audioBitrate: 48 },
} as const;

export function spokenScript(name: string): SpokenScript {
  const script = SPOKEN_SCRIPTS.find((s) => s.name === name);
  if (!script) throw new Error(`Unknown spoken episode: ${name}`);
  return script;
}

/** The site path of an episode's file. */
export function spokenMediaPath(name: string): string {
  const script = spokenScript(name);
  return script.media.kind === "audio" ? `/media/audio/${name}.mp3` : `/media/video/${name}.mp4`;
}

/**
 * What the file's comment tag says about its source: the SHA-256 of the script, its speakers' voices and the
 * generator's settings. The tests compare it with the committed files and timings (no espeak-ng needed), so
 * changing a script without regenerating fails a test; the generator skips an episode whose file has it.
 */
export function spokenSourceTag(name: string): string {
  const script = spokenScript(name);
  const voices = Object.fromEntries(
    [...new Set(script.segments.map((s) => s.speaker))].map((speaker) => [speaker, SPOKEN_VOICES[speaker]]),
  );
  const source = JSON.stringify({ settings: SPOKEN_SETTINGS, script, voices });
  return `source-sha256=${createHash("sha256").update(source).digest("hex")}`;
}

export function spokenTimings(name: string): SpokenTimings {
  const timings = (SPOKEN_TIMINGS as Partial<Record<string, SpokenTimings>>)[name];
  if (!timings || timings.segments.length !== spokenScript(name).segments.length) {
    throw new Error(
      `No timings for the spoken episode ${name}: run \`npx tsx app/server/seed/generate-media.ts\` with espeak-ng installed.`,
    );
  }
  return timings;
}

export interface SpokenCue {
  /** Seconds, to the millisecond. */
  start: number;
  end: number;
  speaker: string;
  text: string;
}

const CUE_CHARACTERS = 90;

/**
 * A segment's text as cue texts of at most two sentences and 90 characters; joined by single spaces they give
 * the text back. Two short sentences share a cue; a long one is split (`splitSentence`).
 */
export function cueTexts(text: string): string[] {
  const cues: { text: string; open: boolean }[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const pieces = splitSentence(sentence);
    const last = cues[cues.length - 1];
    if (pieces.length === 1 && last?.open && last.text.length + 1 + sentence.length <= CUE_CHARACTERS) {
      last.text += ` ${sentence}`;
      last.open = false;
    } else {
      cues.push(...pieces.map((piece) => ({ text: piece, open: pieces.length === 1 })));
    }
  }
  return cues.map((cue) => cue.text);
}

/**
 * A sentence over 90 characters in halves, and those again while too long: after the comma, colon or
 * semicolon nearest the middle if that leaves no piece under a quarter of the sentence, else at the space
 * nearest the middle.
 */
function splitSentence(sentence: string): string[] {
  if (sentence.length <= CUE_CHARACTERS) return [sentence];
  const spaces = [...sentence.matchAll(/ /g)].map((match) => match.index);
  const balance = (at: number) => Math.abs(sentence.length - 2 * at);
  const nearest = (candidates: number[]) => candidates.reduce((best, at) => (balance(at) < balance(best) ? at : best));
  const clauses = spaces.filter((at) => /[,;:]/.test(sentence[at - 1]!));
  const clause = clauses.length ? nearest(clauses) : null;
  const at = clause !== null && Math.min(clause, sentence.length - clause - 1) >= sentence.length / 4 ? clause : nearest(spaces);
  return [...splitSentence(sentence.slice(0, at)), ...splitSentence(sentence.slice(at + 1))];
}

/** The episode's cues: each segment's cues share its measured span in proportion to their lengths. */
export function spokenCues(name: string): SpokenCue[] {
  const script = spokenScript(name);
  const timings = spokenTimings(name);
  return script.segments.flatMap((segment, i) => {
    const { start, end } = timings.segments[i]!;
    const texts = cueTexts(segment.text);
    const total = texts.reduce((sum, text) => sum + text.length, 0);
    const startMs = Math.round(start * 1000);
    const spanMs = Math.round(end * 1000) - startMs;
    let done = 0;
    return texts.map((text) => {
      const from = startMs + Math.round((spanMs * done) / total);
      done += text.length;
      return { start: from / 1000, end: (startMs + Math.round((spanMs * done) / total)) / 1000, speaker: segment.speaker, text };
    });
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function vttTime(seconds: number) {
  const ms = Math.round(seconds * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

const escapeCueText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * An episode as the catalogue stores it: its file, its length, the transcript as normalised WebVTT (a voice
 * tag per cue naming the speaker; the form the editor saves, PRODUCT.md "Transcripts") and the chapters, one
 * 'M:SS Title' line each (H:MM:SS past an hour), at the second their segment starts.
 */
export function spokenEpisode(name: string): { path: string; seconds: number; transcript: string; chapters: string } {
  const script = spokenScript(name);
  const timings = spokenTimings(name);
  const cues = spokenCues(name).map(
    (cue) => `${vttTime(cue.start)} --> ${vttTime(cue.end)}\n<v ${cue.speaker}>${escapeCueText(cue.text)}\n`,
  );
  const chapters = script.segments.flatMap((segment, i) => {
    if (!segment.chapter) return [];
    const second = Math.floor(timings.segments[i]!.start);
    const time = second < 3600 ? `${Math.floor(second / 60)}` : `${Math.floor(second / 3600)}:${pad(Math.floor(second / 60) % 60)}`;
    return [`${time}:${pad(second % 60)} ${segment.chapter}`];
  });
  return {
    path: spokenMediaPath(name),
    seconds: timings.seconds,
    transcript: ["WEBVTT\n", ...cues].join("\n"),
    chapters: chapters.join("\n"),
  };
}
