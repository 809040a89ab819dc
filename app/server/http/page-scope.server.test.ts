import { describe, expect, it } from "vitest";

import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";

import { cacheKeysAffectedBy, isAffected, pathOfCacheKey, readContentChange } from "./page-scope.server";

const ID = "0b0c6a3e-2f5d-4f7e-9a55-1d2a0f7c9e11";

/** Every kind of cached page, by its path (PRODUCT.md "Page cache"). */
const PAGES = {
  home: "/",
  search: "/search",
  programme: "/programme",
  clients: "/clients",
  companies: "/companies",
  company: "/companies/ironbark-gold",
  newsletter: "/newsletter",
  edition: `/newsletter/${ID}`,
  about: "/about",
  contact: "/contact",
  videos: "/videos",
  video: `/video/${ID}`,
  podcasts: "/podcasts",
  podcast: `/podcast/${ID}`,
  blog: "/blog",
  article: `/blog/${ID}`,
  interviews: "/interviews",
  interview: `/interviews/${ID}`,
  specialFeatures: "/special-features",
  specialFeature: `/special-features/${ID}`,
  companyEmbed: "/embed/companies/ironbark-gold",
  videoEmbed: `/embed/videos/${ID}`,
  podcastEmbed: `/embed/podcasts/${ID}`,
  articleEmbed: `/embed/blogs/${ID}`,
  interviewEmbed: `/embed/interviews/${ID}`,
  specialFeatureEmbed: `/embed/special-features/${ID}`,
  apiItems: "/api/v1/items",
  apiItem: `/api/v1/items/${ID}`,
  apiCompanies: "/api/v1/companies",
} as const;
type Page = keyof typeof PAGES;

const MIXED: Page[] = [
  "home",
  "search",
  "programme",
  "clients",
  "companies",
  "company",
  "newsletter",
  "edition",
  "companyEmbed",
  // PRODUCT.md "Content API": every change reaches it.
  "apiItems",
  "apiItem",
  "apiCompanies",
];
// PRODUCT.md "Embeds": an item's embed goes with its page.
const OWN: Record<ContentType, Page[]> = {
  video: ["videos", "video", "videoEmbed"],
  podcast: ["podcasts", "podcast", "podcastEmbed"],
  blog: ["blog", "article", "articleEmbed"],
  interview: ["interviews", "interview", "interviewEmbed"],
  special_feature: ["specialFeatures", "specialFeature", "specialFeatureEmbed"],
};

describe("which pages a write must refresh", () => {
  it.each(CONTENT_TYPES)("a published %s: its type's list and item pages and the mixed pages, nothing else", (type) => {
    const refreshed = (Object.keys(PAGES) as Page[]).filter((page) => isAffected({ type }, PAGES[page]));
    expect(refreshed.sort()).toEqual([...MIXED, ...OWN[type]].sort());
  });

  it("anything else (companies, editions, a change of unknown reach): every page", () => {
    for (const path of Object.values(PAGES)) expect(isAffected("everything", path)).toBe(true);
    expect(cacheKeysAffectedBy("everything")).toBeUndefined();
  });
});

describe("cache keys", () => {
  it("are read as their path: theme, query and the data request's ending left out", () => {
    expect(pathOfCacheKey("dark /videos?page=2")).toBe("/videos");
    expect(pathOfCacheKey(`light /video/${ID}.data`)).toBe(`/video/${ID}`);
    expect(pathOfCacheKey("system /_.data")).toBe("/");
    expect(pathOfCacheKey("system /_root.data")).toBe("/");
    expect(pathOfCacheKey("system /search?q=a%20b")).toBe("/search");
  });

  it("are covered with their page and its data request", () => {
    const covers = cacheKeysAffectedBy({ type: "video" })!;
    expect(covers(`system /video/${ID}`)).toBe(true);
    expect(covers(`dark /video/${ID}.data`)).toBe(true);
    expect(covers("light /videos?page=3")).toBe(true);
    expect(covers("light /_.data")).toBe(true);
    expect(covers(`light /podcast/${ID}.data`)).toBe(false);
    expect(covers("light /podcasts?page=3")).toBe(false);
  });
});

describe("readContentChange (another instance's notification)", () => {
  it("keeps a known type and reads anything else as everything", () => {
    expect(readContentChange({ type: "podcast" })).toEqual({ type: "podcast" });
    expect(readContentChange({ type: "nonsense" })).toBe("everything");
    expect(readContentChange("everything")).toBe("everything");
    expect(readContentChange(null)).toBe("everything");
  });
});
