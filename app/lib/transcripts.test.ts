import { describe, expect, it } from "vitest";

import {
  CHAPTER_TITLE_MAX,
  CHAPTERS_MAX,
  chaptersJson,
  chaptersVtt,
  findCue,
  formatTimestamp,
  parseChapters,
  parseTranscript,
  readStoredChapters,
  readStoredTranscript,
  TRANSCRIPT_MAX_CHARACTERS,
  transcriptParagraphs,
  transcriptWords,
  type Cue,
  type TranscriptSource,
} from "./transcripts";

/** The parsed WebVTT (or SRT converted to it); fails the test with the refusal otherwise. */
function captions(input: string, source?: TranscriptSource | null) {
  const result = parseTranscript(input, source);
  if (!result.ok) throw new Error(`refused: line ${result.line}: ${result.message}`);
  if (result.format !== "vtt") throw new Error(`read as ${result.format}`);
  return result;
}

/** The refusal's line and message; fails the test if the input was accepted. */
function refusal(input: string, source?: TranscriptSource | null) {
  const result = parseTranscript(input, source);
  if (result.ok) throw new Error(`accepted as ${result.format}: ${JSON.stringify(result.stored.slice(0, 200))}`);
  return { line: result.line, message: result.message };
}

function vtt(...lines: string[]): string {
  return lines.join("\n");
}

function cue(start: number, end: number, text: string, speaker: string | null = null): Cue {
  return { start, end, speaker, text };
}

describe('parseTranscript: WebVTT (PRODUCT.md "Transcripts")', () => {
  it("stores the normalised WebVTT: hours written out, header text, identifiers and hour-less times gone, settings kept", () => {
    const result = captions(
      vtt(
        "WEBVTT - MarketWire interview",
        "Kind: captions",
        "Language: en",
        "",
        "intro",
        "00:00.000 --> 00:04.250",
        "<v Dr Amelia Hartcourt>First line",
        "second line",
        "",
        "00:04.250 --> 00:09.000 align:start",
        "Text without a speaker",
      ),
    );
    expect(result.stored).toBe(
      [
        "WEBVTT",
        "",
        "00:00:00.000 --> 00:00:04.250",
        "<v Dr Amelia Hartcourt>First line",
        "second line",
        "",
        "00:00:04.250 --> 00:00:09.000 align:start",
        "Text without a speaker",
        "",
      ].join("\n"),
    );
    expect(result.cues).toEqual([cue(0, 4.25, "First line\nsecond line", "Dr Amelia Hartcourt"), cue(4.25, 9, "Text without a speaker")]);
  });

  it("accepts the header alone on its line, with text after a space or a tab", () => {
    for (const header of ["WEBVTT", "WEBVTT ", "WEBVTT Title", "WEBVTT\tTitle"]) {
      expect(captions(`${header}\n\n00:01.000 --> 00:02.000\nHi`).cues).toEqual([cue(1, 2, "Hi")]);
    }
  });

  it("strips a BOM and reads CRLF and lone CR line ends", () => {
    const lines = ["WEBVTT", "", "00:01.000 --> 00:02.000", "One", "two", "", "00:03.000 --> 00:04.000", "Three"];
    const expected = [cue(1, 2, "One\ntwo"), cue(3, 4, "Three")];
    expect(captions(`\uFEFF${lines.join("\r\n")}`).cues).toEqual(expected);
    expect(captions(lines.join("\r")).cues).toEqual(expected);
    expect(captions(`\uFEFF${lines.join("\r\n")}`).stored).toBe(captions(lines.join("\n")).stored);
  });

  it("keeps the cue settings in the stored WebVTT (not in the cue), and leaves out tokens the spec ignores", () => {
    const result = captions(
      vtt(
        "WEBVTT",
        "",
        "00:01.000 --> 00:02.000 align:start position:10% line:0 size:80% vertical:rl region:x",
        "Set",
        "",
        "00:03.000 --> 00:04.000\tline:-1   align:end bogus nothing:",
        "Tabs and junk",
      ),
    );
    expect(result.stored).toContain("00:00:01.000 --> 00:00:02.000 align:start position:10% line:0 size:80% vertical:rl region:x\nSet");
    expect(result.stored).toContain("00:00:03.000 --> 00:00:04.000 line:-1 align:end\nTabs and junk");
    expect(result.cues).toEqual([cue(1, 2, "Set"), cue(3, 4, "Tabs and junk")]);
  });

  it("skips NOTE, STYLE and REGION blocks", () => {
    const result = captions(
      vtt(
        "WEBVTT",
        "",
        "STYLE",
        "::cue { color: yellow }",
        "",
        "REGION",
        "id:x width:40% lines:3",
        "",
        "NOTE",
        "a comment over",
        "two lines",
        "",
        "NOTE one-line comment",
        "",
        "NOTE\ttab comment",
        "",
        "00:01.000 --> 00:02.000 region:x",
        "Kept",
        "",
        "NOTE after a cue",
        "",
        "00:03.000 --> 00:04.000",
        "Also kept",
      ),
    );
    expect(result.cues).toEqual([cue(1, 2, "Kept"), cue(3, 4, "Also kept")]);
    expect(result.stored).not.toMatch(/NOTE|STYLE|REGION|comment|yellow/);
  });

  it("drops cue identifiers, numeric or not", () => {
    const result = captions(vtt("WEBVTT", "", "1", "00:01.000 --> 00:02.000", "One", "", "intro-2", "00:02.000 --> 00:03.000", "Two"));
    expect(result.cues).toEqual([cue(1, 2, "One"), cue(2, 3, "Two")]);
    expect(result.stored).not.toMatch(/intro-2|^1$/m);
  });

  it("reads hour-less, one-digit-hour and over-99-hour times", () => {
    const result = captions(
      vtt(
        "WEBVTT",
        "",
        "59:59.999 --> 1:00:00.000",
        "A",
        "",
        "99:00:00.000 --> 100:00:00.500",
        "B",
        "",
        "123:04:05.006 --> 123:04:06.000",
        "C",
      ),
    );
    expect(result.cues.map(({ start, end }) => [start, end])).toEqual([
      [3599.999, 3600],
      [356_400, 360_000.5],
      [443_045.006, 443_046],
    ]);
    expect(result.stored).toContain("00:59:59.999 --> 01:00:00.000\nA");
    expect(result.stored).toContain("99:00:00.000 --> 100:00:00.500\nB");
    expect(result.stored).toContain("123:04:05.006 --> 123:04:06.000\nC");
  });

  it("accepts overlapping cues and cues with the same start", () => {
    const result = captions(
      vtt("WEBVTT", "", "00:01.000 --> 00:05.000", "A", "", "00:01.000 --> 00:03.000", "B", "", "00:02.000 --> 00:04.000", "C"),
    );
    expect(result.cues).toEqual([cue(1, 5, "A"), cue(1, 3, "B"), cue(2, 4, "C")]);
  });

  it("drops cues with nothing to read: no payload, only tags or only spaces", () => {
    const result = captions(
      vtt(
        "WEBVTT",
        "",
        "00:01.000 --> 00:02.000",
        "",
        "00:02.000 --> 00:03.000",
        "<v Bob><i></i></v>",
        "",
        "00:03.000 --> 00:04.000",
        "  &nbsp; ",
        "",
        "00:04.000 --> 00:05.000",
        "Kept",
      ),
    );
    expect(result.cues).toEqual([cue(4, 5, "Kept")]);
    expect(result.stored).toBe("WEBVTT\n\n00:00:04.000 --> 00:00:05.000\nKept\n");
  });

  it.each([
    ["<v Bob>Hello</v>", "Bob", "Hello"],
    ["<v.loud.angry Alice Smith>Sell!</v> Now.", "Alice Smith", "Sell! Now."],
    ["<v   Dr   Amelia\tHartcourt  >Hi", "Dr Amelia Hartcourt", "Hi"],
    ["<v Ann &amp; Bo>Joint", "Ann & Bo", "Joint"],
    ["<v>No name", null, "No name"],
    ["<v.x>Class only", null, "Class only"],
    ["<c.x>Before</c> <v Bob>first <v Ann>second", "Bob", "Before first second"],
    ["<vid Bob>Not a voice", null, "Not a voice"],
    ["<V Bob>Tag names are case-sensitive", null, "Tag names are case-sensitive"],
  ])("voice span %j → speaker %j", (payload, speaker, text) => {
    expect(captions(`WEBVTT\n\n00:01.000 --> 00:02.000\n${payload}`).cues).toEqual([cue(1, 2, text, speaker)]);
  });

  it("takes the first voice span even when it is on a later line", () => {
    const result = captions(vtt("WEBVTT", "", "00:01.000 --> 00:02.000", "- Hello?", "<v Bob>- Hi"));
    expect(result.cues).toEqual([cue(1, 2, "- Hello?\n- Hi", "Bob")]);
  });

  it("removes every tag: classes, styles, ruby, language and inline timestamps", () => {
    const payload =
      "<c.yellow.bg_blue>Gold</c> <i>rose</i> <b>2%</b> <u>today</u>, <ruby>漢<rt>kan</rt></ruby> <lang en-GB>colour</lang><00:00:01.500> <c>at</c><00:00:01.800> close";
    expect(captions(`WEBVTT\n\n00:01.000 --> 00:02.000\n${payload}`).cues[0].text).toBe("Gold rose 2% today, 漢kan colour at close");
  });

  it("decodes character references, after the tags are removed", () => {
    const payload =
      "A &amp; B &lt;i&gt; &quot;q&quot; &#39;s&#39; a&nbsp;b &lrm;x&rlm; &#65;&#x42;&#X43; &hellip; &copy; &unknown; &amp;lt;";
    expect(captions(`WEBVTT\n\n00:01.000 --> 00:02.000\n${payload}`).cues[0].text).toBe(
      "A & B <i> \"q\" 's' a\u00A0b \u200Ex\u200F ABC … © &unknown; &lt;",
    );
  });

  it("keeps references to no usable character as written, and refuses references to control characters", () => {
    expect(captions("WEBVTT\n\n00:01.000 --> 00:02.000\nx &#xD800; &#1114112; &#xFFFD;").cues[0].text).toBe(
      "x &#xD800; &#1114112; &#xFFFD;",
    );
    expect(refusal("WEBVTT\n\n00:01.000 --> 00:02.000\nfine\nNUL &#0;")).toEqual({
      line: 5,
      message: "Line 5 contains a control character",
    });
    expect(refusal("WEBVTT\n\n00:01.000 --> 00:02.000\n<v A&#10;B>x")).toEqual({ line: 4, message: "Line 4 contains a control character" });
    expect(captions("WEBVTT\n\n00:01.000 --> 00:02.000\na&#9;b").cues[0].text).toBe("a\tb");
  });

  it("keeps a multi-line payload: lines trimmed, empty ones dropped, joined with \\n", () => {
    const result = captions(vtt("WEBVTT", "", "00:01.000 --> 00:02.000", "  first  ", "<i></i>", "second", " \tthird"));
    expect(result.cues).toEqual([cue(1, 2, "first\nsecond\nthird")]);
  });

  it("keeps a < that opens no tag on its line as text, escaped in the stored WebVTT", () => {
    const result = captions("WEBVTT\n\n00:01.000 --> 00:02.000\nRevenue < costs & growth\nmargin > 5% --&gt; up");
    expect(result.cues[0].text).toBe("Revenue < costs & growth\nmargin > 5% --> up");
    expect(result.stored).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nRevenue &lt; costs &amp; growth\nmargin &gt; 5% --&gt; up\n");
    // Closed on its line, it is a tag, as the WebVTT spec reads it.
    expect(captions("WEBVTT\n\n00:01.000 --> 00:02.000\nA < b > c").cues[0].text).toBe("A  c");
  });

  it("reads a raw --> in a payload as the next cue's timing, as browsers do", () => {
    expect(refusal("WEBVTT\n\n00:01.000 --> 00:02.000\nOne\nprofit --> loss")).toEqual({
      line: 5,
      message: 'Line 5: "profit" is not a time (use hh:mm:ss.ttt or mm:ss.ttt)',
    });
  });

  it("reads as the WebVTT spec does when blank lines are missing: a timing line ends the header or the cue before it", () => {
    const result = captions(
      vtt("WEBVTT", "00:01.000 --> 00:02.000", "One", "00:02.000 --> 00:03.000", "Two", "NOTE", "00:03.000 --> 00:04.000", "Three"),
    );
    expect(result.cues).toEqual([cue(1, 2, "One"), cue(2, 3, "Two\nNOTE"), cue(3, 4, "Three")]);
  });

  it("treats a line of spaces or tabs as a blank line", () => {
    const result = captions(
      vtt("WEBVTT", "  ", "00:01.000 --> 00:02.000", "One", " \t ", "NOTE comment", "", "00:02.000 --> 00:03.000", "Two"),
    );
    expect(result.cues).toEqual([cue(1, 2, "One"), cue(2, 3, "Two")]);
  });

  it("accepts a timing without spaces around the arrow, and leading blank lines", () => {
    expect(captions("\n\nWEBVTT\n\n00:01.000-->00:02.000\nTight").cues).toEqual([cue(1, 2, "Tight")]);
  });
});

describe('the stored WebVTT round trip (PRODUCT.md "Transcripts")', () => {
  const awkward = vtt(
    "\uFEFFWEBVTT Kind: captions",
    "",
    "NOTE made by hand",
    "",
    "1",
    "00:00.000 --> 00:01.500 align:start line:0",
    "<v.host Ann &amp; Bo>Markets &lt;opened&gt; &quot;up&quot;",
    "  <i>2%</i> -- &#8364;5 &nbsp; ",
    "",
    "00:01.000 --> 00:03.000",
    "Overlap <c.x>with</c> a < sign & an --&gt; arrow",
    "",
    "00:03.000 --> 00:03.001",
    "<v Dr. Smith>&#x1F4C8; up",
    "",
    "100:00:00.000 --> 100:00:01.000",
    "Late",
  );

  it("parse → stored → parse gives the same cues, and storing again gives the same text", () => {
    const first = captions(awkward);
    const second = captions(first.stored);
    expect(second.cues).toEqual(first.cues);
    expect(second.stored).toBe(first.stored);
    expect(captions(first.stored, "vtt").cues).toEqual(first.cues);
    expect(readStoredTranscript(first.stored)).toEqual({ format: "vtt", cues: first.cues });
  });

  it("escapes the text and the speaker so the stored file holds no stray tag, reference or arrow", () => {
    const { stored, cues } = captions(awkward);
    expect(cues[0]).toEqual(cue(0, 1.5, 'Markets <opened> "up"\n2% -- €5', "Ann & Bo"));
    expect(stored).toContain('00:00:00.000 --> 00:00:01.500 align:start line:0\n<v Ann &amp; Bo>Markets &lt;opened&gt; "up"\n2% -- €5\n');
    expect(stored).toContain("\nOverlap with a &lt; sign &amp; an --&gt; arrow\n");
    expect(stored).toContain("\n<v Dr. Smith>📈 up\n");
    expect(stored.startsWith("WEBVTT\n\n")).toBe(true);
    expect(stored.endsWith("Late\n")).toBe(true);
    // Exactly one "-->" per cue, each on a timing line.
    expect(stored.split("\n").filter((line) => line.includes("-->"))).toHaveLength(cues.length);
    expect(stored).not.toMatch(/\n\n\n/);
  });

  it("keeps a speaker whose name holds > (from &gt;) escaped", () => {
    const { stored, cues } = captions("WEBVTT\n\n00:01.000 --> 00:02.000\n<v A &gt; B>x");
    expect(cues[0].speaker).toBe("A > B");
    expect(stored).toContain("<v A &gt; B>x");
    expect(captions(stored).cues).toEqual(cues);
  });
});

describe('parseTranscript: SRT (PRODUCT.md "Transcripts")', () => {
  const srt = [
    "1",
    "00:00:01,000 --> 00:00:04,250",
    "<i>Markets</i> opened <b>higher</b>",
    '<font color="#ffff00">on</font> <u>Monday</u>',
    "",
    "2",
    "0:00:04.250 --> 00:00:06,000  X1:100 X2:600 Y1:50 Y2:80",
    "{\\an8}Gold & silver < copper",
    "",
    "00:00:06,000 --> 01:02:03,004",
    "No index",
    "",
  ];

  it("converts to the stored WebVTT: index lines dropped, comma or dot, tags and coordinates removed, no speaker", () => {
    const result = captions(srt.join("\r\n"));
    expect(result.cues).toEqual([
      cue(1, 4.25, "Markets opened higher\non Monday"),
      cue(4.25, 6, "Gold & silver < copper"),
      cue(6, 3723.004, "No index"),
    ]);
    expect(result.stored).toBe(
      [
        "WEBVTT",
        "",
        "00:00:01.000 --> 00:00:04.250",
        "Markets opened higher",
        "on Monday",
        "",
        "00:00:04.250 --> 00:00:06.000",
        "Gold &amp; silver &lt; copper",
        "",
        "00:00:06.000 --> 01:02:03.004",
        "No index",
        "",
      ].join("\n"),
    );
    expect(captions(result.stored).cues).toEqual(result.cues);
  });

  it("reads the same with a BOM, LF, CR or the srt hint", () => {
    const expected = captions(srt.join("\n")).stored;
    expect(captions(`\uFEFF${srt.join("\r\n")}`).stored).toBe(expected);
    expect(captions(srt.join("\r")).stored).toBe(expected);
    expect(captions(srt.join("\n"), "srt").stored).toBe(expected);
  });

  it("keeps entities and other angle brackets as text (SRT has none)", () => {
    expect(captions("1\n00:00:01,000 --> 00:00:02,000\n<v Bob>&amp;").cues).toEqual([cue(1, 2, "<v Bob>&amp;")]);
  });

  it("finds the next cue when the blank line between two is missing", () => {
    const result = captions(
      [
        "1",
        "00:00:01,000 --> 00:00:02,000",
        "One",
        "2",
        "00:00:02,000 --> 00:00:03,000",
        "Two",
        "00:00:03,000 --> 00:00:04,000",
        "Three",
      ].join("\n"),
    );
    expect(result.cues).toEqual([cue(1, 2, "One"), cue(2, 3, "Two"), cue(3, 4, "Three")]);
  });

  it("drops cues with no text", () => {
    const result = captions(
      "1\n00:00:01,000 --> 00:00:02,000\n<i> </i>\n\n2\n00:00:02,000 --> 00:00:03,000\nKept\n\n3\n00:00:03,000 --> 00:00:04,000\n",
    );
    expect(result.cues).toEqual([cue(2, 3, "Kept")]);
  });

  it.each([
    [
      "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:02:000 --> 00:00:03,000\nTwo",
      6,
      'Line 6: "00:00:02:000" is not a time (use hh:mm:ss,mmm)',
    ],
    ["1\n00:00:01,000 --> 00:00:02,00\nOne", 2, 'Line 2: "00:00:02,00" is not a time (use hh:mm:ss,mmm)'],
    ["1\n00:01,000 --> 00:00:02,000\nOne", 2, 'Line 2: "00:01,000" is not a time (use hh:mm:ss,mmm)'],
    ["1\n100:00:01,000 --> 100:00:02,000\nOne", 2, 'Line 2: "100:00:01,000" is not a time (use hh:mm:ss,mmm)'],
    ["1\n00:00:01,000 --> 00:00:02,000 junk\nOne", 2, 'Line 2: "00:00:02,000 junk" is not a time (use hh:mm:ss,mmm)'],
    ["1\n00:00:05,000 --> 00:00:02,000\nOne", 2, "Line 2: the cue ends before it starts"],
    ["1\n00:00:05,000 --> 00:00:05,000\nOne", 2, "Line 2: the cue ends when it starts"],
    [
      "1\n00:00:05,000 --> 00:00:06,000\nOne\n\n2\n00:00:04,000 --> 00:00:07,000\nTwo",
      6,
      "Line 6: the cues are out of order: this one starts before the one before it",
    ],
    ["1\n00:00:01,000 --> 00:00:02,000\nOne\n\nstray text", 5, "Line 5: expected a cue timing such as 00:00:01,000 --> 00:00:04,000"],
    ["1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\nTwo", 6, "Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:04,000"],
  ])("refuses %j at line %i", (input, line, message) => {
    expect(refusal(input)).toEqual({ line, message });
  });

  it("parses strictly with the srt hint: a WebVTT file is refused", () => {
    expect(refusal("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi", "srt")).toEqual({
      line: 1,
      message: "Line 1: expected a cue timing such as 00:00:01,000 --> 00:00:04,000",
    });
    expect(refusal("Hello there", "srt")).toEqual({
      line: 1,
      message: "Line 1: expected a cue timing such as 00:00:01,000 --> 00:00:04,000",
    });
  });
});

describe('parseTranscript: detecting the format and the source hint (PRODUCT.md "Transcripts")', () => {
  it.each([
    ["WEBVTT\n\n00:01.000 --> 00:02.000\nHi", "vtt"],
    ["\n\n  \nWEBVTT\n\n00:01.000 --> 00:02.000\nHi", "vtt"],
    ["1\n00:00:01,000 --> 00:00:02,000\nHi", "vtt"],
    ["\n 7 \n00:00:01,000 --> 00:00:02,000\nHi", "vtt"],
    ["00:00:01,000 --> 00:00:02,000\nHi", "vtt"],
    ["Just words.\n\n1\nMore words.", "text"],
  ])("%j is read as %s", (input, format) => {
    const result = parseTranscript(input);
    expect(result.ok && result.format).toBe(format);
    expect(parseTranscript(input, null)).toEqual(result);
  });

  it("refuses a caption timing in a file that is neither WebVTT nor SRT", () => {
    expect(refusal("Host: welcome\nGuest: thanks\n00:01.000 --> 00:02.000\nHi")).toEqual({
      line: 3,
      message: "Line 3 looks like a caption timing, but the file is neither WebVTT (it must start with WEBVTT) nor SRT",
    });
    expect(refusal("Intro\n\n1\n00:00:01,000 --> 00:00:02,000\nHi").line).toBe(4);
  });

  it("with the text hint, keeps --> as plain text", () => {
    expect(parseTranscript("A --> B\n00:01.000 --> 00:02.000", "text")).toEqual({
      ok: true,
      format: "text",
      stored: "A --> B\n00:01.000 --> 00:02.000",
    });
    expect(parseTranscript("WEBVTT\n\nnot parsed", "text")).toEqual({ ok: true, format: "text", stored: "WEBVTT\n\nnot parsed" });
  });

  it("with the vtt hint, refuses a file that does not start with WEBVTT", () => {
    const message = "Line 1 must be WEBVTT: this is not a WebVTT file";
    expect(refusal("1\n00:00:01,000 --> 00:00:02,000\nHi", "vtt")).toEqual({ line: 1, message });
    expect(refusal("Plain words", "vtt")).toEqual({ line: 1, message });
    expect(refusal("WEBVTTX\n\n00:01.000 --> 00:02.000\nHi", "vtt")).toEqual({ line: 1, message });
    expect(refusal("WEBVTTX\n\n00:01.000 --> 00:02.000\nHi")).toEqual({ line: 1, message });
  });

  it("with the vtt hint, still reads an empty file as no transcript", () => {
    expect(parseTranscript(" \n\t\n", "vtt")).toEqual({ ok: true, format: "text", stored: "" });
  });
});

describe('parseTranscript: plain text (PRODUCT.md "Transcripts")', () => {
  it("normalises line ends, trailing spaces and blank-line runs, and trims the whole", () => {
    const input =
      "\uFEFF\r\n  \r\nHost: Welcome.  \r\nGuest: Thanks.\t\r\n\r\n\r\n\r\n\r\nHost: First question\rsecond line   \n\n\nend \n \n";
    expect(parseTranscript(input)).toEqual({
      ok: true,
      format: "text",
      stored: "Host: Welcome.\nGuest: Thanks.\n\nHost: First question\nsecond line\n\nend",
    });
  });

  it("keeps a single blank line, inner spaces and leading indentation after the first line", () => {
    expect(parseTranscript("a  b\n\n  c")).toEqual({ ok: true, format: "text", stored: "a  b\n\n  c" });
  });

  it.each(["", "   ", "\n\n", "\uFEFF", " \t\r\n\u00A0"])("reads %j as no transcript", (input) => {
    expect(parseTranscript(input)).toEqual({ ok: true, format: "text", stored: "" });
  });
});

describe('parseTranscript: refusals and their lines (PRODUCT.md "Transcripts")', () => {
  const timeHint = "(use hh:mm:ss.ttt or mm:ss.ttt)";

  it("reports a bad timestamp on line 7 as line 7, with a BOM and CRLF", () => {
    const input = "\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nOne\r\n\r\n2\r\n00:61.000 --> 00:62.000\r\nTwo\r\n";
    expect(refusal(input)).toEqual({ line: 7, message: `Line 7: "00:61.000" is not a time ${timeHint}` });
    expect(refusal(input.replace(/\r\n/g, "\r")).line).toBe(7);
  });

  it.each([
    ["00:61.000", "00:02.000"],
    ["60:00.000", "61:00.000"],
    ["00:60:00.000", "01:00:00.000"],
    ["0:01.000", "00:02.000"],
    ["00:01.00", "00:02.000"],
    ["00:01.0000", "00:02.000"],
    ["00:00:01,000", "00:00:02,000"],
    ["00:01", "00:02.000"],
    ["1.000", "2.000"],
    ["00:01.000 x", "00:02.000"],
    ["", "00:02.000"],
  ])("refuses the start %j", (start, end) => {
    expect(refusal(`WEBVTT\n\n${start} --> ${end}\nHi`)).toEqual({ line: 3, message: `Line 3: "${start}" is not a time ${timeHint}` });
  });

  it.each([["00:02.00"], ["00:02.000x"], ["00:60.000"]])("refuses the end %j", (end) => {
    expect(refusal(`WEBVTT\n\n00:01.000 --> ${end}\nHi`)).toEqual({ line: 3, message: `Line 3: "${end}" is not a time ${timeHint}` });
  });

  it("refuses a missing end time", () => {
    expect(refusal("WEBVTT\n\n00:01.000 -->\nHi")).toEqual({ line: 3, message: `Line 3: "" is not a time ${timeHint}` });
  });

  it("cuts a long bad time in the message", () => {
    const { message } = refusal(`WEBVTT\n\n${"9".repeat(300)} --> 00:02.000\nHi`);
    expect(message).toBe(`Line 3: "${"9".repeat(40)}…" is not a time ${timeHint}`);
  });

  it("refuses a cue that ends before, or when, it starts", () => {
    expect(refusal(vtt("WEBVTT", "", "00:01.000 --> 00:02.000", "One", "", "00:05.000 --> 00:04.999", "Two"))).toEqual({
      line: 6,
      message: "Line 6: the cue ends before it starts",
    });
    expect(refusal(vtt("WEBVTT", "", "id", "00:05.000 --> 00:00:05.000", "Two"))).toEqual({
      line: 4,
      message: "Line 4: the cue ends when it starts",
    });
  });

  it("refuses a cue that starts before the one before it, empty cues included", () => {
    const input = vtt(
      "WEBVTT",
      "",
      "00:05.000 --> 00:06.000",
      "One",
      "",
      "00:07.000 --> 00:08.000",
      "",
      "00:06.999 --> 00:09.000",
      "Three",
    );
    expect(refusal(input)).toEqual({ line: 8, message: "Line 8: the cues are out of order: this one starts before the one before it" });
  });

  it("refuses a block that is not a cue, a NOTE, a STYLE or a REGION, at its first line", () => {
    const expected = (line: number) => ({ line, message: `Line ${line}: expected a cue timing such as 00:00:01.000 --> 00:00:04.000` });
    expect(refusal(vtt("WEBVTT", "", "Hello there"))).toEqual(expected(3));
    expect(refusal(vtt("WEBVTT", "", "00:01.000 --> 00:02.000", "One", "", "", "id", "Two", "Three"))).toEqual(expected(7));
    expect(refusal(vtt("WEBVTT", "", "NOTES are not comments", "x"))).toEqual(expected(3));
    expect(refusal(vtt("WEBVTT", "", "STYLE sheet", "x"))).toEqual(expected(3));
    expect(refusal(vtt("WEBVTT", "", "id", "", "00:01.000 --> 00:02.000", "Hi"))).toEqual(expected(3));
  });

  it("refuses a file without cues", () => {
    expect(refusal("WEBVTT\n\nNOTE nothing here\n")).toEqual({ line: null, message: "The file has no cues" });
    expect(refusal("WEBVTT")).toEqual({ line: null, message: "The file has no cues" });
    expect(refusal("WEBVTT\n\n00:01.000 --> 00:02.000\n<i></i>")).toEqual({ line: null, message: "The file has no cues" });
    expect(refusal("1\n00:00:01,000 --> 00:00:02,000\n")).toEqual({ line: null, message: "The file has no cues" });
  });

  it("refuses U+FFFD as not UTF-8, on its line", () => {
    expect(refusal("Line one\nLine two\nCaf\uFFFD")).toEqual({ line: 3, message: "Line 3 is not UTF-8 text: save the file as UTF-8" });
    expect(refusal("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nCaf\uFFFD", "vtt")).toEqual({
      line: 4,
      message: "Line 4 is not UTF-8 text: save the file as UTF-8",
    });
    expect(refusal("ok\nbroken \uD800 surrogate")).toEqual({ line: 2, message: "Line 2 is not UTF-8 text: save the file as UTF-8" });
  });

  it.each([
    ["NUL", "\u0000"],
    ["bell", "\u0007"],
    ["vertical tab", "\u000B"],
    ["form feed", "\u000C"],
    ["escape", "\u001B"],
    ["DEL", "\u007F"],
    ["C1 next line", "\u0085"],
  ])("refuses a %s on its line, in every format", (_name, character) => {
    const message = "Line 3 contains a control character";
    expect(refusal(`one\ntwo\nthree${character}`)).toEqual({ line: 3, message });
    expect(refusal(`one\ntwo\nthree${character}`, "text")).toEqual({ line: 3, message });
    expect(refusal(`WEBVTT\n\n00:01.000 --> 00:02.000${character}\nHi`)).toEqual({ line: 3, message });
    expect(refusal(`1\r\n00:00:01,000 --> 00:00:02,000\r\nHi${character}`)).toEqual({ line: 3, message });
  });

  it("allows tabs", () => {
    expect(parseTranscript("a\tb\n\tc")).toEqual({ ok: true, format: "text", stored: "a\tb\n\tc" });
  });

  it("refuses more than 500,000 characters, counting a CRLF as one", () => {
    expect(TRANSCRIPT_MAX_CHARACTERS).toBe(500_000);
    const tooLong = { line: null, message: "Transcript must be at most 500,000 characters" };
    expect(refusal("a".repeat(501_000))).toEqual(tooLong);
    expect(refusal("a".repeat(500_001))).toEqual(tooLong);
    expect(refusal(`${"a".repeat(500_001)}\u0000`)).toEqual(tooLong);
    const exactly = parseTranscript("a".repeat(500_000));
    expect(exactly.ok && exactly.stored.length).toBe(500_000);
    expect(parseTranscript("a\r\n".repeat(250_000)).ok).toBe(true);
    expect(parseTranscript(`\uFEFF${"a".repeat(500_000)}`).ok).toBe(true);
  });

  it("refuses captions whose stored WebVTT would pass the limit", () => {
    const srt = `1\n00:00:01,000 --> 00:00:02,000\n${"&".repeat(200_000)}`;
    expect(refusal(srt)).toEqual({ line: null, message: "Transcript must be at most 500,000 characters" });
  });
});

describe('readStoredTranscript and transcriptWords (PRODUCT.md "Transcripts")', () => {
  const stored = captions(
    vtt("WEBVTT", "", "00:01.000 --> 00:02.000", "<v Ann>Gold is up", "today", "", "00:02.000 --> 00:03.000", "<v Bob>Silver &amp; copper"),
  ).stored;

  it("reads stored WebVTT as cues", () => {
    expect(readStoredTranscript(stored)).toEqual({
      format: "vtt",
      cues: [cue(1, 2, "Gold is up\ntoday", "Ann"), cue(2, 3, "Silver & copper", "Bob")],
    });
  });

  it("reads stored plain text as paragraphs, inner line breaks kept", () => {
    expect(readStoredTranscript("Host: Welcome.\nGuest: Thanks.\n\nSecond paragraph\n\nThird")).toEqual({
      format: "text",
      paragraphs: ["Host: Welcome.\nGuest: Thanks.", "Second paragraph", "Third"],
    });
    expect(readStoredTranscript("")).toEqual({ format: "text", paragraphs: [] });
  });

  it("never throws: what is not valid WebVTT reads as plain text", () => {
    expect(readStoredTranscript("WEBVTT\n\n00:01.000 --> nonsense\nHi")).toEqual({
      format: "text",
      paragraphs: ["WEBVTT", "00:01.000 --> nonsense\nHi"],
    });
    expect(readStoredTranscript("WEBVTT")).toEqual({ format: "text", paragraphs: ["WEBVTT"] });
    expect(readStoredTranscript("WEBVTT\n\n00:01.000 --> 00:02.000\nNUL\u0000")).toEqual({
      format: "text",
      paragraphs: ["WEBVTT", "00:01.000 --> 00:02.000\nNUL\u0000"],
    });
    expect(readStoredTranscript(null as unknown as string)).toEqual({ format: "text", paragraphs: [] });
  });

  it("gives the words only: cue texts without speakers, or the plain text", () => {
    expect(transcriptWords(stored)).toBe("Gold is up\ntoday\nSilver & copper");
    expect(transcriptWords("Host: Welcome.\n\nGuest: Thanks.")).toBe("Host: Welcome.\n\nGuest: Thanks.");
    expect(transcriptWords("")).toBe("");
  });
});

describe('transcriptParagraphs (PRODUCT.md "Transcripts")', () => {
  it("merges a speaker's cues, joined with spaces, cue line breaks included; a paragraph starts at its first cue", () => {
    expect(transcriptParagraphs([cue(1, 2, "Gold is", "Ann"), cue(2, 3, "up\ntoday.", "Ann"), cue(3.5, 4, "Yes.", "Ann")])).toEqual([
      { start: 1, speaker: "Ann", text: "Gold is up today. Yes." },
    ]);
    expect(transcriptParagraphs([])).toEqual([]);
  });

  it("starts a new paragraph when the speaker changes, to or from no speaker too", () => {
    const paragraphs = transcriptParagraphs([
      cue(0, 1, "a", "Ann"),
      cue(1, 2, "b", "Bob"),
      cue(2, 3, "c"),
      cue(3, 4, "d"),
      cue(4, 5, "e", "Bob"),
    ]);
    expect(paragraphs).toEqual([
      { start: 0, speaker: "Ann", text: "a" },
      { start: 1, speaker: "Bob", text: "b" },
      { start: 2, speaker: null, text: "c d" },
      { start: 4, speaker: "Bob", text: "e" },
    ]);
  });

  it("starts a new paragraph after a pause of 2 seconds or more, measured in milliseconds", () => {
    expect(transcriptParagraphs([cue(0, 1, "a"), cue(2.999, 4, "b"), cue(6, 7, "c"), cue(2.3, 2.3, "x")]).map((p) => p.text)).toEqual([
      "a b",
      "c x",
    ]);
    // 4.35 - 2.35 and 2.01 - 0.01 are just under 2 in floating point (and 2.01 * 1000 under 2010, 2.007 * 1000 over 2007): still 2-second pauses.
    expect(transcriptParagraphs([cue(1, 2.35, "a"), cue(4.35, 5, "b")]).map((p) => p.start)).toEqual([1, 4.35]);
    expect(transcriptParagraphs([cue(0, 0.01, "a"), cue(2.01, 3, "b")]).map((p) => p.start)).toEqual([0, 2.01]);
    expect(transcriptParagraphs([cue(0, 2.007, "a"), cue(4.007, 5, "b")]).map((p) => p.start)).toEqual([0, 4.007]);
    // Overlapping cues never pause.
    expect(transcriptParagraphs([cue(0, 10, "a"), cue(5, 6, "b")])).toHaveLength(1);
  });

  it("starts a new paragraph once it has 500 characters and ends a sentence", () => {
    const long = `${"word ".repeat(99)}end`; // 498 characters
    const texts = (cues: Cue[]) => transcriptParagraphs(cues).map((p) => p.text.length);
    // 498 + ' ab.' = 502 and a sentence end: the next cue starts a paragraph.
    expect(texts([cue(0, 1, long), cue(1, 2, "ab."), cue(2, 3, "Next")])).toEqual([502, 4]);
    // 500 or more without a sentence end: it goes on.
    expect(texts([cue(0, 1, long), cue(1, 2, "and"), cue(2, 3, "Next")])).toEqual([507]);
    // A sentence end under 500: it goes on.
    expect(texts([cue(0, 1, `${long}.`), cue(1, 2, "Next")])).toEqual([504]);
    // Exactly 500 with a sentence end.
    expect(texts([cue(0, 1, `${"x".repeat(499)}?`), cue(1, 2, "Next")])).toEqual([500, 4]);
    // A closing quote after the sentence end.
    expect(texts([cue(0, 1, long), cue(1, 2, 'he said "no!"'), cue(2, 3, "Next")])).toEqual([512, 4]);
    expect(texts([cue(0, 1, long), cue(1, 2, "“Sold.”"), cue(2, 3, "Next")])).toEqual([506, 4]);
  });
});

describe('findCue (PRODUCT.md "Transcripts")', () => {
  const cues = [cue(1, 2, "Gold opened higher"), cue(2, 3, "Then GOLD fell\nsharply"), cue(3, 4, "İstanbul")];

  it("finds the first cue containing the query, case-insensitive", () => {
    expect(findCue(cues, "gold")).toBe(cues[0]);
    expect(findCue(cues, "Gold FELL")).toBe(cues[1]);
    expect(findCue(cues, "  fell  ")).toBe(cues[1]);
  });

  it("matches across a cue's line break", () => {
    expect(findCue(cues, "fell sharply")).toBe(cues[1]);
  });

  it("returns null for no match or no query", () => {
    expect(findCue(cues, "silver")).toBeNull();
    expect(findCue(cues, "")).toBeNull();
    expect(findCue(cues, "   ")).toBeNull();
    expect(findCue([], "gold")).toBeNull();
  });
});

describe('formatTimestamp (PRODUCT.md "Transcripts")', () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.999, "0:59"],
    [60, "1:00"],
    [65.4, "1:05"],
    [754, "12:34"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3723, "1:02:03"],
    [36_000, "10:00:00"],
    [360_000.5, "100:00:00"],
    [-5, "0:00"],
    [Number.NaN, "0:00"],
  ])("%s → %s", (seconds, expected) => {
    expect(formatTimestamp(seconds)).toBe(expected);
  });
});

describe('parseChapters (PRODUCT.md "Transcripts")', () => {
  it("reads each form of time and separator, and stores normalised lines", () => {
    const result = parseChapters(
      [
        "\uFEFF0:00 Introduction",
        "",
        "  01:30 - Gold   and\tsilver  ",
        "5:00 – Copper",
        "12:00: Questions",
        "1:02:03 Late",
        "01:02:04.500 With milliseconds",
        "1:02:05.5 A tenth",
        "2:00:00 -5% day",
      ].join("\r\n"),
    );
    expect(result).toEqual({
      ok: true,
      chapters: [
        { start: 0, title: "Introduction" },
        { start: 90, title: "Gold and silver" },
        { start: 300, title: "Copper" },
        { start: 720, title: "Questions" },
        { start: 3723, title: "Late" },
        { start: 3724.5, title: "With milliseconds" },
        { start: 3725.5, title: "A tenth" },
        { start: 7200, title: "-5% day" },
      ],
      stored: [
        "0:00 Introduction",
        "1:30 Gold and silver",
        "5:00 Copper",
        "12:00 Questions",
        "1:02:03 Late",
        "1:02:04.500 With milliseconds",
        "1:02:05.500 A tenth",
        "2:00:00 -5% day",
      ].join("\n"),
    });
  });

  it("reads its own stored text back the same", () => {
    const first = parseChapters("0:00 Intro\n0:00.250 Quarter\n75:00 Long minutes\n1:20:00 Part 2: the end");
    if (!first.ok) throw new Error(first.message);
    expect(first.chapters.map((c) => c.start)).toEqual([0, 0.25, 4500, 4800]);
    expect(first.stored).toBe("0:00 Intro\n0:00.250 Quarter\n1:15:00 Long minutes\n1:20:00 Part 2: the end");
    expect(parseChapters(first.stored)).toEqual(first);
    expect(readStoredChapters(first.stored)).toEqual(first.chapters);
  });

  it.each(["", "  \n\n\t"])("reads %j as no chapters", (input) => {
    expect(parseChapters(input)).toEqual({ ok: true, chapters: [], stored: "" });
  });

  it.each([
    ["0:00 Intro\nIntroduction 0:30", 2, "Line 2: start each chapter with its time, such as 0:00 Introduction"],
    ["0:00 Intro\n- 0:30 Next", 2, "Line 2: start each chapter with its time, such as 0:00 Introduction"],
    ["0:00Intro", 1, "Line 1: start each chapter with its time, such as 0:00 Introduction"],
    ["2024 review", 1, "Line 1: start each chapter with its time, such as 0:00 Introduction"],
    ["1:75:00 Late", 1, 'Line 1: "1:75:00" is not a time (use h:mm:ss or m:ss)'],
    ["0:0 Intro", 1, 'Line 1: "0:0" is not a time (use h:mm:ss or m:ss)'],
    ["123:00 Intro", 1, 'Line 1: "123:00" is not a time (use h:mm:ss or m:ss)'],
    ["0:60 Intro", 1, 'Line 1: "0:60" is not a time (use h:mm:ss or m:ss)'],
    ["0:00 Intro\n0:30", 2, "Line 2: the chapter needs a title"],
    ["0:00 Intro\n0:30 - ", 2, "Line 2: the chapter needs a title"],
    ["0:00 Intro\n0:30:", 2, "Line 2: the chapter needs a title"],
    [`0:00 ${"x".repeat(CHAPTER_TITLE_MAX + 1)}`, 1, "Line 1: the chapter title must be at most 200 characters"],
    ["0:00 Intro\n\n\n1:00 Next\n0:59 Back", 5, "Line 5: chapters must be in order of their start times"],
    ["0:00 Intro\n1:00 Next\n1:00 Same", 3, "Line 3: chapters must be in order of their start times"],
    ["0:00 Intro\n1:00 Bell\u0007", 2, "Line 2 contains a control character"],
    ["0:00 Intro\r\n1:00 Null\u0000", 2, "Line 2 contains a control character"],
    ["0:00 Caf\uFFFD", 1, "Line 1 is not UTF-8 text: save the file as UTF-8"],
  ])("refuses %j at line %i", (input, line, message) => {
    expect(parseChapters(input)).toEqual({ ok: false, line, message });
  });

  it("accepts a title of exactly 200 characters, counted after whitespace is collapsed", () => {
    const title = "x".repeat(CHAPTER_TITLE_MAX);
    expect(parseChapters(`0:00   ${title}   `)).toMatchObject({ ok: true, chapters: [{ start: 0, title }] });
    expect(parseChapters(`0:00 ${"x ".repeat(100)}`)).toMatchObject({ ok: true });
  });

  it("accepts 100 chapters and refuses the 101st on its line", () => {
    expect(CHAPTERS_MAX).toBe(100);
    const lines = Array.from({ length: 101 }, (_, i) => `${formatTimestamp(i * 60)} Chapter ${i + 1}`);
    const hundred = parseChapters(lines.slice(0, 100).join("\n"));
    expect(hundred.ok && hundred.chapters).toHaveLength(100);
    expect(parseChapters(["", ...lines].join("\n"))).toEqual({ ok: false, line: 102, message: "Use at most 100 chapters" });
  });
});

describe('readStoredChapters (PRODUCT.md "Transcripts")', () => {
  it("reads stored chapters and skips lines it cannot read or that break the order", () => {
    expect(readStoredChapters("0:00 Intro\nnonsense\n1:00\n1:02:03.500 Late\n0:30 Back\r\n2:00:00 End")).toEqual([
      { start: 0, title: "Intro" },
      { start: 3723.5, title: "Late" },
      { start: 7200, title: "End" },
    ]);
  });

  it.each([null, undefined, ""])("reads %j as no chapters", (stored) => {
    expect(readStoredChapters(stored)).toEqual([]);
  });
});

describe('chaptersVtt and chaptersJson (PRODUCT.md "Transcripts")', () => {
  const chapters = [
    { start: 0, title: "Introduction" },
    { start: 90.5, title: "Gold & <silver>" },
    { start: 3723, title: "Questions" },
  ];

  it("ends each chapter where the next starts and the last at the end given", () => {
    expect(chaptersVtt(chapters, 4000)).toBe(
      [
        "WEBVTT",
        "",
        "00:00:00.000 --> 00:01:30.500",
        "Introduction",
        "",
        "00:01:30.500 --> 01:02:03.000",
        "Gold &amp; &lt;silver&gt;",
        "",
        "01:02:03.000 --> 01:06:40.000",
        "Questions",
        "",
      ].join("\n"),
    );
  });

  it("ends the last chapter an hour after its start without an end, or with one not after it", () => {
    const lastCue = (vttText: string) => vttText.trimEnd().split("\n").slice(-2)[0];
    expect(lastCue(chaptersVtt(chapters, null))).toBe("01:02:03.000 --> 02:02:03.000");
    expect(lastCue(chaptersVtt(chapters, 3723))).toBe("01:02:03.000 --> 02:02:03.000");
    expect(lastCue(chaptersVtt(chapters, 100))).toBe("01:02:03.000 --> 02:02:03.000");
    expect(lastCue(chaptersVtt(chapters, 3723.001))).toBe("01:02:03.000 --> 01:02:03.001");
  });

  it("is WebVTT that parseTranscript reads back as the chapters", () => {
    const parsed = captions(chaptersVtt(chapters, 4000));
    expect(parsed.cues.map(({ start, text }) => ({ start, title: text }))).toEqual(chapters);
    expect(chaptersVtt([], null)).toBe("WEBVTT\n");
  });

  it("gives the Podcasting 2.0 JSON chapters", () => {
    expect(chaptersJson(chapters)).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Introduction" },
        { startTime: 90.5, title: "Gold & <silver>" },
        { startTime: 3723, title: "Questions" },
      ],
    });
    expect(chaptersJson([])).toEqual({ version: "1.2.0", chapters: [] });
  });
});
