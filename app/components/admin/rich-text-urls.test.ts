import { describe, expect, it } from "vitest";

import { isAllowedHref, linkHref, youtubeEmbedUrl } from "./rich-text-urls";

describe("linkHref: what an author types in the link dialog", () => {
  it.each([
    ["https://example.com/report?x=1#y", "https://example.com/report?x=1#y"],
    ["http://example.com", "http://example.com"],
    ["  https://example.com  ", "https://example.com"],
    ["example.com/report", "https://example.com/report"],
    ["www.example.co.uk", "https://www.example.co.uk"],
    ["mailto:desk@example.com", "mailto:desk@example.com"],
    ["desk@example.com", "mailto:desk@example.com"],
    ["/blog/123", "/blog/123"],
  ])("%s links to %s", (typed, href) => {
    expect(linkHref(typed)).toBe(href);
  });

  it.each([
    ["nothing", ""],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a javascript: URL in capitals with spaces", " JavaScript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash path", "/\\evil.example"],
    ["a relative path", "report.html/x y"],
    ["an ftp URL", "ftp://example.com/file"],
    ["a tel: URL", "tel:+441234"],
    ["a word", "report"],
  ])("refuses %s", (_, typed) => {
    expect(linkHref(typed)).toBeNull();
  });
});

describe("isAllowedHref: links the editor keeps (pasted or loaded)", () => {
  it.each([
    ["https://example.com", true],
    ["mailto:desk@example.com", true],
    ["/about", true],
    ["example.com", false],
    ["javascript:alert(1)", false],
    ["vbscript:x", false],
    ["//example.com", false],
    ["", false],
    [null, false],
  ])("%s: %s", (href, allowed) => {
    expect(isAllowedHref(href)).toBe(allowed);
  });
});

describe("youtubeEmbedUrl: the Video dialog", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=5", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ])("%s plays from %s", (typed, embed) => {
    expect(youtubeEmbedUrl(typed)).toBe(embed);
  });

  it.each([
    ["another video host", "https://player.vimeo.com/video/123"],
    ["a YouTube channel", "https://www.youtube.com/@markets"],
    ["a look-alike host", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["nothing", ""],
  ])("refuses %s", (_, typed) => {
    expect(youtubeEmbedUrl(typed)).toBeNull();
  });
});
