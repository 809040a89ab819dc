import { getDb, schema } from "../db/db.server";
import { newestPublished, otherPublished, publishedById } from "./published.server";

const { interviews } = schema;

/** An interview page's 'More Interviews': up to 3 others, like 'Related Articles' (PRODUCT.md "Detail pages"). */
export const MORE_INTERVIEWS_COUNT = 3;

/**
 * Every published interview, newest first. Unpaged on purpose: each published interview keeps its
 * anchor on this one page (PRODUCT.md "Discovery").
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
      paidPromotion: interviews.paidPromotion,
    })
    .from(interviews)
    .$dynamic();
  return newestPublished(query, interviews);
}

/**
 * A published interview by id, or null when the id is not a uuid, unknown, a draft or archived.
 * `content` is the raw stored HTML: sanitise it before rendering.
 */
export async function getPublishedInterview(id: string | undefined) {
  return publishedById(interviews, id, (db) => db.select(schema.rowColumns(interviews)).from(interviews).$dynamic());
}

const otherInterviewFields = {
  id: interviews.id,
  title: interviews.title,
  intervieweeName: interviews.intervieweeName,
  thumbnailUrl: interviews.thumbnailUrl,
  publishedAt: interviews.publishedAt,
  paidPromotion: interviews.paidPromotion,
};

/** 'More Interviews': the latest other published interviews. */
export async function listOtherInterviews(excludeId: string, limit = MORE_INTERVIEWS_COUNT) {
  return otherPublished(interviews, excludeId, limit, (db) => db.select(otherInterviewFields).from(interviews).$dynamic());
}
