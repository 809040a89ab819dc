import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";

import { ADMIN_USER, COMPLIANCE_USER } from "../../../tests/support/content";
import { SPONSORSHIP } from "../../../tests/support/item-promotion";
import { auditAddressHash, verifyAuditLog } from "../audit/audit-log.server";
import { getDb, schema } from "../db/db.server";
import { reviewItem } from "../review/review-item.server";
import { reviewOf } from "../revisions/revisions.server";
import { deleteContent, setFeatured } from "./admin-content.server";
import { saveAction, saveItem } from "./save-item.server";

const DISCLOSURE = SPONSORSHIP;
const EDITOR = {
  ...ADMIN_USER,
  id: "audit-editor",
  name: "Audit Editor",
  role: "editor" as const,
  isAdmin: false,
  address: "198.51.100.7",
};

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Audited", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

async function entriesFor(id: string) {
  const db = await getDb();
  const { auditLog } = schema;
  const rows = await db.select().from(auditLog).where(eq(auditLog.itemId, id)).orderBy(auditLog.id);
  return rows.map((row) => [row.action, row.actorName, row.actorRole] as const);
}

describe('every step of a piece is in the audit log (PRODUCT.md "Audit log")', () => {
  it("create, submit, approve, publish, a pending edit and its approval, unpublish: who, what, which revision, the address hashed", async () => {
    const created = await saveItem({ type: "interview", input: input({ paidPromotion: true, ...DISCLOSURE }), user: EDITOR });
    if (created.status !== "saved") throw new Error("expected the draft to be saved");
    const id = created.id;
    const save = (values: ContentInput) => saveItem({ type: "interview", id, input: values, user: EDITOR });
    const approve = async () =>
      reviewItem("interview", id, { intent: "approve", revisionId: (await reviewOf("interview", id))!.revisionId }, COMPLIANCE_USER);

    await reviewItem("interview", id, { intent: "submit", note: "Please check" }, EDITOR);
    await approve();
    await save(input({ status: "published", paidPromotion: true, ...DISCLOSURE }));
    await save(input({ title: "Audited, edited", status: "published", paidPromotion: true, ...DISCLOSURE }));
    await approve();
    await save(input({ title: "Audited, edited", status: "draft", paidPromotion: true, ...DISCLOSURE }));

    expect(await entriesFor(id)).toEqual([
      ["create", "Audit Editor", "editor"],
      ["submit", "Audit Editor", "editor"],
      ["approve", "Compliance", "compliance"],
      ["publish", "Audit Editor", "editor"],
      ["submit", "Audit Editor", "editor"],
      ["approve", "Compliance", "compliance"],
      ["unpublish", "Audit Editor", "editor"],
    ]);
    const db = await getDb();
    const [last] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.itemId, id)).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(last).toMatchObject({ itemType: "interview", itemTitle: "Audited, edited", addressHash: auditAddressHash("198.51.100.7") });
    expect(last!.revisionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("a refused save writes no entry", async () => {
    const before = (await (await getDb()).select().from(schema.auditLog)).length;
    const refused = await saveItem({
      type: "interview",
      input: input({ status: "published", paidPromotion: true, ...DISCLOSURE }),
      user: EDITOR,
    });
    expect(refused.status).toBe("refused");
    expect((await (await getDb()).select().from(schema.auditLog)).length).toBe(before);
  });
});

describe("deleting and featuring", () => {
  it("are logged with who did it and the item's title", async () => {
    const created = await saveItem({ type: "video", input: input({ title: "Feature me" }), user: EDITOR });
    if (created.status !== "saved") throw new Error("expected the video to be saved");
    expect(await setFeatured("video", created.id, true, EDITOR)).toBe(true);
    expect(await setFeatured("video", created.id, false, EDITOR)).toBe(true);
    expect(await deleteContent("video", created.id, EDITOR)).toBe(true);
    expect(await entriesFor(created.id)).toEqual([
      ["create", "Audit Editor", "editor"],
      ["feature", "Audit Editor", "editor"],
      ["unfeature", "Audit Editor", "editor"],
      ["delete", "Audit Editor", "editor"],
    ]);
    // Nothing to delete: no entry.
    expect(await deleteContent("video", created.id, EDITOR)).toBe(false);
    expect(await entriesFor(created.id)).toHaveLength(4);
  });
});

describe("saveAction", () => {
  const later = new Date(Date.now() + 86_400_000);
  it.each([
    [undefined, "draft", undefined, true, "create"],
    [undefined, "published", undefined, true, "publish"],
    ["draft", "published", later, false, "schedule"],
    ["published", "archived", undefined, false, "unpublish"],
    ["published", "published", undefined, false, "edit"],
    ["draft", "draft", undefined, false, "edit"],
  ] as const)("from %s to %s (time %s, created %s): %s", (before, status, publishAt, created, expected) => {
    expect(saveAction(before, { status, publishAt }, created)).toBe(expected);
  });
});
