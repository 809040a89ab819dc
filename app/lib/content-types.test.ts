import { describe, expect, it } from "vitest";

import { featureTypeLabel, publicUrlFor } from "./content-types";

describe("publicUrlFor (search result links)", () => {
  it.each([
    ["blog", "/blog/x"],
    ["podcast", "/podcast/x"],
    ["video", "/video/x"],
    ["interview", "/interviews#x"],
    ["special_feature", "/special-features#x"],
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
