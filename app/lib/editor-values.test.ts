import { describe, expect, it } from "vitest";

import { EMPTY_SHARED_VALUES } from "../../tests/support/editor";
import { emptyEditorValues } from "./editor-values";

describe("empty editor values", () => {
  it.each([
    ["video", { videoUrl: "", thumbnailUrl: "", duration: "", transcript: "", chapters: "" }],
    ["podcast", { audioUrl: "", thumbnailUrl: "", duration: "", transcript: "", chapters: "" }],
    ["blog", { featuredImageUrl: "", authorName: "", authorRole: "", readTime: "" }],
    [
      "interview",
      {
        intervieweeName: "",
        intervieweeTitle: "",
        videoUrl: "",
        audioUrl: "",
        thumbnailUrl: "",
        duration: "",
        transcript: "",
        chapters: "",
      },
    ],
    ["special_feature", { featureType: "", featuredImageUrl: "", videoUrl: "", readTime: "" }],
  ] as const)("%s: every field empty, a draft without tags, not featured", (type, fields) => {
    expect(emptyEditorValues(type)).toEqual({ ...EMPTY_SHARED_VALUES, ...fields });
  });
});
