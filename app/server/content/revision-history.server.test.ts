/** PRODUCT.md "Revisions": the list, word-level comparison and restoring as a new revision, on a real database. */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";

import { ADMIN_USER, approveItem, COMPLIANCE_USER, createItem as create } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import { getDb } from "../db/db.server";
import { reviewOf } from "../revisions/revisions.server";
import { getContent } from "./admin-content.server";
import { compareRevisions, restoreRevision, revisionHistory } from "./revision-history.server";
import { saveItem } from "./save-item.server";

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

const update = (id: string, values: ContentInput) => saveItem({ type: "blog", id, input: values, user: ADMIN_USER });

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, content_companies, content_reviews, content_revisions`,
  );
});

/** A blog post saved three times: created, its body changed, then published with a new title. */
async function threeSaves() {
  const { id } = await create("blog", input({ title: "Gold outlook", content: "<p>Prices rose in May.</p>", tags: ["gold"] }));
  await update(id, input({ title: "Gold outlook", content: "<p>Prices fell sharply in May.</p>", tags: ["gold"] }));
  await update(
    id,
    input({ title: "Gold outlook for 2027", content: "<p>Prices fell sharply in May.</p>", tags: ["gold"], status: "published" }),
  );
  return id;
}

describe("revisionHistory", () => {
  it("lists every save newest first, with who, when and why", async () => {
    const id = await threeSaves();
    const history = await revisionHistory("blog", id);
    expect(history!.title).toBe("Gold outlook for 2027");
    expect(history!.revisions.map(({ number, by, why, status }) => ({ number, by, why, status }))).toEqual([
      { number: 3, by: "Admin", why: "Published", status: "published" },
      { number: 2, by: "Admin", why: "Saved", status: "draft" },
      { number: 1, by: "Admin", why: "Saved", status: "draft" },
    ]);
    expect(history!.revisions[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("is null for an unknown or malformed id", async () => {
    expect(await revisionHistory("blog", "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await revisionHistory("blog", "not-an-id")).toBeNull();
  });
});

describe("compareRevisions", () => {
  it("marks the words removed and added in each field that changed, and reads the body as text", async () => {
    const id = await threeSaves();
    const [third, , first] = (await revisionHistory("blog", id))!.revisions;
    const comparison = (await compareRevisions("blog", id, first!.id, third!.id))!;
    expect(comparison).toMatchObject({ from: 1, to: 3 });
    const changed = Object.fromEntries(comparison.fields.filter((field) => field.changed).map((field) => [field.label, field.parts]));
    expect(Object.keys(changed)).toEqual(["Title", "Content"]);
    expect(changed.Title).toEqual([
      { text: "Gold outlook ", change: "same" },
      { text: "for 2027", change: "added" },
    ]);
    expect(changed.Content!.filter((part) => part.change !== "same")).toEqual([
      { text: "rose", change: "removed" },
      { text: "fell sharply", change: "added" },
    ]);
    expect(comparison.fields.find((field) => field.label === "Tags")).toMatchObject({ changed: false });
  });

  it("is null when either revision is not one of the item's", async () => {
    const id = await threeSaves();
    const other = await threeSaves();
    const [mine] = (await revisionHistory("blog", id))!.revisions;
    const [theirs] = (await revisionHistory("blog", other))!.revisions;
    expect(await compareRevisions("blog", id, mine!.id, theirs!.id)).toBeNull();
    expect(await compareRevisions("blog", id, mine!.id, "not-an-id")).toBeNull();
  });
});

describe("restoreRevision", () => {
  it("saves the old text as a new revision, keeping the item's status; history is never rewritten", async () => {
    const id = await threeSaves();
    const [, , first] = (await revisionHistory("blog", id))!.revisions;
    expect(await restoreRevision("blog", id, first!.id, ADMIN_USER)).toMatchObject({ status: "saved", pending: false });
    expect(await getContent("blog", id)).toMatchObject({
      title: "Gold outlook",
      content: "<p>Prices rose in May.</p>",
      status: "published",
    });
    const revisions = (await revisionHistory("blog", id))!.revisions;
    expect(revisions.map(({ number, why, note }) => ({ number, why, note }))).toEqual([
      { number: 4, why: "Restored", note: "Restored from revision 1." },
      { number: 3, why: "Published", note: null },
      { number: 2, why: "Saved", note: null },
      { number: 1, why: "Saved", note: null },
    ]);
  });

  it("a published paid piece's restore waits for compliance, like any edit of it, while readers keep the approved text", async () => {
    const { id } = await create("interview", input({ title: "Approved text", paidPromotion: true, ...SPONSORSHIP }));
    await saveItem({ type: "interview", id, input: input({ title: "Draft text", paidPromotion: true, ...SPONSORSHIP }), user: ADMIN_USER });
    await approveItem("interview", id);
    await saveItem({
      type: "interview",
      id,
      input: input({ title: "Draft text", status: "published", paidPromotion: true, ...SPONSORSHIP }),
      user: ADMIN_USER,
    });
    const oldest = (await revisionHistory("interview", id))!.revisions.at(-1)!;
    expect(await restoreRevision("interview", id, oldest.id, ADMIN_USER)).toMatchObject({ status: "saved", pending: true });
    expect((await getContent("interview", id))!.title).toBe("Draft text");
    expect((await reviewOf("interview", id))!.state).toBe("submitted");
    expect((await revisionHistory("interview", id))!.revisions[0]).toMatchObject({
      why: "Submitted for review",
      note: "Restored from revision 1.",
    });
  });

  it("refuses a revision that is not the item's, and a role that may not edit, changing nothing", async () => {
    const id = await threeSaves();
    const other = await threeSaves();
    const [, , first] = (await revisionHistory("blog", id))!.revisions;
    const [theirs] = (await revisionHistory("blog", other))!.revisions;
    expect(await restoreRevision("blog", id, theirs!.id, ADMIN_USER)).toEqual({ status: "unknownRevision" });
    expect(await restoreRevision("blog", id, first!.id, COMPLIANCE_USER)).toEqual({ status: "forbidden" });
    expect((await getContent("blog", id))!.title).toBe("Gold outlook for 2027");
    expect((await revisionHistory("blog", id))!.revisions).toHaveLength(3);
  });
});
