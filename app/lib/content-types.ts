/** The five content types (PRODUCT.md "Content") and where each lives on the site. Pure. */

export const CONTENT_TYPES = ["video", "podcast", "blog", "interview", "special_feature"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  video: "Video",
  podcast: "Podcast",
  blog: "Blog",
  interview: "Interview",
  special_feature: "Special Feature",
};

/** PRODUCT.md "Search": where a result links to. */
export function publicUrlFor(type: ContentType, id: string): string {
  switch (type) {
    case "video":
      return `/video/${id}`;
    case "podcast":
      return `/podcast/${id}`;
    case "blog":
      return `/blog/${id}`;
    case "interview":
      return `/interviews#${id}`;
    case "special_feature":
      return `/special-features#${id}`;
  }
}

/** PRODUCT.md "Content": feature_type labels; none shows 'General'. */
export const FEATURE_TYPE_LABELS = {
  market_analysis: "Market Analysis",
  exclusive_report: "Exclusive Report",
  expert_insight: "Expert Insight",
  breaking_news: "Breaking News",
  deep_dive: "Deep Dive",
  other: "Other",
} as const;

export function featureTypeLabel(value: string | null | undefined): string {
  if (!value) return "General";
  return (FEATURE_TYPE_LABELS as Record<string, string>)[value] ?? "General";
}
