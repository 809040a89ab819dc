/**
 * The special features' feature types and their labels. Its own module, apart from the content-type
 * registry, because the feature card on public pages needs only this.
 */

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
