import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** spec §4: the three statuses every content type moves between. */
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Columns every content type shares (spec §3). */
function contentColumns() {
  return {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    content: text("content"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    publishedAt: tstz("published_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  };
}

/**
 * Indexes every content table needs: the public listing order, the admin listing order,
 * and trigram indexes so case-insensitive substring search (ILIKE '%q%') is index-assisted.
 */
function contentIndexes(name: string, t: {
  status: any; publishedAt: any; createdAt: any; title: any; description: any; content: any;
}) {
  return [
    check(`${name}_status_check`, sql`${t.status} in ('draft', 'published', 'archived')`),
    index(`${name}_status_published_at_idx`).on(t.status, t.publishedAt.desc()),
    index(`${name}_created_at_idx`).on(t.createdAt.desc()),
    index(`${name}_title_trgm_idx`).using("gin", sql`${t.title} gin_trgm_ops`),
    index(`${name}_description_trgm_idx`).using("gin", sql`${t.description} gin_trgm_ops`),
    index(`${name}_content_trgm_idx`).using("gin", sql`${t.content} gin_trgm_ops`),
  ];
}

export const videos = pgTable(
  "videos",
  {
    ...contentColumns(),
    videoUrl: text("video_url"),
    thumbnailUrl: text("thumbnail_url"),
    duration: integer("duration"),
    featured: boolean("featured").notNull().default(false),
    featuredAt: tstz("featured_at"),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    ...contentIndexes("videos", t),
    index("videos_featured_idx").on(t.featuredAt.desc()).where(sql`${t.featured} and ${t.status} = 'published'`),
    index("videos_views_idx").on(t.views.desc()).where(sql`${t.status} = 'published'`),
  ],
);

export const podcasts = pgTable(
  "podcasts",
  {
    ...contentColumns(),
    audioUrl: text("audio_url"),
    thumbnailUrl: text("thumbnail_url"),
    duration: integer("duration"),
    featured: boolean("featured").notNull().default(false),
    featuredAt: tstz("featured_at"),
    listens: integer("listens").notNull().default(0),
  },
  (t) => [
    ...contentIndexes("podcasts", t),
    index("podcasts_featured_idx").on(t.featuredAt.desc()).where(sql`${t.featured} and ${t.status} = 'published'`),
  ],
);

export const blogs = pgTable(
  "blogs",
  {
    ...contentColumns(),
    featuredImageUrl: text("featured_image_url"),
    authorName: text("author_name"),
    authorRole: text("author_role"),
    readTime: integer("read_time"),
    views: integer("views").notNull().default(0),
  },
  (t) => [...contentIndexes("blogs", t)],
);

export const interviews = pgTable(
  "interviews",
  {
    ...contentColumns(),
    intervieweeName: text("interviewee_name"),
    intervieweeTitle: text("interviewee_title"),
    videoUrl: text("video_url"),
    audioUrl: text("audio_url"),
    thumbnailUrl: text("thumbnail_url"),
    duration: integer("duration"),
    views: integer("views").notNull().default(0),
  },
  (t) => [...contentIndexes("interviews", t)],
);

/** spec §3: feature_type values and their labels. */
export const FEATURE_TYPES = [
  "market_analysis",
  "exclusive_report",
  "expert_insight",
  "breaking_news",
  "deep_dive",
  "other",
] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const specialFeatures = pgTable(
  "special_features",
  {
    ...contentColumns(),
    featureType: text("feature_type", { enum: FEATURE_TYPES }),
    featuredImageUrl: text("featured_image_url"),
    videoUrl: text("video_url"),
    readTime: integer("read_time"),
    views: integer("views").notNull().default(0),
  },
  (t) => [...contentIndexes("special_features", t)],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc())],
);

// ---- Auth (Better Auth's core tables, written by hand: its schema CLI needs Node 22) ----

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: tstz("created_at").notNull().defaultNow(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: tstz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: tstz("access_token_expires_at"),
    refreshTokenExpiresAt: tstz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** spec §3 profile: role 'admin' grants admin rights. */
export const profiles = pgTable("profiles", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name"),
  role: text("role").notNull().default("user"),
  createdAt: tstz("created_at").notNull().defaultNow(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});
