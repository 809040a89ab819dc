/**
 * The editor's fields (PRODUCT.md "Editor"): their limits and how each type-specific field is asked for.
 * Pure: used by the editor's schema, its components and the server.
 */
import { type ContentField } from "~/lib/content-types";

/**
 * The editor's field limits (PRODUCT.md "Limits"). Generous for real content, small enough that a
 * pasted novel gets a field message instead of a failed insert.
 */
export const LIMITS = {
  title: 300,
  description: 2_000,
  content: 200_000,
  shortText: 200, // author, role, interviewee
  url: 2_048,
  tags: 30,
  tagLength: 50,
  // PRODUCT.md "Companies". Here rather than in lib/companies.ts, which imports this module: the editor's schema needs it.
  companies: 20,
  durationSeconds: 86_400 * 7,
  readTimeMinutes: 600,
} as const;

type FieldSpec =
  | { kind: "url"; label: string; placeholder: string }
  | { kind: "int"; label: string; min: number; max: number; unit: string; hint: string }
  | { kind: "text"; label: string; placeholder: string }
  | { kind: "feature_type"; label: string }
  | { kind: "transcript"; label: string; hint: string }
  | { kind: "chapters"; label: string; hint: string; placeholder: string };

export const FIELD_SPECS: Record<ContentField, FieldSpec> = {
  videoUrl: { kind: "url", label: "Video URL", placeholder: "https://www.youtube.com/watch?v=..." },
  audioUrl: { kind: "url", label: "Audio URL", placeholder: "https://..." },
  thumbnailUrl: { kind: "url", label: "Thumbnail URL", placeholder: "https://.../thumbnail.jpg" },
  featuredImageUrl: { kind: "url", label: "Featured Image URL", placeholder: "https://.../image.jpg" },
  duration: {
    kind: "int",
    label: "Duration (seconds)",
    min: 0,
    max: LIMITS.durationSeconds,
    unit: "seconds",
    hint: "Leave empty if unknown.",
  },
  readTime: {
    kind: "int",
    label: "Read Time (minutes)",
    min: 1,
    max: LIMITS.readTimeMinutes,
    unit: "minutes",
    hint: "Leave empty to estimate it from the text.",
  },
  authorName: { kind: "text", label: "Author Name", placeholder: "Jane Doe" },
  authorRole: { kind: "text", label: "Author Role", placeholder: "Senior Market Analyst" },
  intervieweeName: { kind: "text", label: "Interviewee Name", placeholder: "John Smith" },
  intervieweeTitle: { kind: "text", label: "Interviewee Title", placeholder: "CEO, Example Corp" },
  featureType: { kind: "feature_type", label: "Feature Type" },
  // PRODUCT.md "Transcripts".
  transcript: {
    kind: "transcript",
    label: "Transcript",
    hint: "Paste WebVTT, SRT or plain text, or upload a .vtt or .srt file. Leave empty if there is none yet.",
  },
  chapters: {
    kind: "chapters",
    label: "Chapters",
    hint: "One per line: its start time and title.",
    placeholder: "0:00 Introduction\n4:30 The quarter's numbers",
  },
};
