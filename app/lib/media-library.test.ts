import { describe, expect, it } from "vitest";

import { formatBytes, mediaTypeLabel, smallestImageUrl } from "./media-library";

const ID = "0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e";

describe("smallestImageUrl", () => {
  it("is the smallest copy, or the picture itself", () => {
    expect(smallestImageUrl(`/uploads/images/${ID}-4000w.jpg`)).toBe(`/uploads/images/${ID}-480w.webp`);
    expect(smallestImageUrl(`/uploads/images/${ID}-300w.png`)).toBe(`/uploads/images/${ID}-300w.png`);
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [900, "900 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [524_288, "512 KB"],
    [12.34 * 1024 * 1024, "12.3 MB"],
    [10 * 1024 * 1024, "10 MB"],
    [500 * 1024 * 1024, "500 MB"],
    [3 * 1024 ** 3, "3 GB"],
  ])("%i → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("mediaTypeLabel", () => {
  it.each([
    ["image/jpeg", "JPEG image"],
    ["image/avif", "AVIF image"],
    ["audio/mpeg", "MP3 audio"],
    ["audio/mp4", "M4A audio"],
    ["audio/ogg", "OGG audio"],
    ["application/x-unknown", "application/x-unknown"],
  ])("%s → %s", (mimeType, label) => {
    expect(mediaTypeLabel(mimeType)).toBe(label);
  });
});
