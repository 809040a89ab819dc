import { describe, expect, it } from "vitest";

import { AUDIO_FRAME_ORIGINS, FRAME_ORIGINS, VIDEO_FRAME_ORIGINS } from "./frame-hosts";
import { audioHostEmbedUrl, audioPostId, audioSource, isFrameUrl, slugify, toEmbedUrl, videoSource } from "./media";

describe("toEmbedUrl (watch and short video URLs become the embed form)", () => {
  it.each([
    ["watch form", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["watch form without www", "https://youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["mobile watch form", "https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["music host", "https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    [
      "watch form with extra params",
      "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&list=PL123&index=2",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ],
    [
      "watch form with a start time",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?start=90",
    ],
    ["short form", "https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["short form with params", "https://youtu.be/dQw4w9WgXcQ?si=abcdef&t=42", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=42"],
    ["shorts path", "https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["http and surrounding spaces", "  http://www.youtube.com/watch?v=dQw4w9WgXcQ ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    [
      "already an embed URL (kept as is)",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
    ],
    [
      "privacy-enhanced embed (kept)",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["another player's embed (kept)", "https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    [
      "an embed URL without www moves to the frame host",
      "https://youtube.com/embed/dQw4w9WgXcQ?start=5",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?start=5",
    ],
    [
      "a mobile-host embed URL moves to the frame host",
      "https://m.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ],
    [
      "an http embed URL becomes https",
      "http://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
    ],
    [
      "a privacy-enhanced embed without www",
      "https://youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["an http player URL becomes https", "http://player.vimeo.com/video/76979871?h=ab12", "https://player.vimeo.com/video/76979871?h=ab12"],
  ])("%s", (_case, input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["not a URL", "watch?v=dQw4w9WgXcQ"],
    ["a non-web scheme", "javascript:alert(1)//youtube.com/embed/x"],
    ["watch form without an id", "https://www.youtube.com/watch?list=PL123"],
    ["a malformed id", "https://youtu.be/short"],
    ["a channel page", "https://www.youtube.com/@marketwire"],
    ["another host's watch page", "https://vimeo.com/76979871"],
    ["a look-alike host", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a direct file", "https://cdn.example.com/clip.mp4"],
    ["an embed path on an unknown host", "https://videos.example.com/embed/abc"],
    ["an embed path on a look-alike host", "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"],
    ["a player host page that is not a player", "https://player.vimeo.com/api/player.js"],
  ])("%s → null", (_case, input) => {
    expect(toEmbedUrl(input)).toBeNull();
  });
});

describe('isFrameUrl (PRODUCT.md "Security headers": only the frame hosts\' players become frames)', () => {
  it.each([
    ["the video host's player", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["the privacy-enhanced player", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["Vimeo's player", "https://player.vimeo.com/video/76979871"],
    ["the audio host's player", "https://embeds.audioboom.com/posts/8123456-x/embed/v4"],
  ])("%s may be a frame", (_case, url) => {
    expect(isFrameUrl(url)).toBe(true);
  });

  it.each([
    ["http on a frame host", "http://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["another port on a frame host", "https://www.youtube.com:8443/embed/dQw4w9WgXcQ"],
    ["a frame host's name inside another host", "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"],
    ["a frame host as the user name", "https://www.youtube.com@evil.example/embed/dQw4w9WgXcQ"],
    ["a frame host in the query", "https://evil.example/embed?u=https://www.youtube.com"],
    ["the video host's site (not its player host)", "https://youtube.com/embed/dQw4w9WgXcQ"],
    ["any embed path elsewhere", "https://videos.example.com/embed/abc"],
    ["a site path", "/media/clip.mp4"],
    ["a script URL", "javascript:alert(1)"],
    ["nothing", null],
  ])("%s may not", (_case, url) => {
    expect(isFrameUrl(url)).toBe(false);
  });

  it("is the union of the video and audio hosts, all https origins", () => {
    expect(FRAME_ORIGINS).toEqual([...VIDEO_FRAME_ORIGINS, ...AUDIO_FRAME_ORIGINS]);
    for (const origin of FRAME_ORIGINS) expect(new URL(origin).origin).toBe(origin);
    for (const origin of FRAME_ORIGINS) expect(origin.startsWith("https://")).toBe(true);
  });

  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "http://youtu.be/dQw4w9WgXcQ?t=42",
    "https://m.youtube.com/embed/dQw4w9WgXcQ",
    "http://youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://player.vimeo.com/video/76979871",
  ])("every video frame the site makes is allowed: %s", (url) => {
    const source = videoSource(url);
    expect(source.kind).toBe("embed");
    expect(isFrameUrl(source.kind === "embed" ? source.src : null)).toBe(true);
  });

  it("every audio frame the site makes is allowed", () => {
    const source = audioSource("https://audioboom.com/posts/8123456-x", "Markets & Money");
    expect(source.kind).toBe("host");
    expect(isFrameUrl(source.kind === "host" ? source.src : null)).toBe(true);
  });
});

describe("videoSource", () => {
  it.each([
    [
      "frames video-host URLs, with our copy of the host's picture",
      "https://youtu.be/dQw4w9WgXcQ",
      {
        kind: "embed",
        src: "https://www.youtube.com/embed/dQw4w9WgXcQ",
        thumbnail: "/video-thumbnails/youtube/dQw4w9WgXcQ.jpg",
      },
    ],
    [
      "keeps a watch page's offset",
      "http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s",
      {
        kind: "embed",
        src: "https://www.youtube.com/embed/dQw4w9WgXcQ?start=90",
        thumbnail: "/video-thumbnails/youtube/dQw4w9WgXcQ.jpg",
      },
    ],
    [
      "keeps an embed address's parameters",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
      {
        kind: "embed",
        src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
        thumbnail: "/video-thumbnails/youtube/dQw4w9WgXcQ.jpg",
      },
    ],
    [
      "frames Vimeo's player",
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
      {
        kind: "embed",
        src: "https://player.vimeo.com/video/76979871?h=8272103f6e",
        thumbnail: "/video-thumbnails/vimeo/76979871.jpg",
      },
    ],
    [
      "plays direct .mp4 files in the native player",
      "https://cdn.example.com/media/clip.MP4",
      { kind: "file", src: "https://cdn.example.com/media/clip.MP4" },
    ],
    ["plays a file on this site", "/media/clips/briefing.webm", { kind: "file", src: "/media/clips/briefing.webm" }],
    ["links any other web page", "https://vimeo.com/76979871", { kind: "link", href: "https://vimeo.com/76979871" }],
    [
      "links an embed page on an unknown host instead of framing it",
      "https://videos.example.com/embed/abc",
      { kind: "link", href: "https://videos.example.com/embed/abc" },
    ],
  ])("%s", (_case, input, expected) => {
    expect(videoSource(input)).toEqual(expected);
  });
  it.each([null, "", "javascript:alert(1)", "ftp://example.com/a.mp4", "//evil.example/a.mp4", "/\\evil.example/a.mp4"])(
    "has no player for %s",
    (input) => {
      expect(videoSource(input)).toEqual({ kind: "none" });
    },
  );
});

describe("audioPostId (the four audio-host patterns)", () => {
  it.each([
    ["posts/{digits}", "https://audioboom.com/posts/8123456-markets-open-higher", "8123456"],
    ["posts/{digits} at the end", "https://audioboom.com/posts/8123456", "8123456"],
    ["boos/{digits}", "https://audioboom.com/boos/7654321-old-style-link", "7654321"],
    ["posts/{digits}.mp3", "https://audioboom.com/posts/8123456.mp3?source=rss", "8123456"],
    ["trailing {digits}.mp3", "https://cdn.example.com/audio/5551234.mp3", "5551234"],
    ["trailing {digits}.mp3 with a query", "https://cdn.example.com/audio/5551234.mp3?dl=1", "5551234"],
    ["a file name ending in {digits}.mp3", "https://audioboom.com/episodes/some-title-854990733.mp3", "854990733"],
    ["a file name ending in {digits}.MP3 with a fragment", "https://audioboom.com/episodes/some-title-854990733.MP3#t=30", "854990733"],
    ["digits at the end of a longer file name", "https://cdn.example.com/audio/episode-12.mp3", "12"],
  ])("%s", (_case, input, expected) => {
    expect(audioPostId(input)).toBe(expected);
  });

  it.each([
    ["no URL", null],
    ["empty", ""],
    ["a plain audio file", "https://cdn.example.com/audio/episode.mp3"],
    ["digits not at the end of the file name", "https://cdn.example.com/audio/12-episode.mp3"],
    ["a site file ending in digits", "/media/audio/episode-854990733.mp3"],
    ["a site path shaped like a post", "/media/posts/8123456"],
    ["another format", "https://cdn.example.com/audio/5551234.m4a"],
    ["posts without digits", "https://audioboom.com/posts/latest"],
  ])("%s → null", (_case, input) => {
    expect(audioPostId(input)).toBeNull();
  });
});

describe("slugify", () => {
  it.each([
    ["Markets Open Higher", "markets-open-higher"],
    ["  Q3 Earnings: What's Next?  ", "q3-earnings-what-s-next"],
    ["Café & Crème — Élan", "cafe-and-creme-elan"],
    ["---", "episode"],
    ["", "episode"],
    [null, "episode"],
  ])("%s → %s", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("keeps slugs short and without a trailing dash", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("audioSource", () => {
  it("frames the audio host's player from the post id and the title's slug", () => {
    expect(audioSource("https://audioboom.com/posts/8123456-x", "Markets Open Higher")).toEqual({
      kind: "host",
      postId: "8123456",
      src: audioHostEmbedUrl("8123456", "markets-open-higher"),
    });
    expect(audioHostEmbedUrl("8123456", "markets-open-higher")).toBe(
      "https://embeds.audioboom.com/posts/8123456-markets-open-higher/embed/v4",
    );
  });
  it("plays other audio URLs in the native player", () => {
    expect(audioSource("https://cdn.example.com/audio/episode.m4a", "T")).toEqual({
      kind: "file",
      src: "https://cdn.example.com/audio/episode.m4a",
    });
  });
  it("plays audio files on this site in the native player", () => {
    expect(audioSource("/media/audio/trailer.wav", "T")).toEqual({ kind: "file", src: "/media/audio/trailer.wav" });
    expect(audioSource("/media/audio/episode-854990733.mp3", "T")).toEqual({ kind: "file", src: "/media/audio/episode-854990733.mp3" });
  });
  it("frames a host episode file whose name ends in the post id", () => {
    expect(audioSource("https://audioboom.com/episodes/the-long-view-854990733.mp3", "The Long View")).toEqual({
      kind: "host",
      postId: "854990733",
      src: audioHostEmbedUrl("854990733", "the-long-view"),
    });
  });
  it.each([null, "", "not a url", "javascript:alert(1)", "//evil.example/a.mp3"])("has no player for %s", (input) => {
    expect(audioSource(input, "T")).toEqual({ kind: "none" });
  });
});
