/**
 * Writes the demo media into public/media (run: `npx tsx app/server/seed/generate-media.ts`).
 *
 * - Artwork: SVGs rendered from the catalogue. Deterministic, so regenerating only changes files whose
 *   catalogue entry changed.
 * - Company logos: one small SVG per demo company (catalogue/companies.ts) in public/media/companies.
 * - Spoken episodes (catalogue/spoken.ts, PRODUCT.md "Transcripts"): each segment of a script is read by
 *   espeak-ng in its speaker's voice, trimmed of the silence espeak adds and measured; the segments are
 *   joined with pauses into one 22.05 kHz mono WAV whose length is a whole number of seconds, and the
 *   measured spans are written to catalogue/spoken-timings.ts, from which spoken.ts makes the transcript and
 *   chapters. An audio episode is encoded to MP3 (32 kHz mono, 48 kbit/s CBR) by LAME, because podcast
 *   apps take MP3 or M4A, not WAV (PRODUCT.md "Discovery"); a video episode becomes a small MP4 (H.264
 *   baseline + AAC, the interview's artwork, rasterised by rsvg-convert, as a still picture) by ffmpeg, so
 *   the native player can show its captions (PRODUCT.md "Transcripts"). None of these tools is a
 *   project dependency (CI does not have them), so the files and timings are committed: with the tools on
 *   the PATH (`apt-get install espeak-ng lame ffmpeg librsvg2-bin`) an episode is made again only when its
 *   source changed (the file's comment tag records the SHA-256 of the script, voices and settings, which the
 *   seed tests check without the tools); without them the committed files are kept and the script says so.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";

import { companyLogoUrl, DEMO_COMPANIES, renderCompanyLogoSvg } from "./catalogue/companies";
import { demoVideoSourceTag, MEDIA_IMAGES, renderMediaSvg } from "./catalogue/media";
import {
  SPOKEN_SCRIPTS,
  SPOKEN_SETTINGS,
  SPOKEN_VOICES,
  spokenMediaPath,
  spokenSourceTag,
  type SpokenScript,
  type SpokenSegment,
} from "./catalogue/spoken";
import { SPOKEN_TIMINGS, type SpokenTimings } from "./catalogue/spoken-timings";

const publicDir = path.resolve(process.cwd(), "public");
const mediaDir = path.join(publicDir, "media");
fs.mkdirSync(mediaDir, { recursive: true });

let bytes = 0;
for (const image of MEDIA_IMAGES) {
  const svg = renderMediaSvg(image);
  fs.writeFileSync(path.join(mediaDir, `${image.name}.svg`), svg);
  bytes += Buffer.byteLength(svg);
}
console.info(`Wrote ${MEDIA_IMAGES.length} images (${Math.round(bytes / 1024)} KB).`);

fs.mkdirSync(path.join(mediaDir, "companies"), { recursive: true });
for (const company of DEMO_COMPANIES) {
  fs.writeFileSync(path.join(publicDir, companyLogoUrl(company.slug)), renderCompanyLogoSvg(company));
}
console.info(`Wrote ${DEMO_COMPANIES.length} company logos.`);

// ---- spoken episodes ----

const RATE = SPOKEN_SETTINGS.sampleRate;
const has = (command: string, flag = "--version") => !spawnSync(command, [flag], { stdio: "ignore" }).error;
const tools = { "espeak-ng": has("espeak-ng"), lame: has("lame"), ffmpeg: has("ffmpeg", "-version"), "rsvg-convert": has("rsvg-convert") };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-media-"));

function run(command: string, args: string[], input?: Buffer | string) {
  const result = spawnSync(command, args, { input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0) throw new Error(`${command} failed: ${result.error?.message ?? result.stderr.toString()}`);
  return result;
}

/** The 16-bit mono samples of a WAV espeak-ng wrote. */
function readWav(bytes: Buffer): Int16Array {
  let at = 12;
  let format: Buffer | null = null;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString("ascii", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === "fmt ") format = bytes.subarray(at + 8, at + 8 + size);
    if (id === "data") {
      if (
        !format ||
        format.readUInt16LE(0) !== 1 ||
        format.readUInt16LE(2) !== 1 ||
        format.readUInt32LE(4) !== RATE ||
        format.readUInt16LE(14) !== 16
      ) {
        throw new Error(`espeak-ng did not write ${RATE} Hz 16-bit mono PCM`);
      }
      const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1)));
    }
    at += 8 + size + (size & 1);
  }
  throw new Error("no data chunk in espeak-ng's WAV");
}

function writeWav(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // byte rate: 2 bytes per sample
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/**
 * One segment read aloud, without the silence espeak-ng leaves around a sentence (its span is then the
 * words themselves), with 10 ms kept before the first sound, 40 ms after the last and 5 ms fades so the cut
 * does not click.
 */
function speak(segment: SpokenSegment): Float64Array {
  const voice = SPOKEN_VOICES[segment.speaker];
  if (!voice) throw new Error(`No voice for ${segment.speaker}`);
  const file = path.join(work, "segment.wav");
  run("espeak-ng", ["-v", voice.voice, "-s", String(voice.speed), "-p", String(voice.pitch), "-w", file, "--stdin"], segment.text);
  const samples = readWav(fs.readFileSync(file));
  const loud = (i: number) => Math.abs(samples[i]!) > 64;
  let first = 0;
  while (first < samples.length && !loud(first)) first++;
  let last = samples.length - 1;
  while (last > first && !loud(last)) last--;
  if (first >= samples.length) throw new Error(`espeak-ng said nothing for: ${segment.text}`);
  const from = Math.max(0, first - Math.round(0.01 * RATE));
  const to = Math.min(samples.length, last + 1 + Math.round(0.04 * RATE));
  const fade = Math.round(0.005 * RATE);
  return Float64Array.from(samples.subarray(from, to), (value, i) => value * Math.min(1, i / fade, (to - from - 1 - i) / fade));
}

/**
 * The episode's WAV and the span of each segment in it. The pauses are lengthened evenly (by well under a
 * second in all) so the episode is a whole number of seconds and the stored duration is exact; the whole is
 * brought to a -1 dBFS peak, so every episode is about as loud.
 */
function synthesise(script: SpokenScript, source: string): { wav: Buffer; timings: SpokenTimings } {
  const clips = script.segments.map(speak);
  const gaps = script.segments.slice(1).map((segment, i) => {
    const pause = segment.speaker === script.segments[i]!.speaker ? SPOKEN_SETTINGS.pause.sameSpeaker : SPOKEN_SETTINGS.pause.newSpeaker;
    return Math.round(pause * RATE);
  });
  let tail = Math.round(SPOKEN_SETTINGS.tail * RATE);
  const length = clips.reduce((sum, clip) => sum + clip.length, 0) + gaps.reduce((sum, gap) => sum + gap, 0) + tail;
  const total = Math.ceil(length / RATE) * RATE;
  const extra = total - length;
  if (gaps.length) gaps.forEach((gap, i) => (gaps[i] = gap + Math.floor(extra / gaps.length) + (i < extra % gaps.length ? 1 : 0)));
  else tail += extra;

  const mix = new Float64Array(total);
  const spans: { start: number; end: number }[] = [];
  let at = 0;
  clips.forEach((clip, i) => {
    mix.set(clip, at);
    spans.push({ start: Math.round((at / RATE) * 1000) / 1000, end: Math.round(((at + clip.length) / RATE) * 1000) / 1000 });
    at += clip.length + (gaps[i] ?? 0);
  });
  const peak = mix.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  const gain = (0.891 * 32767) / peak;
  const samples = Int16Array.from(mix, (value) => Math.max(-32768, Math.min(32767, Math.round(value * gain))));
  return { wav: writeWav(samples), timings: { source, seconds: total / RATE, segments: spans } };
}

function encodeMp3(script: SpokenScript, wav: Buffer, tag: string, file: string) {
  // prettier-ignore
  const args = [
    "--quiet", "-m", "m", "-b", String(SPOKEN_SETTINGS.mp3.bitrate), "--cbr", "--resample", String(SPOKEN_SETTINGS.mp3.sampleRate / 1000), "--noreplaygain",
    "--id3v2-only", "--id3v2-latin1", "--tt", script.title, "--ta", "MarketWire", "--tc", tag,
    "-", file,
  ];
  run("lame", args, wav);
}

/** The artwork as a still picture over the audio: a tiny video stream (a few frames a second, a keyframe every 10 s). */
function encodeMp4(script: SpokenScript, artwork: string, wav: Buffer, seconds: number, tag: string, file: string) {
  const image = MEDIA_IMAGES.find((i) => i.name === artwork);
  if (!image) throw new Error(`Unknown demo image: ${artwork}`);
  const { width, height, fps, keyframeSeconds, audioBitrate } = SPOKEN_SETTINGS.video;
  const frame = path.join(work, "frame.png");
  const audio = path.join(work, "episode.wav");
  run("rsvg-convert", ["-w", String(width), "-h", String(height), "-f", "png", "-o", frame], renderMediaSvg(image));
  fs.writeFileSync(audio, wav);
  // prettier-ignore
  const args = [
    "-hide_banner", "-loglevel", "error", "-y",
    "-loop", "1", "-framerate", String(fps), "-i", frame, "-i", audio, "-map", "0:v", "-map", "1:a", "-t", String(seconds),
    "-c:v", "libx264", "-profile:v", "baseline", "-level", "3.0", "-tune", "stillimage", "-preset", "veryslow", "-crf", "23",
    "-pix_fmt", "yuv420p", "-g", String(fps * keyframeSeconds),
    "-c:a", "aac", "-b:a", `${audioBitrate}k`, "-ac", "1",
    "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
    "-metadata", `title=${script.title}`, "-metadata", "artist=MarketWire", "-metadata", `comment=${tag}`,
    file,
  ];
  run("ffmpeg", args);
}

const timings: Record<string, SpokenTimings> = {};
try {
  for (const script of SPOKEN_SCRIPTS) {
    const file = path.join(publicDir, spokenMediaPath(script.name));
    const relative = path.relative(process.cwd(), file);
    const source = spokenSourceTag(script.name);
    const tag = script.media.kind === "audio" ? source : demoVideoSourceTag(script.name);
    const committed = (SPOKEN_TIMINGS as Partial<Record<string, SpokenTimings>>)[script.name];
    if (committed?.source === source && fs.existsSync(file) && fs.readFileSync(file).includes(tag, 0, "latin1")) {
      timings[script.name] = committed;
      console.info(`${relative} is up to date.`);
      continue;
    }
    const needed = script.media.kind === "audio" ? (["espeak-ng", "lame"] as const) : (["espeak-ng", "ffmpeg", "rsvg-convert"] as const);
    const missing = needed.filter((tool) => !tools[tool]);
    if (missing.length) {
      if (committed) timings[script.name] = committed;
      console.warn(
        `${relative} or its timings are missing or stale and ${missing.join(", ")} not installed: install them and run this again.`,
      );
      process.exitCode = 1;
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const episode = synthesise(script, source);
    if (script.media.kind === "audio") encodeMp3(script, episode.wav, tag, file);
    else encodeMp4(script, script.media.artwork, episode.wav, episode.timings.seconds, tag, file);
    timings[script.name] = episode.timings;
    console.info(`Made ${relative} (${episode.timings.seconds} s, ${Math.round(fs.statSync(file).size / 1024)} KB).`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

// Written through prettier, so the generated module passes `npm run lint` and an unchanged run changes nothing.
const timingsFile = path.resolve(process.cwd(), "app/server/seed/catalogue/spoken-timings.ts");
const timingsSource = await prettier.format(
  [
    "// Generated by app/server/seed/generate-media.ts from the synthesised audio: do not edit.",
    "",
    // The type lives here, with the data, so that spoken.ts imports this module and nothing imports back.
    "/** Measured by generate-media.ts: the episode's whole length and each segment's span, in seconds. */",
    "export interface SpokenTimings {",
    "  /** The source tag of the script these times were measured for. */",
    "  source: string;",
    "  seconds: number;",
    "  segments: { start: number; end: number }[];",
    "}",
    "",
    // One line per segment.
    `export const SPOKEN_TIMINGS: Record<string, SpokenTimings> = ${JSON.stringify(timings, null, 2).replace(/\{\s+("start": [\d.]+,)\s+("end": [\d.]+)\s+\}/g, "{ $1 $2 }")};`,
  ].join("\n"),
  { ...(await prettier.resolveConfig(timingsFile)), filepath: timingsFile },
);
if (!fs.existsSync(timingsFile) || fs.readFileSync(timingsFile, "utf8") !== timingsSource) {
  fs.writeFileSync(timingsFile, timingsSource);
  console.info(`Wrote ${path.relative(process.cwd(), timingsFile)}.`);
}
