import { describe, expect, it } from "vitest";

import { videoSource } from "./media";
import { isHttpUrl, isMediaUrl } from "./media-fields";

describe('media fields (PRODUCT.md "Media fields")', () => {
  it.each([
    ["https://www.youtube.com/watch?v=abc", true],
    ["http://example.com/a.mp3", true],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["ftp://example.com/file", false],
    ["not a url", false],
    ["/relative/path.jpg", false],
  ])("isHttpUrl(%j) is %s", (input, ok) => {
    expect(isHttpUrl(input)).toBe(ok);
  });

  it.each([
    ["/media/video-market-open-1.svg", true],
    ["/media/audio/capital-call-trailer.wav", true],
    ["https://cdn.example.com/a.jpg", true],
    ["//evil.example.com/media/a.jpg", false],
    ["/media//evil.example.com/a.jpg", false],
    ["/media/../admin", false],
    ["/media/./a.svg", false],
    ["/media/", false],
    ["/media/a.svg?x=1", false],
    ["/media\\a.svg", false],
    ["/media/a b.svg", false],
    ["/admin/videos", false],
    ["/relative/path.jpg", false],
    ["media/a.svg", false],
    ["javascript:/media/a.svg", false],
  ])("isMediaUrl(%j) is %s", (input, ok) => {
    expect(isMediaUrl(input)).toBe(ok);
  });

  // One parser behind both: a field's value is taken as given (the editor's schema trims it first), a
  // stored value is trimmed before it becomes a player, so only the player reads past a leading no-break space.
  it("a field refuses what a player trims: a leading no-break space", () => {
    const padded = "\u00a0https://cdn.example.com/a.mp4";
    expect(isHttpUrl(padded)).toBe(false);
    expect(isMediaUrl(padded)).toBe(false);
    expect(videoSource(padded)).toEqual({ kind: "file", src: "https://cdn.example.com/a.mp4" });
  });

  it.each(["https://cdn.example.com/a.mp4", "http://cdn.example.com/a.mp4", "/media/a.mp4", "/uploads/2026/a.mp4"])(
    "what a field accepts plays: %s",
    (url) => {
      expect(isMediaUrl(url)).toBe(true);
      expect(videoSource(url)).toEqual({ kind: "file", src: url });
    },
  );
});
