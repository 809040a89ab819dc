/**
 * The keys of the five content types (PRODUCT.md "Content") and their field names. What each type is
 * (labels, paths, table, fields) is in the registry, `content-registry.ts`; the keys live apart so a
 * page that only names a type (the search form) does not load the registry.
 */

export const CONTENT_TYPES = ["video", "podcast", "blog", "interview", "special_feature"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Type-specific fields, named as their Drizzle properties (the admin form uses the same names). */
export type ContentField =
  | "videoUrl"
  | "audioUrl"
  | "thumbnailUrl"
  | "featuredImageUrl"
  | "duration"
  | "readTime"
  | "authorName"
  | "authorRole"
  | "intervieweeName"
  | "intervieweeTitle"
  | "featureType"
  | "transcript"
  | "chapters";
