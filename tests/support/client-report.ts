/** A client company's report data (PRODUCT.md "Client reports"): items, daily figures, audience and downloads. */
import type { ContentType } from "~/lib/content-types";
import { getDb, schema } from "~/server/db/db.server";

import { insertCompany } from "./companies";
import { insertBlogs, insertInterviews, insertPodcasts, insertVideos } from "./content";
import { PAID, tagItem } from "./item-promotion";

export const REPORT_PERIOD = { from: "2025-03-01", to: "2025-03-03" };
export const REPORT_AT = new Date("2025-03-03T12:00:00Z");

/**
 * A client with a video, a podcast and a paid interview (published in the period), a draft post and an old
 * paid video; another company with a video and a podcast. Figures on both sides of the period.
 */
export async function seedClientReport() {
  const client = await insertCompany({ name: "Halcyon Gold" });
  const other = await insertCompany();
  const [video, oldPaid] = await insertVideos([{ title: "Drill results" }, { title: "Old paid video", ...PAID }]);
  const [podcast, otherPodcast] = await insertPodcasts([{ title: "Gold podcast" }, { title: "Other podcast" }]);
  const [interview] = await insertInterviews([{ title: "CEO interview", publishedAt: new Date("2025-03-02T09:00:00Z"), ...PAID }]);
  const [draft] = await insertBlogs([{ title: "Draft post", status: "draft", publishedAt: null }]);
  const [otherVideo] = await insertVideos([{ title: "Other video" }]);
  await tagItem("video", video!.id, [client.id]);
  await tagItem("video", oldPaid!.id, [client.id]);
  await tagItem("podcast", podcast!.id, [client.id]);
  await tagItem("interview", interview!.id, [client.id]);
  await tagItem("blog", draft!.id, [client.id]);
  await tagItem("video", otherVideo!.id, [other.id]);
  await tagItem("podcast", otherPodcast!.id, [other.id]);

  const db = await getDb();
  const stat = (contentType: ContentType, contentId: string, day: string, hits: number, uniques: number) => ({
    contentType,
    contentId,
    day,
    hits,
    uniques,
  });
  await db.insert(schema.contentDailyStats).values([
    stat("video", video!.id, "2025-03-01", 5, 4),
    stat("video", video!.id, "2025-03-03", 2, 2),
    stat("video", video!.id, "2025-02-28", 100, 90), // before the period
    stat("podcast", podcast!.id, "2025-03-02", 7, 6),
    stat("podcast", podcast!.id, "2025-03-04", 50, 40), // after it
    stat("interview", interview!.id, "2025-03-03", 3, 3),
    stat("blog", draft!.id, "2025-03-01", 77, 77), // not published
    stat("video", otherVideo!.id, "2025-03-01", 1000, 900), // another company's
  ]);
  const audience = (
    contentType: ContentType,
    contentId: string,
    day: string,
    dimension: "referrer" | "referrer_host" | "embed_host" | "device",
    value: string,
    hits: number,
  ) => ({
    contentType,
    contentId,
    day,
    dimension,
    value,
    hits,
  });
  await db
    .insert(schema.contentDailyAudience)
    .values([
      audience("video", video!.id, "2025-03-01", "referrer", "search", 3),
      audience("video", video!.id, "2025-03-01", "referrer", "social", 2),
      audience("video", video!.id, "2025-03-01", "referrer_host", "google.com", 3),
      audience("video", video!.id, "2025-03-01", "device", "mobile", 4),
      audience("video", video!.id, "2025-03-01", "device", "desktop", 1),
      audience("video", video!.id, "2025-02-28", "referrer", "search", 100),
      audience("podcast", podcast!.id, "2025-03-02", "referrer", "direct", 7),
      audience("podcast", podcast!.id, "2025-03-02", "device", "desktop", 7),
      audience("video", otherVideo!.id, "2025-03-01", "referrer", "search", 1000),
      audience("video", video!.id, "2025-03-03", "embed_host", "investors.halcyon.example", 2),
      audience("podcast", podcast!.id, "2025-03-02", "embed_host", "ir.example.org", 1),
    ]);
  const download = (episodeType: "podcast" | "interview", episodeId: string, day: string, listener: string) => ({
    episodeType,
    episodeId,
    day,
    listener,
    countedAt: new Date(`${day}T10:00:00Z`),
  });
  await db.insert(schema.podcastDownloads).values([
    download("podcast", podcast!.id, "2025-03-01", "L1"),
    download("podcast", podcast!.id, "2025-03-01", "L2"),
    download("podcast", podcast!.id, "2025-03-02", "L1"),
    download("podcast", podcast!.id, "2025-03-04", "L3"), // after the period
    download("interview", interview!.id, "2025-03-01", "L1"), // the same listener on the same day as the podcast's
    download("interview", interview!.id, "2025-03-03", "L4"),
    download("podcast", otherPodcast!.id, "2025-03-01", "L9"), // another company's
  ]);
  const played = (contentType: ContentType, contentId: string, day: string, host: string, q: number[], seconds: number) => ({
    contentType,
    contentId,
    day,
    host,
    plays: q[0]!,
    q25: q[1]!,
    q50: q[2]!,
    q75: q[3]!,
    q100: q[4]!,
    seconds,
  });
  await db.insert(schema.contentDailyPlays).values([
    played("video", video!.id, "2025-03-01", "", [4, 3, 2, 2, 1], 400),
    played("video", video!.id, "2025-03-03", "investors.halcyon.example", [2, 2, 1, 0, 0], 200),
    played("video", video!.id, "2025-02-28", "", [90, 0, 0, 0, 0], 9000), // before the period
    played("podcast", podcast!.id, "2025-03-02", "", [6, 6, 5, 4, 3], 5400),
    played("video", otherVideo!.id, "2025-03-01", "", [800, 0, 0, 0, 0], 1), // another company's
  ]);
  // PRODUCT.md "Client reports": mails carrying the items, and presses of their links.
  const mailed = (
    contentType: ContentType,
    contentId: string,
    day: string,
    channel: "newsletter" | "alert",
    sends: number,
    clicks: number,
  ) => ({
    contentType,
    contentId,
    day,
    channel,
    sends,
    clicks,
  });
  await db.insert(schema.contentDailyMail).values([
    mailed("video", video!.id, "2025-03-01", "newsletter", 400, 12),
    mailed("video", video!.id, "2025-03-02", "newsletter", 0, 6), // presses the day after the edition
    mailed("video", video!.id, "2025-03-03", "alert", 50, 4),
    mailed("video", video!.id, "2025-02-28", "newsletter", 1000, 100), // before the period
    mailed("podcast", podcast!.id, "2025-03-02", "alert", 30, 2),
    mailed("podcast", podcast!.id, "2025-03-04", "newsletter", 900, 90), // after it
    mailed("blog", draft!.id, "2025-03-01", "newsletter", 77, 7), // not published
    mailed("video", otherVideo!.id, "2025-03-01", "newsletter", 5000, 500), // another company's
  ]);
  return { client, other, video: video!, podcast: podcast!, interview: interview!, draft: draft!, oldPaid: oldPaid! };
}
