/** PRODUCT.md "Revisions": 'Updated' and public corrections, from the save to the page and the feed, on a real database. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";

import { ADMIN_USER, approveItem, COMPLIANCE_USER, createItem as create } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import { getDb } from "../db/db.server";
import { buildRssFeed } from "../discovery/feed.server";
import { reviewItem } from "../review/review-item.server";
import { reviewOf } from "../revisions/revisions.server";
import { getContent } from "./admin-content.server";
import { loadItemPage } from "./item-page.server";
import { CORRECTION_WITHOUT_CHANGE, saveItem } from "./save-item.server";

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

const PAST = new Date(Date.now() - 3 * 86_400_000);
const save = (type: "blog" | "interview", id: string, values: ContentInput) => saveItem({ type, id, input: values, user: ADMIN_USER });

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, content_companies, content_reviews, content_revisions, content_corrections`,
  );
});

/** A blog post published three days ago. */
async function publishedPost(content = "<p>Revenue rose 12%.</p>") {
  const { id } = await create("blog", input({ title: "Results", content, status: "published", publishAt: PAST }));
  return id;
}

describe("'Updated'", () => {
  it("is set when the published text changes, and shown and given as dateModified", async () => {
    const id = await publishedPost();
    expect((await loadItemPage("blog", id)).item!.updated).toBeNull();
    await save("blog", id, input({ title: "Results", content: "<p>Revenue rose 21%.</p>", status: "published", publishAt: PAST }));
    const row = await getContent("blog", id);
    expect(row!.textUpdatedAt).toBeInstanceOf(Date);
    const page = await loadItemPage("blog", id);
    expect(page.item!.updated).toBe((row!.textUpdatedAt as Date).toISOString());
    const ld = (page.meta as Record<string, unknown>[])
      .map((tag) => tag["script:ld+json"] as Record<string, unknown> | undefined)
      .find((x) => x && x["@type"] !== "BreadcrumbList");
    expect(ld!.dateModified).toBe((row!.textUpdatedAt as Date).toISOString());
  });

  it("is not set by a save that leaves the text as it is, nor by edits before publication", async () => {
    const { id: draft } = await create("blog", input({ title: "Draft" }));
    await save("blog", draft, input({ title: "Draft, retitled" }));
    expect((await getContent("blog", draft))!.textUpdatedAt).toBeNull();
    const id = await publishedPost();
    await save(
      "blog",
      id,
      input({ title: "Results", content: "<p>Revenue rose 12%.</p>", status: "published", publishAt: PAST, tags: [] }),
    );
    expect((await getContent("blog", id))!.textUpdatedAt).toBeNull();
  });
});

describe("corrections", () => {
  it("an edit of a published piece with a correction note shows it, dated, on the page and in the feed", async () => {
    const id = await publishedPost();
    const corrected = input({ title: "Results", content: "<p>Revenue rose 21%.</p>", status: "published", publishAt: PAST });
    expect(await save("blog", id, { ...corrected, correction: " An earlier version gave revenue growth as 12%. " })).toMatchObject({
      status: "saved",
    });
    const { item } = await loadItemPage("blog", id);
    expect(item!.corrections).toEqual([{ at: expect.stringMatching(/^\d{4}-/), note: "An earlier version gave revenue growth as 12%." }]);
    const rss = await buildRssFeed("blog");
    expect(rss).toMatch(/Correction, [A-Z][a-z]+ \d{1,2}, \d{4}: An earlier version gave revenue growth as 12%\./);
  });

  it("is refused, changing nothing, without a change to the published text or on a piece that is not published", async () => {
    const id = await publishedPost();
    const same = input({
      title: "Results",
      content: "<p>Revenue rose 12%.</p>",
      status: "published",
      publishAt: PAST,
      correction: "Nothing changed",
    });
    expect(await save("blog", id, same)).toEqual({ status: "refused", fieldErrors: { correction: [CORRECTION_WITHOUT_CHANGE] } });
    const { id: draft } = await create("blog", input({ title: "Draft" }));
    expect(await save("blog", draft, input({ title: "Draft 2", correction: "Fixed a typo" }))).toMatchObject({ status: "refused" });
    expect((await loadItemPage("blog", id)).item!.corrections).toEqual([]);
  });

  it("a paid piece's corrected edit waits for approval; the correction shows only once compliance approves it", async () => {
    const paid = { paidPromotion: true, ...SPONSORSHIP };
    const { id } = await create("interview", input({ title: "Paid talk", ...paid }));
    await approveItem("interview", id);
    await save("interview", id, input({ title: "Paid talk", ...paid, status: "published", publishAt: PAST }));
    const edit = input({
      title: "Paid talk, corrected",
      ...paid,
      status: "published",
      publishAt: PAST,
      correction: "The title named the wrong mine.",
    });
    expect(await save("interview", id, edit)).toMatchObject({ status: "saved", pending: true });
    expect((await loadItemPage("interview", id)).item!.corrections).toEqual([]);
    expect((await getContent("interview", id))!.textUpdatedAt).toBeNull();

    const review = await reviewOf("interview", id);
    expect(await reviewItem("interview", id, { intent: "approve", revisionId: review!.revisionId }, COMPLIANCE_USER)).toMatchObject({
      status: "done",
    });
    const { item } = await loadItemPage("interview", id);
    expect(item!.title).toBe("Paid talk, corrected");
    expect(item!.corrections.map((c) => c.note)).toEqual(["The title named the wrong mine."]);
    expect(item!.updated).not.toBeNull();
  });
});
