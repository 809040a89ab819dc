import { describe, expect, it } from "vitest";

import { audioKey, imageKey, uploadedImageWidth, uploadSrcSet, uploadUrl, variantWidths } from "./uploads";

const ID = "0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e";
const copy = (width: number) => `/uploads/images/${ID}-${width}w.webp ${width}w`;

describe("storage keys", () => {
  it("name an image by its width and audio by its id", () => {
    expect(imageKey(ID, 2000, "jpg")).toBe(`images/${ID}-2000w.jpg`);
    expect(imageKey(ID, 480, "webp")).toBe(`images/${ID}-480w.webp`);
    expect(audioKey(ID, "mp3")).toBe(`audio/${ID}.mp3`);
    expect(uploadUrl(audioKey(ID, "mp3"))).toBe(`/uploads/audio/${ID}.mp3`);
  });
});

describe("variantWidths: copies are never wider than the original", () => {
  it.each([
    [4000, [480, 960, 1600]],
    [1601, [480, 960, 1600]],
    [1600, [480, 960]],
    [961, [480, 960]],
    [700, [480]],
    [480, []],
    [100, []],
  ])("%i px wide → %j", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
  });
});

describe("uploadSrcSet", () => {
  it.each([
    [
      "a large original: its three copies, not the original",
      `/uploads/images/${ID}-4000w.jpg`,
      [copy(480), copy(960), copy(1600)].join(", "),
    ],
    [
      "an original no wider than the largest copy comes last",
      `/uploads/images/${ID}-1200w.png`,
      [copy(480), copy(960), `/uploads/images/${ID}-1200w.png 1200w`].join(", "),
    ],
    ["a 700 px original", `/uploads/images/${ID}-700w.avif`, [copy(480), `/uploads/images/${ID}-700w.avif 700w`].join(", ")],
    ["a copy used as the picture", `/uploads/images/${ID}-960w.webp`, [copy(480), `/uploads/images/${ID}-960w.webp 960w`].join(", ")],
  ])("%s", (_name, url, srcset) => {
    expect(uploadSrcSet(url)).toBe(srcset);
  });

  it.each([
    ["a picture too small for copies", `/uploads/images/${ID}-300w.png`],
    ["a demo file", "/media/videos/thumbnail.jpg"],
    ["a web address", `https://cdn.example.com/uploads/images/${ID}-4000w.jpg`],
    ["audio", `/uploads/audio/${ID}.mp3`],
    ["a query", `/uploads/images/${ID}-4000w.jpg?v=1`],
    ["another folder", `/uploads/other/${ID}-4000w.jpg`],
  ])("none for %s", (_name, url) => {
    expect(uploadSrcSet(url)).toBeUndefined();
  });
});

describe("uploadedImageWidth", () => {
  it.each([
    ["an uploaded original", `/uploads/images/${ID}-1200w.png`, 1200],
    ["a copy", `/uploads/images/${ID}-480w.webp`, 480],
    ["a demo file", "/media/videos/thumbnail.jpg", undefined],
    ["a web address", `https://cdn.example.com/uploads/images/${ID}-4000w.jpg`, undefined],
  ])("%s", (_name, url, width) => {
    expect(uploadedImageWidth(url)).toBe(width);
  });
});
