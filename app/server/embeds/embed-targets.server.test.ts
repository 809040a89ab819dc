import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { itemTargetOfEmbed, readEmbedUrl, targetOfPagePath } from "./embed-targets.server";

const ID = "0b0c6a3e-2f5d-4f7e-9a55-1d2a0f7c9e11";

restoreEnvAfterEach(["PUBLIC_URL"]);

describe('targetOfPagePath (PRODUCT.md "Embeds")', () => {
  it.each([
    [`/video/${ID}`, "video"],
    [`/podcast/${ID}`, "podcast"],
    [`/blog/${ID}`, "blog"],
    [`/interviews/${ID}`, "interview"],
    [`/special-features/${ID}/`, "special_feature"],
  ] as const)("reads %s as one %s", (path, type) => {
    expect(targetOfPagePath(path)).toEqual({ kind: "item", type, id: ID });
  });

  it("reads a company page, and lowers an id's case", () => {
    expect(targetOfPagePath("/companies/ironbark-gold")).toEqual({ kind: "company", slug: "ironbark-gold" });
    expect(targetOfPagePath(`/video/${ID.toUpperCase()}`)).toEqual({ kind: "item", type: "video", id: ID });
  });

  it("is null for a list, a page about no one item, a malformed id or slug, and a path under an item", () => {
    for (const path of [
      "/videos",
      "/",
      "/about",
      "/video/123",
      "/companies/Bad_Slug",
      `/video/${ID}/extra`,
      "/companies",
      `/interviews/${ID}x`,
    ]) {
      expect(targetOfPagePath(path), path).toBeNull();
    }
  });
});

describe("itemTargetOfEmbed", () => {
  it("reads the admin section's slug and an id, and nothing else", () => {
    expect(itemTargetOfEmbed("special-features", ID)).toEqual({ kind: "item", type: "special_feature", id: ID });
    expect(itemTargetOfEmbed("video", ID)).toBeNull();
    expect(itemTargetOfEmbed("videos", "nope")).toBeNull();
    expect(itemTargetOfEmbed(undefined, ID)).toBeNull();
  });
});

describe("readEmbedUrl", () => {
  it("takes a page of PUBLIC_URL's host over https or http, whatever its query", () => {
    setEnv({ PUBLIC_URL: "https://marketwire.example" });
    const target = { kind: "item", type: "video", id: ID };
    expect(readEmbedUrl(`https://marketwire.example/video/${ID}?utm_source=x#top`)).toEqual({ ok: true, target });
    expect(readEmbedUrl(`http://MARKETWIRE.example/video/${ID}`)).toEqual({ ok: true, target });
    expect(readEmbedUrl("https://marketwire.example/about")).toEqual({ ok: true, target: null });
  });

  it("refuses a missing url and another site's, a port of its own or a scheme that is not the web's", () => {
    setEnv({ PUBLIC_URL: "https://marketwire.example" });
    expect(readEmbedUrl(null)).toEqual({ ok: false, reason: "missing" });
    expect(readEmbedUrl("  ")).toEqual({ ok: false, reason: "missing" });
    for (const url of [
      `https://evil.example/video/${ID}`,
      `https://marketwire.example.evil.example/video/${ID}`,
      `https://marketwire.example:8443/video/${ID}`,
      `javascript:alert(1)//marketwire.example/video/${ID}`,
      "not a url",
    ]) {
      expect(readEmbedUrl(url), url).toEqual({ ok: false, reason: "foreign" });
    }
  });
});
