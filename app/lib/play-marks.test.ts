import { describe, expect, it } from "vitest";

import { CONTENT_REGISTRY } from "./content-registry";
import {
  completionPercent,
  isPlayMark,
  markSeconds,
  PLAYED_SLUGS,
  PLAYED_TYPES,
  playPath,
  quartilesReached,
  type PlayMark,
} from "./play-marks";

describe('play marks (PRODUCT.md "Measurement")', () => {
  it("names each played type's endpoint by the registry's slug", () => {
    for (const type of PLAYED_TYPES) expect(PLAYED_SLUGS[type]).toBe(CONTENT_REGISTRY[type].slug);
    expect(playPath("interview", "abc")).toBe("/api/interviews/abc/play");
  });

  it("reads a mark and its seconds, refusing anything else", () => {
    expect(["play", "25", "50", "75", "100", "leave"].every(isPlayMark)).toBe(true);
    expect([undefined, "", "0", "33", "PLAY", ["play"], 25].some(isPlayMark)).toBe(false);
    expect([undefined, "0", "90", "21600"].map(markSeconds)).toEqual([0, 0, 90, 21600]);
    expect(["", "-1", "1.5", "1e3", "21601", "999999", " 5", ["5"]].map(markSeconds)).toEqual(Array(8).fill(null));
  });

  it("gives the quarters a position has reached and not yet sent, in order", () => {
    const none = new Set<PlayMark>();
    expect(quartilesReached(24.9, 100, none)).toEqual([]);
    expect(quartilesReached(25, 100, none)).toEqual(["25"]);
    // A seek past two quarters reaches both.
    expect(quartilesReached(80, 100, new Set<PlayMark>(["25"]))).toEqual(["50", "75"]);
    // Players stop a hair short of the end.
    expect(quartilesReached(99.6, 100, new Set<PlayMark>(["25", "50", "75"]))).toEqual(["100"]);
    expect(quartilesReached(99.4, 100, new Set<PlayMark>(["25", "50", "75"]))).toEqual([]);
    // A stream without a known length reaches none.
    expect(quartilesReached(500, Number.POSITIVE_INFINITY, none)).toEqual([]);
    expect(quartilesReached(5, Number.NaN, none)).toEqual([]);
  });

  it("gives the share of plays reaching a quarter in whole per cent", () => {
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(0, 0)).toBeNull();
    expect(completionPercent(5, 4)).toBe(100);
  });
});
