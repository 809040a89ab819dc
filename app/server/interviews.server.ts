import { getDb, schema } from "./db.server";
import { newestPublished } from "./published.server";

const { interviews } = schema;

/**
 * Every published interview, newest first. Unpaged on purpose: search results link to
 * /interviews#{id}, so each published interview must be on this one page.
 */
export async function listPublishedInterviews() {
  const db = await getDb();
  const query = db
    .select({
      id: interviews.id,
      title: interviews.title,
      description: interviews.description,
      intervieweeName: interviews.intervieweeName,
      intervieweeTitle: interviews.intervieweeTitle,
      videoUrl: interviews.videoUrl,
      audioUrl: interviews.audioUrl,
      thumbnailUrl: interviews.thumbnailUrl,
      duration: interviews.duration,
      views: interviews.views,
      tags: interviews.tags,
      publishedAt: interviews.publishedAt,
    })
    .from(interviews)
    .$dynamic();
  return newestPublished(query, interviews);
}
