/**
 * The one registry of the five content types (PRODUCT.md "Content"): each type's key, its admin URL
 * slug, its table, its labels, where it lives on the public site and which fields it has. Admin, search,
 * feeds, sitemap, dashboard, routes and test fixtures all read it. Pure: the Drizzle tables that go with
 * these keys are in `server/content/content-tables.server.ts`, so the browser never loads the schema.
 */
import type { ContentField, ContentType } from "./content-types";

export interface ContentTypeInfo {
  key: ContentType;
  /** The admin section's URL segment: /admin/{slug}. */
  slug: "videos" | "podcasts" | "blogs" | "interviews" | "special-features";
  /** The SQL table. */
  tableName: "videos" | "podcasts" | "blogs" | "interviews" | "special_features";
  /** The type's badge on search results and in feeds: 'Blog'. */
  label: string;
  /** Admin headings and buttons: 'Blog Post'. */
  title: string;
  /** Admin list heading, sidebar entry and 'Back to …': 'Blogs'. */
  listTitle: string;
  /** In running text: 'Enter blog post title', 'Delete this blog post?'. */
  noun: string;
  /** The admin search box: 'Search blogs'. */
  plural: string;
  /** The public list page. */
  listPath: string;
  /** The admin list: /admin/{slug}. */
  adminPath: string;
  /** The sidebar and dashboard icon. */
  icon: "video" | "mic" | "file-text" | "users" | "sparkles";
  /** Views, or listens for podcasts. */
  counter: "views" | "listens";
  /** Videos and podcasts have the featured flag (PRODUCT.md "Content"). */
  featurable: boolean;
  /** The picture shown on cards and search results. */
  imageField: "thumbnailUrl" | "featuredImageUrl";
  /** A detail page of its own (publicUrlFor); without one an item is only an anchor on its list page. */
  hasOwnPage: boolean;
  /** PRODUCT.md "Editor": the title of the card that holds the media or article settings. */
  settingsTitle: "Media Settings" | "Article Settings";
  /** The type's own fields, in the editor's order. */
  fields: readonly ContentField[];
  /** Searched in the admin list besides title and description (PRODUCT.md "Admin lists"). */
  extraSearchField: "authorName" | "intervieweeName" | "featureType" | null;
}

export const CONTENT_REGISTRY: Record<ContentType, ContentTypeInfo> = {
  video: {
    key: "video",
    slug: "videos",
    tableName: "videos",
    label: "Video",
    title: "Video",
    listTitle: "Videos",
    noun: "video",
    plural: "videos",
    listPath: "/videos",
    adminPath: "/admin/videos",
    icon: "video",
    counter: "views",
    featurable: true,
    imageField: "thumbnailUrl",
    hasOwnPage: true,
    settingsTitle: "Media Settings",
    fields: ["videoUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
    extraSearchField: null,
  },
  podcast: {
    key: "podcast",
    slug: "podcasts",
    tableName: "podcasts",
    label: "Podcast",
    title: "Podcast",
    listTitle: "Podcasts",
    noun: "podcast",
    plural: "podcasts",
    listPath: "/podcasts",
    adminPath: "/admin/podcasts",
    icon: "mic",
    counter: "listens",
    featurable: true,
    imageField: "thumbnailUrl",
    hasOwnPage: true,
    settingsTitle: "Media Settings",
    fields: ["audioUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
    extraSearchField: null,
  },
  blog: {
    key: "blog",
    slug: "blogs",
    tableName: "blogs",
    label: "Blog",
    title: "Blog Post",
    listTitle: "Blogs",
    noun: "blog post",
    plural: "blogs",
    listPath: "/blog",
    adminPath: "/admin/blogs",
    icon: "file-text",
    counter: "views",
    featurable: false,
    imageField: "featuredImageUrl",
    hasOwnPage: true,
    settingsTitle: "Article Settings",
    fields: ["featuredImageUrl", "authorName", "authorRole", "readTime"],
    extraSearchField: "authorName",
  },
  interview: {
    key: "interview",
    slug: "interviews",
    tableName: "interviews",
    label: "Interview",
    title: "Interview",
    listTitle: "Interviews",
    noun: "interview",
    plural: "interviews",
    listPath: "/interviews",
    adminPath: "/admin/interviews",
    icon: "users",
    counter: "views",
    featurable: false,
    imageField: "thumbnailUrl",
    hasOwnPage: true,
    settingsTitle: "Media Settings",
    fields: ["intervieweeName", "intervieweeTitle", "videoUrl", "audioUrl", "thumbnailUrl", "duration", "transcript", "chapters"],
    extraSearchField: "intervieweeName",
  },
  special_feature: {
    key: "special_feature",
    slug: "special-features",
    tableName: "special_features",
    label: "Special Feature",
    title: "Special Feature",
    listTitle: "Special Features",
    noun: "special feature",
    plural: "special features",
    listPath: "/special-features",
    adminPath: "/admin/special-features",
    icon: "sparkles",
    counter: "views",
    featurable: false,
    imageField: "featuredImageUrl",
    hasOwnPage: true,
    settingsTitle: "Article Settings",
    fields: ["featureType", "featuredImageUrl", "videoUrl", "readTime"],
    extraSearchField: "featureType",
  },
};

/** Every type's registry entry, in display order. */
// The registry's own order, the same as CONTENT_TYPES (tested); reading the keys from there would put
// them in a chunk of their own that the search page and the admin share (PRODUCT.md "Speed").
export const CONTENT_TYPE_LIST: readonly ContentTypeInfo[] = Object.values(CONTENT_REGISTRY);

/** The search page's type filter checkboxes, in display order: 'Videos', 'Podcasts', … */
export function searchTypeFilters(): { type: ContentType; label: string }[] {
  return CONTENT_TYPE_LIST.map((info) => ({ type: info.key, label: info.listTitle }));
}

/** The type whose admin section is /admin/{slug}, or null. */
export function contentTypeBySlug(slug: string): ContentType | null {
  return CONTENT_TYPE_LIST.find((info) => info.slug === slug)?.key ?? null;
}

/** Videos' and podcasts' detail pages are singular; the others sit under their list (/blog/{id}, /interviews/{id}). */
const SINGULAR_DETAIL_PATHS: Partial<Record<ContentType, string>> = { video: "/video", podcast: "/podcast" };

/** PRODUCT.md "Search", "Discovery": where an item links to, its own page or its anchor on the list page. */
export function publicUrlFor(type: ContentType, id: string): string {
  const info = CONTENT_REGISTRY[type];
  if (!info.hasOwnPage) return `${info.listPath}#${id}`;
  return `${SINGULAR_DETAIL_PATHS[type] ?? info.listPath}/${id}`;
}

/** PRODUCT.md "Transcripts": the types whose items take a transcript and chapters (videos, podcasts, interviews). */
export function hasTranscript(type: ContentType): boolean {
  return CONTENT_REGISTRY[type].fields.includes("transcript");
}

/**
 * PRODUCT.md "Embeds": an item's embeddable page, framed by other sites: /embed/{slug}/{id}, the admin
 * section's slug as the counters use it (/api/{slug}/{id}/view).
 */
export function embedPathFor(type: ContentType, id: string): string {
  return `/embed/${CONTENT_REGISTRY[type].slug}/${id}`;
}

/** PRODUCT.md "Embeds": a company's coverage list, framed by its investor site. */
export function companyEmbedPath(slug: string): string {
  return `/embed/companies/${slug}`;
}
