import { describe, expect, it } from "vitest";

import { DEMO_BLOGS } from "./blogs";
import { DEMO_INTERVIEWS } from "./interviews";
import { DEMO_PODCASTS } from "./podcasts";
import { DEMO_SPECIAL_FEATURES } from "./special-features";
import {
  cueTexts,
  SPOKEN_SCRIPTS,
  SPOKEN_SEARCH_PHRASES,
  SPOKEN_VOICES,
  spokenEpisode,
  spokenMediaPath,
  spokenSourceTag,
  type SpokenName,
} from "./spoken";
import { SPOKEN_TIMINGS } from "./spoken-timings";
import { DEMO_VIDEOS } from "./videos";

const NAMES = SPOKEN_SCRIPTS.map((script) => script.name);
const REGENERATE = "run `npx tsx app/server/seed/generate-media.ts` with espeak-ng, lame, ffmpeg and rsvg-convert installed";

/** A cue of the normalised WebVTT: its times, then one voice-tagged line of escaped text. */
const CUE =
  /^(\d{2}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d)\.(\d{3})\n<v ([^<>&\n]+)>((?:[^<>&\n]|&(?:amp|lt|gt);)+)$/;

const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
const unescape = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The transcript's cues, after checking its exact form. */
function parseTranscript(transcript: string) {
  expect(transcript.startsWith("WEBVTT\n\n")).toBe(true);
  expect(transcript.endsWith("\n")).toBe(true);
  expect(transcript.endsWith("\n\n")).toBe(false);
  return transcript
    .slice("WEBVTT\n\n".length, -1)
    .split("\n\n")
    .map((block) => {
      const match = CUE.exec(block);
      expect(match, block).not.toBeNull();
      const [, h1, m1, s1, ms1, h2, m2, s2, ms2, speaker, text] = match!;
      return { start: seconds(h1!, m1!, s1!, ms1!), end: seconds(h2!, m2!, s2!, ms2!), speaker: speaker!, text: unescape(text!) };
    });
}

const script = (name: string) => SPOKEN_SCRIPTS.find((s) => s.name === name)!;

describe('the spoken demo episodes (PRODUCT.md "Transcripts")', () => {
  it.each(NAMES)("%s: the committed timings were measured for the current script and cover every segment in order", (name) => {
    const timings = SPOKEN_TIMINGS[name]!;
    expect(timings, REGENERATE).toBeDefined();
    expect(timings.source, REGENERATE).toBe(spokenSourceTag(name));
    expect(timings.segments).toHaveLength(script(name).segments.length);
    expect(Number.isInteger(timings.seconds)).toBe(true);
    let previous = 0;
    for (const { start, end } of timings.segments) {
      for (const time of [start, end]) expect(Math.round(time * 1000) / 1000).toBe(time);
      expect(start).toBeGreaterThanOrEqual(previous);
      expect(start - previous, "a gap between segments").toBeLessThanOrEqual(1.5);
      expect(end).toBeGreaterThan(start);
      previous = end;
    }
    expect(timings.segments[0]!.start).toBe(0);
    expect(timings.seconds - previous).toBeGreaterThanOrEqual(0);
    expect(timings.seconds - previous).toBeLessThanOrEqual(0.5);
  });

  it.each([
    ["capital-call-trailer", 40, 60],
    ["dividend-hour-theme", 45, 70],
    ["northwind-refinery-from-scratch", 60, 90],
    ["quokka-pay-fintech-winter", 60, 90],
  ] as const)("%s lasts %i to %i seconds", (name, min, max) => {
    expect(spokenEpisode(name).seconds).toBeGreaterThanOrEqual(min);
    expect(spokenEpisode(name).seconds).toBeLessThanOrEqual(max);
  });

  it.each(NAMES)("%s: two speakers, each with a voice of their own, and 3 or 4 chapters, the first at the start", (name) => {
    const { segments } = script(name);
    const speakers = [...new Set(segments.map((segment) => segment.speaker))];
    expect(speakers).toHaveLength(2);
    for (const speaker of speakers) expect(SPOKEN_VOICES[speaker], speaker).toBeDefined();
    expect(SPOKEN_VOICES[speakers[0]!]).not.toEqual(SPOKEN_VOICES[speakers[1]!]);
    expect(segments[0]!.chapter).toBeTruthy();
    const chapters = segments.filter((segment) => segment.chapter).length;
    expect(chapters).toBeGreaterThanOrEqual(3);
    expect(chapters).toBeLessThanOrEqual(4);
  });

  it("gives every speaker a distinct voice", () => {
    const voices = Object.values(SPOKEN_VOICES).map((voice) => JSON.stringify(voice));
    expect(new Set(voices).size).toBe(voices.length);
  });

  it.each(NAMES)("%s: the transcript is normalised WebVTT whose cues say the script, segment by segment, within its times", (name) => {
    const { transcript } = spokenEpisode(name);
    const cues = parseTranscript(transcript);
    const timings = SPOKEN_TIMINGS[name]!;
    let next = 0;
    script(name).segments.forEach((segment, i) => {
      const { start, end } = timings.segments[i]!;
      const own = cues.slice(next).filter((cue) => cue.start >= start && cue.end <= end);
      expect(own.length, segment.text).toBeGreaterThan(0);
      expect(cues.slice(next, next + own.length)).toEqual(own);
      expect(own.map((cue) => cue.text).join(" ")).toBe(segment.text);
      expect(own[0]!.start).toBe(start);
      expect(own[own.length - 1]!.end).toBe(end);
      for (const cue of own) {
        expect(cue.speaker).toBe(segment.speaker);
        expect(cue.end).toBeGreaterThan(cue.start);
        expect(cue.text.length, cue.text).toBeLessThanOrEqual(90);
        expect(cue.text.split(/(?<=[.!?])\s+/).length, cue.text).toBeLessThanOrEqual(2);
      }
      // The segment's cues follow one another without a gap.
      own.slice(1).forEach((cue, k) => expect(cue.start).toBe(own[k]!.end));
      next += own.length;
    });
    expect(next).toBe(cues.length);
    expect(cues.map((cue) => cue.text).join(" ")).toBe(
      script(name)
        .segments.map((segment) => segment.text)
        .join(" "),
    );
  });

  it("escapes markup characters in cue text", () => {
    const trailer = spokenEpisode("capital-call-trailer").transcript;
    expect(trailer).toContain("M&amp;A");
    expect(trailer).not.toMatch(/&(?!amp;|lt;|gt;)/);
  });

  it.each(NAMES)("%s: the chapters start at 0:00 and each is at the second its segment starts", (name) => {
    const lines = spokenEpisode(name).chapters.split("\n");
    const timings = SPOKEN_TIMINGS[name]!;
    const expected = script(name).segments.flatMap((segment, i) =>
      segment.chapter ? [{ second: Math.floor(timings.segments[i]!.start), title: segment.chapter }] : [],
    );
    const chapters = lines.map((line) => {
      const match = /^(\d+):([0-5]\d) (\S.*)$/.exec(line);
      expect(match, line).not.toBeNull();
      return { second: Number(match![1]) * 60 + Number(match![2]), title: match![3] };
    });
    expect(chapters).toEqual(expected);
    expect(lines[0]).toMatch(/^0:00 /);
    chapters.slice(1).forEach((chapter, i) => expect(chapter.second).toBeGreaterThan(chapters[i]!.second));
  });

  it("names a search phrase per episode that exactly one transcript says and no other text of the catalogue contains", () => {
    expect(Object.keys(SPOKEN_SEARCH_PHRASES).sort()).toEqual([...NAMES].sort());
    const items = [...DEMO_VIDEOS, ...DEMO_PODCASTS, ...DEMO_BLOGS, ...DEMO_INTERVIEWS, ...DEMO_SPECIAL_FEATURES];
    for (const [name, phrase] of Object.entries(SPOKEN_SEARCH_PHRASES)) {
      const saying = NAMES.filter((other) => spokenEpisode(other).transcript.toLowerCase().includes(phrase.toLowerCase()));
      expect(saying, phrase).toEqual([name]);
      for (const item of items) {
        const text = [item.title, item.description, item.content, ...item.tags].join("\n").toLowerCase();
        expect(text.includes(phrase.toLowerCase()), `${item.slug}: ${phrase}`).toBe(false);
      }
    }
  });

  it("splits a long sentence after a clause or between words, never losing a word", () => {
    const sentence = "A sentence with no commas at all that goes on for well over ninety characters before it finally comes to an end.";
    expect(cueTexts(sentence)).toEqual([
      "A sentence with no commas at all that goes on for well",
      "over ninety characters before it finally comes to an end.",
    ]);
    expect(cueTexts("Short one. Another short one. A third.")).toEqual(["Short one. Another short one.", "A third."]);
    const clauses = "The first clause runs on for a while, and the second clause is about as long as the first one.";
    expect(cueTexts(clauses)).toEqual([
      "The first clause runs on for a while,",
      "and the second clause is about as long as the first one.",
    ]);
  });
});

describe("the catalogue items that play the spoken episodes", () => {
  const byName = (name: SpokenName) => spokenEpisode(name);

  it.each([
    ["capital-call-season-3-trailer", "capital-call-trailer"],
    ["dividend-hour-theme", "dividend-hour-theme"],
  ] as const)("podcast %s plays %s, with its length, transcript and chapters", (slug, name) => {
    const podcast = DEMO_PODCASTS.find((p) => p.slug === slug)!;
    const episode = byName(name);
    expect(podcast).toMatchObject({
      audioUrl: `/media/audio/${name}.mp3`,
      duration: episode.seconds,
      transcript: episode.transcript,
      chapters: episode.chapters,
    });
  });

  it("the Northwind interview plays its spoken MP3 with the native audio player; Quokka Pay's plays its MP4 as a video", () => {
    const northwind = DEMO_INTERVIEWS.find((i) => i.slug === "northwind-refinery-from-scratch")!;
    const quokka = DEMO_INTERVIEWS.find((i) => i.slug === "quokka-pay-fintech-winter")!;
    expect(northwind).toMatchObject({
      videoUrl: null,
      audioUrl: "/media/audio/northwind-refinery-from-scratch.mp3",
      ...pick(byName("northwind-refinery-from-scratch")),
    });
    expect(quokka).toMatchObject({
      videoUrl: "/media/video/quokka-pay-fintech-winter.mp4",
      audioUrl: null,
      ...pick(byName("quokka-pay-fintech-winter")),
    });
    expect(spokenMediaPath("quokka-pay-fintech-winter")).toBe(quokka.videoUrl);
    // The interviewee speaks under the name the catalogue gives them.
    for (const interview of [northwind, quokka]) {
      expect(script(interview.slug).segments.map((segment) => segment.speaker)).toContain(interview.intervieweeName);
    }
  });

  it("leaves every other item without a transcript", () => {
    const spoken = ["capital-call-season-3-trailer", "dividend-hour-theme", "northwind-refinery-from-scratch", "quokka-pay-fintech-winter"];
    for (const item of [...DEMO_VIDEOS, ...DEMO_PODCASTS, ...DEMO_INTERVIEWS]) {
      if (!spoken.includes(item.slug)) expect(item.transcript ?? null, item.slug).toBeNull();
    }
  });
});

function pick({ seconds, transcript, chapters }: ReturnType<typeof spokenEpisode>) {
  return { duration: seconds, transcript, chapters };
}
