import { getDb, schema } from "./db.server";
import { readTimeMinutes } from "./html-text.server";
import { newestPublished } from "./published.server";

const { specialFeatures } = schema;

/**
 * Every published special feature, newest first, with its read time (the stored one, else computed
 * from the text). Unpaged on purpose: search results link to /special-features#{id}.
 * `content` is the raw stored HTML: sanitise it before rendering.
 */
export async function listPublishedSpecialFeatures() {
  const db = await getDb();
  const query = db
    .select({
      id: specialFeatures.id,
      title: specialFeatures.title,
      description: specialFeatures.description,
      content: specialFeatures.content,
      featureType: specialFeatures.featureType,
      featuredImageUrl: specialFeatures.featuredImageUrl,
      videoUrl: specialFeatures.videoUrl,
      readTime: specialFeatures.readTime,
      views: specialFeatures.views,
      tags: specialFeatures.tags,
      publishedAt: specialFeatures.publishedAt,
    })
    .from(specialFeatures)
    .$dynamic();
  const rows = await newestPublished(query, specialFeatures);
  return rows.map(({ readTime, ...row }) => ({ ...row, readTimeMinutes: readTimeMinutes(readTime, row.content) }));
}
