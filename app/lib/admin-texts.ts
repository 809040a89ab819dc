/**
 * The admin content area's texts for each type (PRODUCT.md "Admin list messages", PRODUCT.md "Admin editor
 * messages"): messages, and the headings and buttons named after the type. Pure: used by pages and the server.
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";

/**
 * PRODUCT.md "Admin list messages" and PRODUCT.md "Admin editor messages", written out in full for every
 * type so that a message seen on screen can be found with grep.
 */
const ADMIN_MESSAGES = {
  empty: {
    video: "No videos found",
    podcast: "No podcasts found",
    blog: "No blogs found",
    interview: "No interviews found",
    special_feature: "No special features found",
  },
  createFirst: {
    video: "Create your first video",
    podcast: "Create your first podcast",
    blog: "Create your first blog post",
    interview: "Create your first interview",
    special_feature: "Create your first special feature",
  },
  fetchFailed: {
    video: "Failed to fetch videos",
    podcast: "Failed to fetch podcasts",
    blog: "Failed to fetch blogs",
    interview: "Failed to fetch interviews",
    special_feature: "Failed to fetch special features",
  },
  deleted: {
    video: "Video deleted successfully",
    podcast: "Podcast deleted successfully",
    blog: "Blog post deleted successfully",
    interview: "Interview deleted successfully",
    special_feature: "Special feature deleted successfully",
  },
  deleteFailed: {
    video: "Failed to delete video",
    podcast: "Failed to delete podcast",
    blog: "Failed to delete blog post",
    interview: "Failed to delete interview",
    special_feature: "Failed to delete special feature",
  },
  published: {
    video: "Video published successfully",
    podcast: "Podcast published successfully",
    blog: "Blog post published successfully",
    interview: "Interview published successfully",
    special_feature: "Special feature published successfully",
  },
  savedDraft: {
    video: "Video saved as draft successfully",
    podcast: "Podcast saved as draft successfully",
    blog: "Blog post saved as draft successfully",
    interview: "Interview saved as draft successfully",
    special_feature: "Special feature saved as draft successfully",
  },
  updated: {
    video: "Video updated successfully",
    podcast: "Podcast updated successfully",
    blog: "Blog post updated successfully",
    interview: "Interview updated successfully",
    special_feature: "Special feature updated successfully",
  },
  notFound: {
    video: "Video not found",
    podcast: "Podcast not found",
    blog: "Blog post not found",
    interview: "Interview not found",
    special_feature: "Special feature not found",
  },
  loadFailed: {
    video: "Failed to load video",
    podcast: "Failed to load podcast",
    blog: "Failed to load blog post",
    interview: "Failed to load interview",
    special_feature: "Failed to load special feature",
  },
  createFailed: {
    video: "Failed to create video",
    podcast: "Failed to create podcast",
    blog: "Failed to create blog post",
    interview: "Failed to create interview",
    special_feature: "Failed to create special feature",
  },
  updateFailed: {
    video: "Failed to update video",
    podcast: "Failed to update podcast",
    blog: "Failed to update blog post",
    interview: "Failed to update interview",
    special_feature: "Failed to update special feature",
  },
} satisfies Record<string, Record<ContentType, string>>;

/** PRODUCT.md "Admin lists": only videos and podcasts can be featured. */
const FEATURE_MESSAGES = {
  video: { featured: "Video featured", unfeatured: "Video unfeatured" },
  podcast: { featured: "Podcast featured", unfeatured: "Podcast unfeatured" },
} as const;

/** Every admin text for a type: its messages, and the headings and buttons named after it. */
export function adminTexts(type: ContentType) {
  const info = CONTENT_REGISTRY[type];
  const message = (key: keyof typeof ADMIN_MESSAGES) => ADMIN_MESSAGES[key][type];
  const feature: { featured: string; unfeatured: string } | undefined =
    type === "video" || type === "podcast" ? FEATURE_MESSAGES[type] : undefined;
  return {
    listHeading: info.listTitle,
    addButton: `Add ${info.title}`,
    empty: message("empty"),
    createFirst: message("createFirst"),
    fetchFailed: message("fetchFailed"),
    deleted: message("deleted"),
    deleteFailed: message("deleteFailed"),
    featured: feature?.featured ?? "",
    unfeatured: feature?.unfeatured ?? "",
    featureFailed: "Failed to update featured status",
    createHeading: `Create New ${info.title}`,
    editHeading: `Edit ${info.title}`,
    backButton: `Back to ${info.listTitle}`,
    updateButton: `Update ${info.title}`,
    featuredOn: `Featured ${info.title}`,
    featuredOff: "Mark as Featured",
    loadingEdit: `Loading ${info.title} data...`,
    published: message("published"),
    savedDraft: message("savedDraft"),
    updated: message("updated"),
    notFound: message("notFound"),
    loadFailed: message("loadFailed"),
    createFailed: message("createFailed"),
    updateFailed: message("updateFailed"),
  };
}
