import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "../db/db.server";
import { appendAudit, appendAuditAlone, auditAddressHash, GENESIS_HASH, verifyAuditLog } from "./audit-log.server";

const EDITOR = { id: "u-editor", name: "Eddie Editor", role: "editor" };

/** What only the owner can do: switch the append-only trigger off, run `statement`, switch it on again. */
async function byHand(statement: ReturnType<typeof sql>) {
  const db = await getDb();
  await db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
  }
}

async function entries() {
  const db = await getDb();
  return db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
}

beforeEach(async () => {
  await byHand(sql`delete from audit_log`);
});

async function writeThree() {
  await appendAuditAlone({ actor: EDITOR, action: "create", item: { type: "video", id: "v1", title: "First" }, address: "203.0.113.9" });
  const db = await getDb();
  await db.transaction((tx) => appendAudit(tx, { actor: EDITOR, action: "edit", item: { type: "video", id: "v1", title: "First" } }));
  await appendAuditAlone({ actor: EDITOR, action: "publish", item: { type: "video", id: "v1", title: "First" }, detail: "at once" });
  return entries();
}

describe('the audit log (PRODUCT.md "Audit log")', () => {
  it("chains each entry to the one before and keeps the address only as a keyed hash", async () => {
    const [first, second, third] = await writeThree();
    expect(first).toMatchObject({ action: "create", actorName: "Eddie Editor", actorRole: "editor", prevHash: GENESIS_HASH });
    expect(first!.addressHash).toBe(auditAddressHash("203.0.113.9"));
    expect(first!.addressHash).not.toContain("203.0.113.9");
    expect(second!.prevHash).toBe(first!.hash);
    expect(third!.prevHash).toBe(second!.hash);
    expect(await verifyAuditLog()).toEqual({ ok: true, entries: 3 });
  });

  it("refuses UPDATE, DELETE and TRUNCATE while its trigger is on", async () => {
    await writeThree();
    const db = await getDb();
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = { cause: expect.objectContaining({ message: "audit_log is append-only" }) };
    await expect(db.execute(sql`update audit_log set detail = 'x'`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refusal);
    expect(await verifyAuditLog()).toEqual({ ok: true, entries: 3 });
  });

  it("names an entry changed by hand", async () => {
    const [, second] = await writeThree();
    await byHand(sql`update audit_log set detail = 'nothing happened' where id = ${second!.id}`);
    expect(await verifyAuditLog()).toEqual({
      ok: false,
      entries: 1,
      entryId: second!.id,
      problem: `entry ${second!.id} was changed after it was written`,
    });
  });

  it("names the break after an entry removed by hand", async () => {
    const [first, second, third] = await writeThree();
    await byHand(sql`delete from audit_log where id = ${second!.id}`);
    expect(await verifyAuditLog()).toEqual({
      ok: false,
      entries: 1,
      entryId: third!.id,
      problem: `entry ${third!.id} does not link to entry ${first!.id}: an entry between them was removed, or entry ${first!.id} was changed`,
    });
  });

  it("names the first entry when the start of the log was removed", async () => {
    const [first, second] = await writeThree();
    await byHand(sql`delete from audit_log where id = ${first!.id}`);
    expect(await verifyAuditLog()).toMatchObject({ ok: false, entryId: second!.id });
  });

  it("holds over more entries than one read (the check reads in batches)", async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 1_005; i++) await appendAudit(tx, { actor: EDITOR, action: "edit", item: { type: "blog", id: `b${i}` } });
    });
    expect(await verifyAuditLog()).toEqual({ ok: true, entries: 1_005 });
  });
});
