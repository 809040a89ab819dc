import { describe, expect, it } from "vitest";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, contentTypeBySlug, publicUrlFor } from "./content-registry";
import { CONTENT_TYPES, type ContentType } from "./content-types";
import { featureTypeLabel } from "./feature-types";

describe("publicUrlFor (search result links)", () => {
  it.each([
    ["blog", "/blog/x"],
    ["podcast", "/podcast/x"],
    ["video", "/video/x"],
    ["interview", "/interviews/x"],
    ["special_feature", "/special-features/x"],
  ] as const)("%s → %s", (type, url) => {
    expect(publicUrlFor(type, "x")).toBe(url);
  });
});

describe("featureTypeLabel (the feature type labels)", () => {
  it.each([
    ["market_analysis", "Market Analysis"],
    ["exclusive_report", "Exclusive Report"],
    ["expert_insight", "Expert Insight"],
    ["breaking_news", "Breaking News"],
    ["deep_dive", "Deep Dive"],
    ["other", "Other"],
    [null, "General"],
    ["", "General"],
    ["unknown", "General"],
  ])("%s → %s", (value, label) => {
    expect(featureTypeLabel(value)).toBe(label);
  });
});

describe("contentTypeBySlug (the admin section of /admin/{slug})", () => {
  it.each([
    ["videos", "video"],
    ["podcasts", "podcast"],
    ["blogs", "blog"],
    ["interviews", "interview"],
    ["special-features", "special_feature"],
  ] as const)("%s → %s", (slug, type) => {
    expect(contentTypeBySlug(slug)).toBe(type);
  });

  it.each([
    "",
    "video",
    "blog",
    "special_feature",
    "special_features",
    "Videos",
    "videos ",
    "subscribers",
    "messages",
    "new",
    "__proto__",
    "constructor",
    "toString",
  ])("%j is no content type", (slug) => {
    expect(contentTypeBySlug(slug)).toBeNull();
  });
});

describe("the content registry", () => {
  it("lists the five types in display order, each under its own key", () => {
    expect(CONTENT_TYPE_LIST.map((info) => info.key)).toEqual(["video", "podcast", "blog", "interview", "special_feature"]);
    expect(Object.keys(CONTENT_REGISTRY).sort()).toEqual([...CONTENT_TYPES].sort());
    for (const type of CONTENT_TYPES) expect(CONTENT_REGISTRY[type].key).toBe(type);
  });

  it.each(CONTENT_TYPES)("%s: its admin path is /admin/{slug}, and the slug finds it again", (type) => {
    const info = CONTENT_REGISTRY[type];
    expect(info.adminPath).toBe(`/admin/${info.slug}`);
    expect(contentTypeBySlug(info.slug)).toBe(type);
  });

  it("slugs, tables, admin paths and public list paths are all different", () => {
    for (const key of ["slug", "tableName", "adminPath", "listPath"] as const) {
      const values = CONTENT_TYPE_LIST.map((info) => info[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it.each([
    ["video", "videos", "videos", "/videos"],
    ["podcast", "podcasts", "podcasts", "/podcasts"],
    ["blog", "blogs", "blogs", "/blog"],
    ["interview", "interviews", "interviews", "/interviews"],
    ["special_feature", "special-features", "special_features", "/special-features"],
  ] as const)("%s: slug %s, table %s, public list %s", (type, slug, tableName, listPath) => {
    expect(CONTENT_REGISTRY[type]).toMatchObject({ slug, tableName, listPath });
  });

  it("only videos and podcasts are featurable; podcasts count listens, the others views", () => {
    expect(CONTENT_TYPE_LIST.filter((info) => info.featurable).map((info) => info.key)).toEqual(["video", "podcast"]);
    const counters = Object.fromEntries(CONTENT_TYPE_LIST.map((info) => [info.key, info.counter]));
    expect(counters).toEqual({ video: "views", podcast: "listens", blog: "views", interview: "views", special_feature: "views" });
  });

  it("each type's own fields, in the editor's order", () => {
    const fields: Record<ContentType, readonly string[]> = {
      video: ["videoUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
      podcast: ["audioUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
      blog: ["featuredImageUrl", "authorName", "authorRole", "readTime"],
      interview: ["intervieweeName", "intervieweeTitle", "videoUrl", "audioUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
      special_feature: ["featureType", "featuredImageUrl", "videoUrl", "readTime"],
    };
    for (const type of CONTENT_TYPES) expect(CONTENT_REGISTRY[type].fields, type).toEqual(fields[type]);
  });

  it.each(CONTENT_TYPES)("%s: the image and the extra search field are fields of the type", (type) => {
    const info = CONTENT_REGISTRY[type];
    expect(info.fields).toContain(info.imageField);
    if (info.extraSearchField !== null) expect(info.fields).toContain(info.extraSearchField);
  });

  it("the extra search field: author (blogs), interviewee (interviews), feature type (special features)", () => {
    const extra = Object.fromEntries(CONTENT_TYPE_LIST.map((info) => [info.key, info.extraSearchField]));
    expect(extra).toEqual({ video: null, podcast: null, blog: "authorName", interview: "intervieweeName", special_feature: "featureType" });
  });
});
