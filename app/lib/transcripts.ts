/**
 * Transcripts and chapters of videos, podcasts and interviews (PRODUCT.md "Transcripts"). What an editor pastes or
 * uploads (WebVTT, SRT or plain text) is checked and normalised here once; what was stored is read back for the page,
 * the caption track and search. Pure and dependency-free: used by the server and in the browser.
 */

/** PRODUCT.md "Transcripts": limits. */
export const TRANSCRIPT_MAX_CHARACTERS = 500_000;
export const CHAPTERS_MAX = 100;
export const CHAPTER_TITLE_MAX = 200;

/** One caption. Times in seconds (millisecond precision); text is plain text, the cue's lines joined with "\n". */
export interface Cue {
  start: number;
  end: number;
  speaker: string | null;
  text: string;
}

/** Cues merged for reading (transcriptParagraphs). */
export interface Paragraph {
  start: number;
  speaker: string | null;
  text: string;
}

export interface Chapter {
  start: number;
  title: string;
}

/** What a file's extension says (.vtt/.srt/.txt); null or undefined: detect the format from the text. */
export type TranscriptSource = "vtt" | "srt" | "text";

/** A cue as parsed: whole milliseconds (no float drift in comparisons) and the settings the stored WebVTT keeps. */
interface ParsedCue {
  startMs: number;
  endMs: number;
  settings: string;
  speaker: string | null;
  text: string;
}

/** What is wrong with the editor's input: thrown inside the parsers, handed back as `{ ok: false }`. */
class Refusal extends Error {
  readonly line: number | null;
  constructor(line: number | null, message: string) {
    super(message);
    this.line = line;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Input

/** A BOM and Windows or old Mac line ends are how files arrive, not content: line numbers stay those of the input. */
function normaliseInput(input: string): string {
  return input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Control characters other than tab and LF, U+FFFD (what a decoder leaves of a non-UTF-8 byte) and lone surrogates. */
const BAD_CHARACTER = /[^\P{Cc}\t\n]|\uFFFD|\p{Cs}/u;

function lineOfIndex(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
}

/**
 * PRODUCT.md "Transcripts": a file saved in another encoding shows up as U+FFFD, and control characters (NUL above
 * all, which PostgreSQL text cannot hold) are never meant; both are refused on their line so the editor can fix them.
 */
function refuseBadCharacters(text: string): void {
  const match = BAD_CHARACTER.exec(text);
  if (!match) return;
  const line = lineOfIndex(text, match.index);
  throw new Refusal(
    line,
    /\p{Cc}/u.test(match[0]) ? `Line ${line} contains a control character` : `Line ${line} is not UTF-8 text: save the file as UTF-8`,
  );
}

/** Spaces and tabs only: a line that looks empty separates blocks (the WebVTT spec wants it truly empty). */
function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

const MAX_QUOTED = 40;

/** A piece of the input quoted in a message, cut so a garbage line cannot become a garbage message. */
function quoted(token: string): string {
  return `"${token.length > MAX_QUOTED ? `${token.slice(0, MAX_QUOTED)}…` : token}"`;
}

// ---------------------------------------------------------------------------------------------------------------
// Cue text

/** The named references decoded: the WebVTT spec's own few, plus typography that caption tools write out. */
const NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  lrm: "\u200E",
  rlm: "\u200F",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  deg: "°",
};

const CHARACTER_REFERENCE = /&(?:#(\d+)|#[xX]([\da-fA-F]+)|([A-Za-z][A-Za-z\d]*));/g;

/**
 * Decodes character references. One that names no usable character (a surrogate, beyond Unicode, U+FFFD) stays as
 * written; one that names a control character is refused like the character itself, since stored text must not hold it.
 */
function decodeReferences(text: string, line: number): string {
  return text.replace(CHARACTER_REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return Object.hasOwn(NAMED_REFERENCES, name) ? NAMED_REFERENCES[name] : reference;
    const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? "", 16);
    if (!(codePoint <= 0x10ffff) || (codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint === 0xfffd) return reference;
    const character = String.fromCodePoint(codePoint);
    if (character !== "\t" && /\p{Cc}/u.test(character)) throw new Refusal(line, `Line ${line} contains a control character`);
    return character;
  });
}

/** `&`, `<` and `>` escaped: the stored WebVTT's text can then hold no tag, no reference and no `-->`. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A WebVTT tag on one line. A `<` that opens no tag stays text (a browser would hide the rest of the cue). */
const VTT_TAG = /<([^<>\n]*)>/g;
/** `v`, optional `.classes`, then the annotation: the voice's name. */
const VOICE_TAG = /^v(?:\.[^\s.]*)*(?:[ \t]+(.*))?$/;

/** A voice span's annotation as a speaker: references decoded, whitespace collapsed (as the spec does); empty is none. */
function voiceName(annotation: string, line: number): string | null {
  return decodeReferences(annotation, line).replace(/\s+/g, " ").trim() || null;
}

/** PRODUCT.md "Transcripts": the speaker is the first voice span's name; every tag is removed from the text. */
function vttCueText(lines: readonly string[], firstLine: number): { speaker: string | null; text: string } {
  let speaker: string | null | undefined;
  const kept: string[] = [];
  lines.forEach((raw, index) => {
    const line = firstLine + index;
    const withoutTags = raw.replace(VTT_TAG, (_tag, inner: string) => {
      const voice = speaker === undefined ? VOICE_TAG.exec(inner) : null;
      if (voice) speaker = voiceName(voice[1] ?? "", line);
      return "";
    });
    const text = decodeReferences(withoutTags, line).trim();
    if (text) kept.push(text);
  });
  return { speaker: speaker ?? null, text: kept.join("\n") };
}

/** The SRT formatting tags players understand, and ASS overrides such as `{\an8}`; anything else is text. */
const SRT_TAG = /<\/?(?:[ibus]|font(?:\s[^<>\n]*)?)\s*>|\{\\[^}\n]*\}/gi;

function srtCueText(lines: readonly string[]): string {
  return lines
    .map((line) => line.replace(SRT_TAG, "").trim())
    .filter(Boolean)
    .join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Times

const VTT_TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;
const SRT_TIME = /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})$/;

/** Milliseconds, or null when minutes or seconds are 60 or more (or the hours are beyond any real recording). */
function toMilliseconds(hours: string | undefined, minutes: string, seconds: string, fraction: string): number | null {
  const m = Number(minutes);
  const s = Number(seconds);
  if (s >= 60 || (hours !== undefined && m >= 60)) return null;
  const ms = ((Number(hours ?? 0) * 60 + m) * 60 + s) * 1000 + Number(fraction.padEnd(3, "0"));
  return Number.isSafeInteger(ms) ? ms : null;
}

function parseVttTime(token: string): number | null {
  const match = VTT_TIME.exec(token);
  if (!match || Number(match[2]) >= 60) return null;
  return toMilliseconds(match[1], match[2], match[3], match[4]);
}

function parseSrtTime(token: string): number | null {
  const match = SRT_TIME.exec(token);
  return match ? toMilliseconds(match[1], match[2], match[3], match[4]) : null;
}

/** '00:01:02.500': the stored WebVTT always writes hours, at least two digits. */
function vttTimestamp(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const seconds = Math.floor(ms / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(ms % 1000, 3)}`;
}

function toMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** The checks every cue's timing gets, in WebVTT and SRT alike. */
function checkCueTimes(startMs: number, endMs: number, previousStartMs: number | null, line: number): void {
  if (endMs < startMs) throw new Refusal(line, `Line ${line}: the cue ends before it starts`);
  if (endMs === startMs) throw new Refusal(line, `Line ${line}: the cue ends when it starts`);
  if (previousStartMs !== null && startMs < previousStartMs) {
    throw new Refusal(line, `Line ${line}: the cues are out of order: this one starts before the one before it`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// WebVTT

const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;
const NOTE_LINE = /^NOTE(?:[ \t]|$)/;
const STYLE_OR_REGION_LINE = /^(?:STYLE|REGION)[ \t]*$/;
/** The settings the WebVTT spec knows; it ignores any other token, so the stored file leaves them out. */
const CUE_SETTING = /^(?:vertical|line|position|size|align|region):\S+$/;

/**
 * The blocks of a WebVTT file, as the W3C WebVTT parser reads them: the header runs to a blank line or a timing line;
 * a cue's timing is its block's first or second line (the first being its identifier); a later line with `-->` ends
 * the block and starts the next one.
 */
function parseVttCues(lines: readonly string[]): ParsedCue[] {
  let i = 0;
  while (i < lines.length && isBlank(lines[i])) i += 1;
  if (!VTT_HEADER.test(lines[i])) throw new Refusal(i + 1, `Line ${i + 1} must be WEBVTT: this is not a WebVTT file`);
  i += 1;
  while (i < lines.length && !isBlank(lines[i]) && !lines[i].includes("-->")) i += 1;

  const cues: ParsedCue[] = [];
  let previousStartMs: number | null = null;
  while (i < lines.length) {
    if (isBlank(lines[i])) {
      i += 1;
      continue;
    }
    const blockStart = i;
    let timing: number;
    if (lines[i].includes("-->")) timing = i;
    else if (i + 1 < lines.length && lines[i + 1].includes("-->")) timing = i + 1;
    else if (NOTE_LINE.test(lines[i]) || STYLE_OR_REGION_LINE.test(lines[i])) {
      i += 1;
      while (i < lines.length && !isBlank(lines[i]) && !lines[i].includes("-->")) i += 1;
      continue;
    } else {
      throw new Refusal(blockStart + 1, `Line ${blockStart + 1}: expected a cue timing such as 00:00:01.000 --> 00:00:04.000`);
    }

    const line = timing + 1;
    const timingLine = lines[timing];
    const arrow = timingLine.indexOf("-->");
    const startToken = timingLine.slice(0, arrow).trim();
    const [endToken, ...settingTokens] = timingLine
      .slice(arrow + 3)
      .trim()
      .split(/[ \t]+/);
    const startMs = parseVttTime(startToken);
    if (startMs === null) throw new Refusal(line, `Line ${line}: ${quoted(startToken)} is not a time (use hh:mm:ss.ttt or mm:ss.ttt)`);
    const endMs = parseVttTime(endToken);
    if (endMs === null) throw new Refusal(line, `Line ${line}: ${quoted(endToken)} is not a time (use hh:mm:ss.ttt or mm:ss.ttt)`);
    checkCueTimes(startMs, endMs, previousStartMs, line);
    previousStartMs = startMs;

    let end = timing + 1;
    while (end < lines.length && !isBlank(lines[end]) && !lines[end].includes("-->")) end += 1;
    const { speaker, text } = vttCueText(lines.slice(timing + 1, end), timing + 2);
    // PRODUCT.md "Transcripts": a cue with nothing to read is accepted and left out.
    if (text) cues.push({ startMs, endMs, settings: settingTokens.filter((token) => CUE_SETTING.test(token)).join(" "), speaker, text });
    i = end;
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------------------
// SRT

function isSrtIndex(line: string | undefined): boolean {
  return line !== undefined && /^[ \t]*\d+[ \t]*$/.test(line);
}

/** An index line directly above a timing line (the blank line before it may be missing). */
function startsSrtCue(lines: readonly string[], i: number): boolean {
  return lines[i].includes("-->") || (isSrtIndex(lines[i]) && i + 1 < lines.length && lines[i + 1].includes("-->"));
}

/** SRT blocks: index (may be missing), `hh:mm:ss,mmm --> hh:mm:ss,mmm` (trailing `X1:… Y2:…` ignored), text lines. */
function parseSrtCues(lines: readonly string[]): ParsedCue[] {
  const cues: ParsedCue[] = [];
  let previousStartMs: number | null = null;
  let i = 0;
  while (i < lines.length) {
    if (isBlank(lines[i])) {
      i += 1;
      continue;
    }
    if (!startsSrtCue(lines, i)) {
      // After an index line the timing is missing from the next line; otherwise this line should have been one.
      const line = isSrtIndex(lines[i]) && i + 1 < lines.length && !isBlank(lines[i + 1]) ? i + 2 : i + 1;
      throw new Refusal(line, `Line ${line}: expected a cue timing such as 00:00:01,000 --> 00:00:04,000`);
    }
    const timing = lines[i].includes("-->") ? i : i + 1;
    const line = timing + 1;
    const arrow = lines[timing].indexOf("-->");
    const startToken = lines[timing].slice(0, arrow).trim();
    const endToken = lines[timing]
      .slice(arrow + 3)
      .replace(/[ \t]+X1:.*$/i, "")
      .trim();
    const startMs = parseSrtTime(startToken);
    if (startMs === null) throw new Refusal(line, `Line ${line}: ${quoted(startToken)} is not a time (use hh:mm:ss,mmm)`);
    const endMs = parseSrtTime(endToken);
    if (endMs === null) throw new Refusal(line, `Line ${line}: ${quoted(endToken)} is not a time (use hh:mm:ss,mmm)`);
    checkCueTimes(startMs, endMs, previousStartMs, line);
    previousStartMs = startMs;

    let end = timing + 1;
    while (end < lines.length && !isBlank(lines[end]) && !startsSrtCue(lines, end)) end += 1;
    const text = srtCueText(lines.slice(timing + 1, end));
    if (text) cues.push({ startMs, endMs, settings: "", speaker: null, text });
    i = end;
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------------------
// Stored forms

/** PRODUCT.md "Transcripts": the one WebVTT shape stored, which browsers load in a <track> and parseTranscript reads back. */
function storedVtt(cues: readonly ParsedCue[]): string {
  const blocks = cues.map((cue) => {
    const timing = `${vttTimestamp(cue.startMs)} --> ${vttTimestamp(cue.endMs)}${cue.settings ? ` ${cue.settings}` : ""}`;
    const voice = cue.speaker ? `<v ${escapeCueText(cue.speaker)}>` : "";
    return `${timing}\n${voice}${escapeCueText(cue.text)}`;
  });
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

function toCue(cue: ParsedCue): Cue {
  return { start: cue.startMs / 1000, end: cue.endMs / 1000, speaker: cue.speaker, text: cue.text };
}

/** PRODUCT.md "Transcripts": trailing spaces gone, at most one blank line in a row, nothing around the text. */
function normalisePlainText(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function detectFormat(lines: readonly string[]): "vtt" | "srt" | "text" {
  const first = lines.findIndex((line) => !isBlank(line));
  if (lines[first].startsWith("WEBVTT")) return "vtt";
  if (startsSrtCue(lines, first)) return "srt";
  const timing = lines.findIndex((line) => line.includes("-->"));
  if (timing !== -1) {
    throw new Refusal(
      timing + 1,
      `Line ${timing + 1} looks like a caption timing, but the file is neither WebVTT (it must start with WEBVTT) nor SRT`,
    );
  }
  return "text";
}

const TOO_LONG = `Transcript must be at most ${TRANSCRIPT_MAX_CHARACTERS.toLocaleString("en-US")} characters`;

/**
 * Parse what an editor pasted or uploaded (PRODUCT.md "Transcripts"). Captions (WebVTT, or SRT converted to it) are
 * stored as one normalised WebVTT; plain text as normalised text; "" (empty input) means no transcript.
 */
export function parseTranscript(
  input: string,
  source?: TranscriptSource | null,
):
  | { ok: true; format: "vtt"; cues: Cue[]; stored: string }
  | { ok: true; format: "text"; stored: string }
  | { ok: false; line: number | null; message: string } {
  try {
    const text = normaliseInput(input ?? "");
    // Counted after line ends are normalised, as the editor's text box counts them.
    if (text.length > TRANSCRIPT_MAX_CHARACTERS) throw new Refusal(null, TOO_LONG);
    refuseBadCharacters(text);
    if (!text.trim()) return { ok: true, format: "text", stored: "" };
    const lines = text.split("\n");
    const format = source ?? detectFormat(lines);
    if (format === "text") return { ok: true, format: "text", stored: normalisePlainText(text) };
    const cues = format === "vtt" ? parseVttCues(lines) : parseSrtCues(lines);
    if (!cues.length) throw new Refusal(null, "The file has no cues");
    const stored = storedVtt(cues);
    // Hours written out and escaping can lengthen a file: what is stored keeps within the limit too.
    if (stored.length > TRANSCRIPT_MAX_CHARACTERS) throw new Refusal(null, TOO_LONG);
    return { ok: true, format: "vtt", cues: cues.map(toCue), stored };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}

function paragraphsOf(text: string): string[] {
  return text ? text.split("\n\n") : [];
}

/**
 * Read what parseTranscript stored (trusted, already valid): VTT cues or plain-text paragraphs. Never throws: a stored
 * value that is not valid WebVTT reads as plain text.
 */
export function readStoredTranscript(stored: string): { format: "vtt"; cues: Cue[] } | { format: "text"; paragraphs: string[] } {
  const text = normaliseInput(stored ?? "");
  if (/^\s*WEBVTT/.test(text)) {
    try {
      refuseBadCharacters(text);
      const cues = parseVttCues(text.split("\n"));
      if (cues.length) return { format: "vtt", cues: cues.map(toCue) };
    } catch {
      // Not valid WebVTT: plain text, below.
    }
  }
  return { format: "text", paragraphs: paragraphsOf(normalisePlainText(text)) };
}

/** The words only, for search: each cue's text (speaker names not included) or the plain text, joined with "\n". */
export function transcriptWords(stored: string): string {
  const transcript = readStoredTranscript(stored);
  return transcript.format === "vtt" ? transcript.cues.map((cue) => cue.text).join("\n") : transcript.paragraphs.join("\n\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** PRODUCT.md "Transcripts": a pause this long starts a new paragraph. */
const PARAGRAPH_GAP_MS = 2_000;
/** PRODUCT.md "Transcripts": past this many characters, a paragraph ends with its next sentence. */
const PARAGRAPH_LENGTH = 500;
const SENTENCE_END = /[.!?]["'”’»]*$/;

/**
 * Cues merged into readable paragraphs (PRODUCT.md "Transcripts"): a new one when the speaker changes, after a pause of
 * 2 seconds or more, or when the paragraph has reached 500 characters and ends a sentence.
 */
export function transcriptParagraphs(cues: Cue[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let current: Paragraph | null = null;
  let previousEndMs = 0;
  for (const cue of cues) {
    const text = cue.text.replace(/\s*\n\s*/g, " ").trim();
    if (!text) continue;
    if (current === null || startsParagraph(current, cue, previousEndMs)) {
      current = { start: cue.start, speaker: cue.speaker, text };
      paragraphs.push(current);
    } else {
      current.text += ` ${text}`;
    }
    previousEndMs = toMs(cue.end);
  }
  return paragraphs;
}

function startsParagraph(current: Paragraph, cue: Cue, previousEndMs: number): boolean {
  return (
    cue.speaker !== current.speaker ||
    toMs(cue.start) - previousEndMs >= PARAGRAPH_GAP_MS ||
    (current.text.length >= PARAGRAPH_LENGTH && SENTENCE_END.test(current.text))
  );
}

/**
 * The first cue whose text contains `query`, case-insensitive like search (`toLowerCase()` substring); the query is
 * trimmed and any whitespace matches any whitespace, so words across a cue's line break are found. Null for no query.
 */
export function findCue(cues: Cue[], query: string): Cue | null {
  const needle = query.replace(/\s+/g, " ").trim().toLowerCase();
  if (!needle) return null;
  return cues.find((cue) => cue.text.replace(/\s+/g, " ").toLowerCase().includes(needle)) ?? null;
}

/** '0:05', '12:34', '1:02:03' (hours only when needed): how the page shows a start time. */
export function formatTimestamp(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(toMs(seconds) / 1000) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor(whole / 60) % 60;
  const ss = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Chapters

/** h:mm:ss (any hours), or m:ss / mm:ss; an optional fraction of 1–3 digits. */
const CHAPTER_TIME = /^(?:(\d+):(\d{2}):(\d{2})|(\d{1,2}):(\d{2}))(?:\.(\d{1,3}))?$/;

function parseChapterTime(token: string): number | null {
  const match = CHAPTER_TIME.exec(token);
  if (!match) return null;
  const fraction = match[6] ?? "0";
  return match[1] !== undefined
    ? toMilliseconds(match[1], match[2], match[3], fraction)
    : toMilliseconds(undefined, match[4], match[5], fraction);
}

/** The stored start: formatTimestamp's, with `.ttt` only when the start has milliseconds (which it keeps). */
function chapterTimestamp(ms: number): string {
  const fraction = ms % 1000;
  return fraction ? `${formatTimestamp(ms / 1000)}.${String(fraction).padStart(3, "0")}` : formatTimestamp(ms / 1000);
}

type ChapterLine = { ok: true; startMs: number; title: string } | { ok: false; message: string };

/** One trimmed, non-blank line: `TIME TITLE`, with an optional ` - `, ` – ` or `: ` between them. */
function parseChapterLine(text: string, line: number): ChapterLine {
  const noTime = { ok: false, message: `Line ${line}: start each chapter with its time, such as 0:00 Introduction` } as const;
  let token = /^\d[\d:.]*/.exec(text)?.[0];
  if (token === undefined) return noTime;
  let rest = text.slice(token.length);
  if (token.endsWith(":") && (rest === "" || /^\s/.test(rest))) {
    token = token.slice(0, -1);
    rest = rest.trim();
  } else if (rest !== "" && !/^\s/.test(rest)) {
    return noTime;
  } else {
    rest = rest.trim().replace(/^[-–—:](?:\s+|$)/, "");
  }
  const startMs = parseChapterTime(token);
  if (startMs === null) {
    return token.includes(":") ? { ok: false, message: `Line ${line}: ${quoted(token)} is not a time (use h:mm:ss or m:ss)` } : noTime;
  }
  const title = rest.replace(/\s+/g, " ").trim();
  if (!title) return { ok: false, message: `Line ${line}: the chapter needs a title` };
  if (title.length > CHAPTER_TITLE_MAX) {
    return { ok: false, message: `Line ${line}: the chapter title must be at most ${CHAPTER_TITLE_MAX} characters` };
  }
  return { ok: true, startMs, title };
}

/**
 * Parse the chapters field (PRODUCT.md "Transcripts"): one chapter per line, 'start title', in order of their starts.
 * Stored as 'M:SS Title' or 'H:MM:SS Title' lines ('.ttt' added only for a start with milliseconds).
 */
export function parseChapters(
  input: string,
): { ok: true; chapters: Chapter[]; stored: string } | { ok: false; line: number; message: string } {
  const text = normaliseInput(input ?? "");
  try {
    refuseBadCharacters(text);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, line: error.line ?? 1, message: error.message };
    throw error;
  }
  const chapters: Chapter[] = [];
  let previousStartMs: number | null = null;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const trimmed = lines[index].trim();
    if (!trimmed) continue;
    const line = index + 1;
    if (chapters.length === CHAPTERS_MAX) return { ok: false, line, message: `Use at most ${CHAPTERS_MAX} chapters` };
    const parsed = parseChapterLine(trimmed, line);
    if (!parsed.ok) return { ok: false, line, message: parsed.message };
    if (previousStartMs !== null && parsed.startMs <= previousStartMs) {
      return { ok: false, line, message: `Line ${line}: chapters must be in order of their start times` };
    }
    previousStartMs = parsed.startMs;
    chapters.push({ start: parsed.startMs / 1000, title: parsed.title });
  }
  return { ok: true, chapters, stored: chapters.map((chapter) => `${chapterTimestamp(toMs(chapter.start))} ${chapter.title}`).join("\n") };
}

/** Read stored chapters (trusted; never throws, skips lines it cannot read, or that would break the order). */
export function readStoredChapters(stored: string | null | undefined): Chapter[] {
  const chapters: Chapter[] = [];
  let previousStartMs = -1;
  normaliseInput(stored ?? "")
    .split("\n")
    .forEach((raw, index) => {
      const trimmed = raw.trim();
      if (!trimmed) return;
      const parsed = parseChapterLine(trimmed, index + 1);
      if (!parsed.ok || parsed.startMs <= previousStartMs) return;
      previousStartMs = parsed.startMs;
      chapters.push({ start: parsed.startMs / 1000, title: parsed.title });
    });
  return chapters;
}

/** PRODUCT.md "Transcripts": the last chapter's end when the media's length is unknown. */
const LAST_CHAPTER_FALLBACK_MS = 3_600_000;

/**
 * Chapters as a WebVTT file for <track kind="chapters">: each chapter ends where the next starts, the last at
 * `endSeconds` (or start + 1 hour when endSeconds is null or not after it).
 */
export function chaptersVtt(chapters: Chapter[], endSeconds: number | null): string {
  const cues = chapters.map((chapter, index): ParsedCue => {
    const startMs = toMs(chapter.start);
    const next = chapters[index + 1];
    const lastEndMs = endSeconds !== null && toMs(endSeconds) > startMs ? toMs(endSeconds) : startMs + LAST_CHAPTER_FALLBACK_MS;
    return { startMs, endMs: next ? toMs(next.start) : lastEndMs, settings: "", speaker: null, text: chapter.title };
  });
  return cues.length ? storedVtt(cues) : "WEBVTT\n";
}

/** Chapters in the Podcasting 2.0 JSON chapters format: { version: "1.2.0", chapters: [{ startTime, title }] }. */
export function chaptersJson(chapters: Chapter[]): { version: "1.2.0"; chapters: { startTime: number; title: string }[] } {
  return { version: "1.2.0", chapters: chapters.map((chapter) => ({ startTime: chapter.start, title: chapter.title })) };
}
