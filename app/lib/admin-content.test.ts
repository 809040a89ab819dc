import { describe, expect, it } from "vitest";

import {
  addTag,
  ADMIN_CONTENT_TYPES,
  ADMIN_TYPES,
  adminTexts,
  editorValuesFromFormData,
  emptyEditorValues,
  isHttpUrl,
  isMediaUrl,
  parseEditorValues,
  type AdminContentType,
  type EditorValues,
} from "./admin-content";

function values(type: AdminContentType, overrides: Partial<EditorValues> = {}): EditorValues {
  return { ...emptyEditorValues(type), title: "A title", ...overrides };
}

function errorsFor(type: AdminContentType, overrides: Partial<EditorValues>, mode: "create" | "edit" = "create") {
  const result = parseEditorValues(type, mode, values(type, overrides));
  return result.success ? {} : result.fieldErrors;
}

function parsed(type: AdminContentType, overrides: Partial<EditorValues>, mode: "create" | "edit" = "create") {
  const result = parseEditorValues(type, mode, values(type, overrides));
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(result.fieldErrors)}`);
  return result.data;
}

describe("admin texts per type", () => {
  it.each([
    [
      "videos",
      "Create New Video",
      "Edit Video",
      "Update Video",
      "Back to Videos",
      "Video published successfully",
      "Failed to fetch videos",
      "No videos found",
    ],
    [
      "podcasts",
      "Create New Podcast",
      "Edit Podcast",
      "Update Podcast",
      "Back to Podcasts",
      "Podcast published successfully",
      "Failed to fetch podcasts",
      "No podcasts found",
    ],
    [
      "blogs",
      "Create New Blog Post",
      "Edit Blog Post",
      "Update Blog Post",
      "Back to Blogs",
      "Blog post published successfully",
      "Failed to fetch blogs",
      "No blogs found",
    ],
    [
      "interviews",
      "Create New Interview",
      "Edit Interview",
      "Update Interview",
      "Back to Interviews",
      "Interview published successfully",
      "Failed to fetch interviews",
      "No interviews found",
    ],
    [
      "special-features",
      "Create New Special Feature",
      "Edit Special Feature",
      "Update Special Feature",
      "Back to Special Features",
      "Special feature published successfully",
      "Failed to fetch special features",
      "No special features found",
    ],
  ] as const)("%s", (type, create, edit, update, back, published, fetchFailed, empty) => {
    const t = adminTexts(type);
    expect([t.createHeading, t.editHeading, t.updateButton, t.backButton, t.published, t.fetchFailed, t.empty]).toEqual([
      create,
      edit,
      update,
      back,
      published,
      fetchFailed,
      empty,
    ]);
  });

  it.each([
    [
      "videos",
      "Video not found",
      "Failed to delete video",
      "Video deleted successfully",
      "Failed to create video",
      "Failed to update video",
    ],
    [
      "blogs",
      "Blog post not found",
      "Failed to delete blog post",
      "Blog post deleted successfully",
      "Failed to create blog post",
      "Failed to update blog post",
    ],
    [
      "special-features",
      "Special feature not found",
      "Failed to delete special feature",
      "Special feature deleted successfully",
      "Failed to create special feature",
      "Failed to update special feature",
    ],
  ] as const)("%s failure and success messages", (type, notFound, deleteFailed, deleted, createFailed, updateFailed) => {
    const t = adminTexts(type);
    expect([t.notFound, t.deleteFailed, t.deleted, t.createFailed, t.updateFailed]).toEqual([
      notFound,
      deleteFailed,
      deleted,
      createFailed,
      updateFailed,
    ]);
  });

  it("featured toggle texts for videos and podcasts", () => {
    expect(adminTexts("videos")).toMatchObject({
      featuredOn: "Featured Video",
      featuredOff: "Mark as Featured",
      featured: "Video featured",
      unfeatured: "Video unfeatured",
    });
    expect(adminTexts("podcasts")).toMatchObject({
      featuredOn: "Featured Podcast",
      featured: "Podcast featured",
      unfeatured: "Podcast unfeatured",
    });
    expect(ADMIN_CONTENT_TYPES.filter((t) => ADMIN_TYPES[t].featurable)).toEqual(["videos", "podcasts"]);
  });
});

describe("editor title", () => {
  it.each(ADMIN_CONTENT_TYPES)("%s: empty title is required", (type) => {
    expect(errorsFor(type, { title: "" }).title).toEqual(["Title is required"]);
  });
  it("a title of spaces only is empty", () => {
    expect(errorsFor("videos", { title: "   " }).title).toEqual(["Title is required"]);
  });
  it("a 10,000-character title gets a field message", () => {
    expect(errorsFor("blogs", { title: "x".repeat(10_000) }).title).toEqual(["Title must be at most 300 characters"]);
  });
  it("title is trimmed", () => {
    expect(parsed("videos", { title: "  Markets  " }).title).toBe("Markets");
  });
});

describe("editor numbers", () => {
  it.each([
    ["", null],
    ["0", 0],
    ["125", 125],
    [" 90 ", 90],
    ["604800", 604_800],
    ["1e3", 1000],
  ])("duration %j is saved as %j", (input, expected) => {
    expect(parsed("videos", { duration: input }).duration).toBe(expected);
  });

  it.each([
    ["-1", "Duration must be 0 or more"],
    ["1.5", "Duration must be a whole number of seconds"],
    ["abc", "Duration must be a number"],
    ["0x10", "Duration must be a number"],
    ["Infinity", "Duration must be a number"],
    ["604801", "Duration must be at most 604,800 seconds"],
    ["99999999999999999999", "Duration must be at most 604,800 seconds"],
  ])("duration %j: %s", (input, message) => {
    expect(errorsFor("podcasts", { duration: input }).duration).toEqual([message]);
  });

  it.each([
    ["", null],
    ["1", 1],
    ["12", 12],
  ])("read time %j is saved as %j", (input, expected) => {
    expect(parsed("blogs", { read_time: input }).read_time).toBe(expected);
  });

  it.each([
    ["0", "Read time must be at least 1 minute"],
    ["-3", "Read time must be at least 1 minute"],
    ["2.5", "Read time must be a whole number of minutes"],
    ["601", "Read time must be at most 600 minutes"],
  ])("read time %j: %s", (input, message) => {
    expect(errorsFor("special-features", { read_time: input }).read_time).toEqual([message]);
  });
});

describe("editor URLs", () => {
  it.each([
    ["https://www.youtube.com/watch?v=abc", true],
    ["http://example.com/a.mp3", true],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["ftp://example.com/file", false],
    ["not a url", false],
    ["/relative/path.jpg", false],
  ])("isHttpUrl(%j) is %s", (input, ok) => {
    expect(isHttpUrl(input)).toBe(ok);
  });

  it.each([
    ["/media/video-market-open-1.svg", true],
    ["/media/audio/capital-call-trailer.wav", true],
    ["https://cdn.example.com/a.jpg", true],
    ["//evil.example.com/media/a.jpg", false],
    ["/media//evil.example.com/a.jpg", false],
    ["/media/../admin", false],
    ["/media/./a.svg", false],
    ["/media/", false],
    ["/media/a.svg?x=1", false],
    ["/media\\a.svg", false],
    ["/media/a b.svg", false],
    ["/admin/videos", false],
    ["/relative/path.jpg", false],
    ["media/a.svg", false],
    ["javascript:/media/a.svg", false],
  ])("isMediaUrl(%j) is %s", (input, ok) => {
    expect(isMediaUrl(input)).toBe(ok);
  });

  it.each([
    ["videos", "thumbnail_url"],
    ["videos", "video_url"],
    ["podcasts", "audio_url"],
    ["blogs", "featured_image_url"],
    ["interviews", "thumbnail_url"],
    ["special-features", "featured_image_url"],
  ] as const)("%s %s accepts the site's own media path", (type, field) => {
    expect(parsed(type, { [field]: "/media/blog-gold.svg" })[field]).toBe("/media/blog-gold.svg");
  });

  it.each(["video_url", "thumbnail_url"] as const)("videos %s rejects a bad URL", (field) => {
    expect(errorsFor("videos", { [field]: "javascript:alert(1)" })[field]).toEqual(["Enter a valid URL starting with http:// or https://"]);
  });

  it("podcast audio_url and blog featured_image_url are validated", () => {
    expect(errorsFor("podcasts", { audio_url: "nope" }).audio_url).toHaveLength(1);
    expect(errorsFor("blogs", { featured_image_url: "nope" }).featured_image_url).toHaveLength(1);
  });

  it("an over-long URL gets a message", () => {
    expect(errorsFor("interviews", { video_url: `https://example.com/${"a".repeat(2100)}` }).video_url).toEqual([
      "Video URL must be at most 2048 characters",
    ]);
  });

  it("empty URL is saved as null and a good one trimmed", () => {
    const data = parsed("videos", { video_url: "", thumbnail_url: " https://img.example.com/t.jpg " });
    expect(data.video_url).toBeNull();
    expect(data.thumbnail_url).toBe("https://img.example.com/t.jpg");
  });
});

describe("editor tags", () => {
  it.each([
    [["markets"], "  stocks ", ["markets", "stocks"]],
    [["markets"], "   ", ["markets"]],
    [["markets"], "markets", ["markets"]],
    [["markets"], " markets ", ["markets"]],
    [[], "Crypto", ["Crypto"]],
  ])("addTag(%j, %j) → %j", (tags, raw, expected) => {
    expect(addTag(tags, raw)).toEqual(expected);
  });

  it("submitted tags are trimmed and deduplicated", () => {
    expect(parsed("videos", { tags: [" a ", "b", "a", "", "  "] }).tags).toEqual(["a", "b"]);
  });

  it("at most 30 tags of at most 50 characters", () => {
    const many = Array.from({ length: 31 }, (_, i) => `tag${i}`);
    expect(errorsFor("blogs", { tags: many }).tags).toEqual(["Use at most 30 tags"]);
    expect(errorsFor("blogs", { tags: ["x".repeat(51)] }).tags).toEqual(["Each tag must be at most 50 characters"]);
  });
});

describe("editor status and featured", () => {
  it("create offers draft and published only; edit also archived", () => {
    expect(errorsFor("videos", { status: "archived" }, "create").status).toEqual(["Choose a valid status"]);
    expect(parsed("videos", { status: "archived" }, "edit").status).toBe("archived");
    expect(errorsFor("videos", { status: "deleted" }, "edit").status).toEqual(["Choose a valid status"]);
  });

  it("featured is kept for videos and podcasts and always false elsewhere", () => {
    expect(parsed("podcasts", { featured: true }).featured).toBe(true);
    expect(parsed("blogs", { featured: true }).featured).toBe(false);
  });

  it("feature_type accepts the six values or none", () => {
    expect(parsed("special-features", { feature_type: "deep_dive" }).feature_type).toBe("deep_dive");
    expect(parsed("special-features", { feature_type: "" }).feature_type).toBeNull();
    expect(errorsFor("special-features", { feature_type: "gossip" }).feature_type).toEqual(["Choose a feature type from the list"]);
  });
});

describe("limits on text fields", () => {
  it.each([
    ["description", "x".repeat(2001), "Description must be at most 2,000 characters"],
    ["content", "x".repeat(200_001), "Content must be at most 200,000 characters"],
  ] as const)("%s", (field, input, message) => {
    expect(errorsFor("videos", { [field]: input })[field]).toEqual([message]);
  });

  it("author name is limited to 200 characters", () => {
    expect(errorsFor("blogs", { author_name: "x".repeat(201) }).author_name).toEqual(["Author Name must be at most 200 characters"]);
  });

  it("empty optional text is saved as null", () => {
    const data = parsed("blogs", { description: " ", content: "", author_name: "" });
    expect([data.description, data.content, data.author_name]).toEqual([null, null, null]);
  });
});

describe("FormData parsing", () => {
  it("reads every field of the type, repeated tags and the featured flag", () => {
    const form = new FormData();
    form.set("title", "Hello");
    form.set("status", "published");
    form.set("video_url", "https://v.example.com/1");
    form.set("duration", "61");
    form.set("featured", "true");
    form.set("author_name", "ignored for videos");
    form.append("tags", "a");
    form.append("tags", "b");
    const v = editorValuesFromFormData("videos", form);
    expect(v).toEqual({
      title: "Hello",
      description: "",
      content: "",
      status: "published",
      tags: ["a", "b"],
      featured: true,
      video_url: "https://v.example.com/1",
      thumbnail_url: "",
      duration: "61",
    });
  });

  it("a file where text is expected counts as empty, and a missing status is draft", () => {
    const form = new FormData();
    form.set("title", new Blob(["x"]) as unknown as string);
    const v = editorValuesFromFormData("blogs", form);
    expect(v.title).toBe("");
    expect(v.status).toBe("draft");
    expect(v.featured).toBe(false);
  });
});
