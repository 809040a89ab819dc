import { getDb, schema } from "../db/db.server";
import { readTimeMinutes } from "../html-text.server";
import { newestPublished, otherPublished, publishedById } from "./published.server";

const { specialFeatures } = schema;

/** A special feature's 'More Features': up to 3 others, like 'Related Articles' (PRODUCT.md "Detail pages"). */
export const MORE_FEATURES_COUNT = 3;

/**
 * Every published special feature, newest first, with its read time (the stored one, else computed
 * from the text). Unpaged on purpose: each keeps its anchor on this one page (PRODUCT.md "Discovery").
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
      paidPromotion: specialFeatures.paidPromotion,
    })
    .from(specialFeatures)
    .$dynamic();
  const rows = await newestPublished(query, specialFeatures);
  return rows.map(({ readTime, ...row }) => ({ ...row, readTimeMinutes: readTimeMinutes(readTime, row.content) }));
}

/**
 * A published special feature by id with its read time (as the list computes it), or null when the id
 * is not a uuid, unknown, a draft or archived. `content` is the raw stored HTML: sanitise it before rendering.
 */
export async function getPublishedSpecialFeature(id: string | undefined) {
  const row = await publishedById(specialFeatures, id, (db) =>
    db.select(schema.rowColumns(specialFeatures)).from(specialFeatures).$dynamic(),
  );
  if (!row) return null;
  const { readTime, ...feature } = row;
  return { ...feature, readTimeMinutes: readTimeMinutes(readTime, feature.content) };
}

const otherFeatureFields = {
  id: specialFeatures.id,
  title: specialFeatures.title,
  featureType: specialFeatures.featureType,
  featuredImageUrl: specialFeatures.featuredImageUrl,
  publishedAt: specialFeatures.publishedAt,
  paidPromotion: specialFeatures.paidPromotion,
};

/** 'More Features': the latest other published special features. */
export async function listOtherSpecialFeatures(excludeId: string, limit = MORE_FEATURES_COUNT) {
  return otherPublished(specialFeatures, excludeId, limit, (db) => db.select(otherFeatureFields).from(specialFeatures).$dynamic());
}
