import { describe, expect, it } from "vitest";

import { htmlToPlainText, readTimeMinutes } from "./html-text.server";

describe("htmlToPlainText (descriptions with markup are shown as plain text)", () => {
  it.each([
    [
      "inline markup joins without a space before punctuation",
      "Lessons on <em>patience</em>, position sizing",
      "Lessons on patience, position sizing",
    ],
    ["a numeric entity", "It&#8217;s a bull market", "It’s a bull market"],
    ["a hexadecimal entity", "CEO&#x2019;s view", "CEO’s view"],
    ["&amp;", "Rates &amp; bonds", "Rates & bonds"],
    ["&nbsp; is a space", "Q3&nbsp;results&nbsp;&nbsp;now", "Q3 results now"],
    ["any named entity", "Caf&eacute; &hellip; &euro;5 &copy;", "Café … €5 ©"],
    ["escaped markup stays text", "5 &lt; 6 &gt; 4 &quot;ok&quot; &#39;yes&#39;", `5 < 6 > 4 "ok" 'yes'`],
    ["paragraphs are separated by a space", "<p>a</p><p>b</p>", "a b"],
    ["<br> separates words", "first line<br>second<br/>third", "first line second third"],
    ["list items are separated by a space", "<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>", "one two three"],
    ["headings are separated and keep their case", "<h2>Outlook</h2><p>Steady</p>", "Outlook Steady"],
    [
      "script and style content is dropped",
      "<p>Rates &amp; <b>bonds</b></p><script>alert(1)</script><style>p{color:red}</style>",
      "Rates & bonds",
    ],
    ["links keep their text, not their address", 'Read <a href="https://example.com/x">the report</a>.', "Read the report."],
    ["images have no text", 'Chart: <img src="/c.png" alt="chart"> up', "Chart: up"],
    ["NUL and other control characters are removed", "a\u0000b\u0007c\u007Fd\u009Fe", "abcde"],
    ["tabs and line breaks are single spaces", "  one\t\ttwo\r\n\nthree  ", "one two three"],
    ["a stray '<' is text", "a < b", "a < b"],
    ["comments are dropped", "<!-- note -->kept", "kept"],
  ])("%s", (_case, input, expected) => {
    expect(htmlToPlainText(input)).toBe(expected);
  });

  it.each([null, undefined, ""])("is empty for %s", (input) => {
    expect(htmlToPlainText(input)).toBe("");
  });
});

describe("readTimeMinutes", () => {
  it("uses the stored value when present", () => {
    expect(readTimeMinutes(7, "short")).toBe(7);
  });
  it("computes from the text at 200 words a minute, at least 1", () => {
    expect(readTimeMinutes(null, "")).toBe(1);
    expect(readTimeMinutes(null, `<p>${"word ".repeat(401)}</p>`)).toBe(3);
  });
  it("counts words, not markup or punctuation set off by inline tags", () => {
    // 200 words, each followed by an emphasised comma: still one minute, not two.
    expect(readTimeMinutes(null, "<p><em>word</em>, </p>".repeat(200))).toBe(1);
    expect(readTimeMinutes(null, "<p>word</p>".repeat(201))).toBe(2);
  });
});
