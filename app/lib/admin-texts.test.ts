import { describe, expect, it } from "vitest";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { CONTENT_TYPES } from "~/lib/content-types";

import { adminTexts } from "./admin-texts";

describe("admin texts per type", () => {
  it.each([
    [
      "video",
      "Create New Video",
      "Edit Video",
      "Update Video",
      "Back to Videos",
      "Video published successfully",
      "Failed to fetch videos",
      "No videos found",
    ],
    [
      "podcast",
      "Create New Podcast",
      "Edit Podcast",
      "Update Podcast",
      "Back to Podcasts",
      "Podcast published successfully",
      "Failed to fetch podcasts",
      "No podcasts found",
    ],
    [
      "blog",
      "Create New Blog Post",
      "Edit Blog Post",
      "Update Blog Post",
      "Back to Blogs",
      "Blog post published successfully",
      "Failed to fetch blogs",
      "No blogs found",
    ],
    [
      "interview",
      "Create New Interview",
      "Edit Interview",
      "Update Interview",
      "Back to Interviews",
      "Interview published successfully",
      "Failed to fetch interviews",
      "No interviews found",
    ],
    [
      "special_feature",
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
      "video",
      "Video not found",
      "Failed to delete video",
      "Video deleted successfully",
      "Failed to create video",
      "Failed to update video",
    ],
    [
      "blog",
      "Blog post not found",
      "Failed to delete blog post",
      "Blog post deleted successfully",
      "Failed to create blog post",
      "Failed to update blog post",
    ],
    [
      "special_feature",
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
    expect(adminTexts("video")).toMatchObject({
      featuredOn: "Featured Video",
      featuredOff: "Mark as Featured",
      featured: "Video featured",
      unfeatured: "Video unfeatured",
    });
    expect(adminTexts("podcast")).toMatchObject({
      featuredOn: "Featured Podcast",
      featured: "Podcast featured",
      unfeatured: "Podcast unfeatured",
    });
    expect(CONTENT_TYPES.filter((t) => CONTENT_REGISTRY[t].featurable)).toEqual(["video", "podcast"]);
  });
});
