import { describe, expect, it } from "vitest";

import { getDb, schema } from "./db.server";
import { buildRssFeed, buildSitemap } from "./feed.server";

async function seed() {
  const db = await getDb();
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const [video] = await db
    .insert(schema.videos)
    .values({ title: "Lithium & the grid", status: "published", publishedAt: day(3) })
    .returning();
  const [blog] = await db
    .insert(schema.blogs)
    .values({ title: "Rates outlook", description: "<p>Bonds <b>rally</b></p>", status: "published", publishedAt: day(2) })
    .returning();
  const [feature] = await db
    .insert(schema.specialFeatures)
    .values({ title: "Deep dive", status: "published", publishedAt: day(1) })
    .returning();
  await db.insert(schema.podcasts).values({ title: "Draft episode", status: "draft" });
  await db.insert(schema.interviews).values({ title: "Archived talk", status: "archived" });
  return { video: video!, blog: blog!, feature: feature! };
}

describe("RSS feed", () => {
  it("lists published items newest first with absolute links and plain-text descriptions", async () => {
    const { video, blog, feature } = await seed();
    const xml = await buildRssFeed();
    const links = [...xml.matchAll(/<link>(.*?)<\/link>/g)].map((m) => m[1]).slice(1);
    expect(links).toEqual([
      `http://localhost:3000/video/${video.id}`,
      `http://localhost:3000/blog/${blog.id}`,
      `http://localhost:3000/special-features#${feature.id}`,
    ]);
    expect(xml).toContain("<![CDATA[Lithium & the grid]]>");
    expect(xml).toContain("Bonds rally");
    expect(xml).not.toContain("Draft episode");
    expect(xml).not.toContain("Archived talk");
  });
});

describe("sitemap", () => {
  it("lists static pages and published items that have their own page", async () => {
    const { video, blog, feature } = await seed();
    const xml = await buildSitemap();
    expect(xml).toContain("<loc>http://localhost:3000/videos</loc>");
    expect(xml).toContain(`<loc>http://localhost:3000/video/${video.id}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/blog/${blog.id}</loc>`);
    expect(xml).not.toContain(feature.id);
  });
});
