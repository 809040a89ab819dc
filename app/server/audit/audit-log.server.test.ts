import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DestinationStream } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "../db/db.server";
import { createLogger, replaceLogger } from "../log.server";
import {
  appendAudit,
  appendAuditAlone,
  auditAddressHash,
  auditHead,
  entryHash,
  formatAuditAnchor,
  GENESIS_HASH,
  parseAuditAnchor,
  startAuditAnchorLog,
  verifyAuditLog,
} from "./audit-log.server";
import { runAuditVerifyCommand } from "./audit-verify-cli.server";

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
    expect(await verifyAuditLog()).toEqual({ ok: true, entries: 3, unkeyed: 0, head: { id: third!.id, hash: third!.hash } });
  });

  it("refuses UPDATE, DELETE and TRUNCATE while its trigger is on", async () => {
    await writeThree();
    const db = await getDb();
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = { cause: expect.objectContaining({ message: "audit_log is append-only" }) };
    await expect(db.execute(sql`update audit_log set detail = 'x'`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refusal);
    expect(await verifyAuditLog()).toMatchObject({ ok: true, entries: 3 });
  });

  it("names an entry changed by hand", async () => {
    const [, second] = await writeThree();
    await byHand(sql`update audit_log set detail = 'nothing happened' where id = ${second!.id}`);
    expect(await verifyAuditLog()).toEqual({
      ok: false,
      entries: 1,
      entryId: second!.id,
      problem: `entry ${second!.id} was changed, or written by hand, after the log was`,
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
    expect(await verifyAuditLog()).toMatchObject({ ok: true, entries: 1_005 });
  });
});

/** What someone who can write to the database but has no key can compute: the plain hash of an entry. */
const plainHash = (prevHash: string, row: Parameters<typeof entryHash>[1]) =>
  createHash("sha256")
    .update(
      `${prevHash}\n${JSON.stringify([row.at.toISOString(), row.actorId, row.actorName, row.actorRole, row.action, row.itemType, row.itemId, row.itemTitle, row.revisionId, row.detail, row.addressHash])}`,
    )
    .digest("hex");

describe('tampering that needs the key or an anchor to show (PRODUCT.md "Audit log")', () => {
  it("writes keyed hashes: the plain hash of an entry is not its hash", async () => {
    const [first] = await writeThree();
    expect(first!.keyVersion).toBe(1);
    expect(first!.hash).toBe(entryHash(GENESIS_HASH, first!));
    expect(first!.hash).not.toBe(plainHash(GENESIS_HASH, first!));
    expect(entryHash(GENESIS_HASH, first!, 0)).toBe(plainHash(GENESIS_HASH, first!));
  });

  it("an entry changed and every hash after it recomputed without the key is named", async () => {
    const [, second, third] = await writeThree();
    const changed = { ...second!, detail: "nothing happened" };
    const secondHash = plainHash(changed.prevHash, changed);
    const thirdHash = plainHash(secondHash, third!);
    await byHand(sql`update audit_log set detail = 'nothing happened', hash = ${secondHash} where id = ${second!.id}`);
    await byHand(sql`update audit_log set prev_hash = ${secondHash}, hash = ${thirdHash} where id = ${third!.id}`);
    expect(await verifyAuditLog()).toMatchObject({ ok: false, entryId: second!.id });
    // Marking them as written before the key does not help: an unkeyed entry after a keyed one is refused.
    await byHand(sql`update audit_log set key_version = 0 where id >= ${second!.id}`);
    expect(await verifyAuditLog()).toMatchObject({
      ok: false,
      entryId: second!.id,
      problem: expect.stringContaining("has no key although entry"),
    });
  });

  it("an entry appended by hand with a correct link is named", async () => {
    const [, , third] = await writeThree();
    const forged = { ...third!, action: "approve", detail: "approved by compliance", at: new Date() };
    for (const keyVersion of [1, 0]) {
      await byHand(sql`delete from audit_log where id > ${third!.id}`);
      await byHand(sql`insert into audit_log (at, actor_id, actor_name, actor_role, action, item_type, item_id, item_title, detail, prev_hash, hash, key_version)
        values (${forged.at}, ${forged.actorId}, ${forged.actorName}, ${forged.actorRole}, ${forged.action}, ${forged.itemType}, ${forged.itemId},
          ${forged.itemTitle}, ${forged.detail}, ${third!.hash}, ${plainHash(third!.hash, forged)}, ${keyVersion})`);
      expect(await verifyAuditLog(), `key version ${keyVersion}`).toMatchObject({ ok: false, entries: 3 });
    }
  });

  it("the newest entries removed show only against an anchor, which names where the log now ends", async () => {
    const [, second, third] = await writeThree();
    const anchor = (await auditHead())!;
    expect(anchor).toEqual({ id: third!.id, hash: third!.hash });
    expect(await verifyAuditLog({ anchor })).toMatchObject({ ok: true, entries: 3 });
    await byHand(sql`delete from audit_log where id = ${third!.id}`);
    expect(await verifyAuditLog()).toMatchObject({ ok: true, entries: 2 });
    expect(await verifyAuditLog({ anchor })).toEqual({
      ok: false,
      entries: 2,
      entryId: third!.id,
      problem: `the log ends at entry ${second!.id}, before entry ${third!.id} the anchor names: the newest entries were removed`,
    });
  });

  it("a chain rewritten from the start as if written before the key shows against an anchor", async () => {
    const rows = await writeThree();
    const anchor = (await auditHead())!;
    let prev = GENESIS_HASH;
    for (const row of rows) {
      const hash = plainHash(prev, { ...row, detail: "rewritten" });
      await byHand(
        sql`update audit_log set detail = 'rewritten', prev_hash = ${prev}, hash = ${hash}, key_version = 0 where id = ${row.id}`,
      );
      prev = hash;
    }
    // Alone, such a log passes as one written before the key, and says so.
    expect(await verifyAuditLog()).toMatchObject({ ok: true, entries: 3, unkeyed: 3 });
    expect(await verifyAuditLog({ anchor })).toMatchObject({
      ok: false,
      entryId: anchor.id,
      problem: `entry ${anchor.id} is not the entry the anchor names: the log was rewritten up to it`,
    });
  });

  it("anchors are written id:hash and read back; anything else is refused", () => {
    const anchor = { id: 42, hash: "a".repeat(64) };
    expect(parseAuditAnchor(formatAuditAnchor(anchor))).toEqual(anchor);
    for (const bad of ["", "42", `x:${"a".repeat(64)}`, `42:${"a".repeat(63)}`, `42:${"A".repeat(64)}`, `-1:${"a".repeat(64)}`]) {
      expect(parseAuditAnchor(bad), bad).toBeNull();
    }
  });
});

describe("npm run audit:verify", () => {
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runAuditVerifyCommand(args, { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) });
    return { code, lines };
  };

  it("says the log is intact and prints the anchor to keep; checks one given with --anchor", async () => {
    const [, , third] = await writeThree();
    const anchor = `${third!.id}:${third!.hash}`;
    expect(await run([])).toEqual({
      code: 0,
      lines: [
        "Audit log intact: 3 entries, each linked to the one before.",
        `Anchor of its newest entry (keep it outside this server): ${anchor}`,
      ],
    });
    expect((await run(["--anchor", anchor])).code).toBe(0);
    expect((await run([`--anchor=${anchor}`])).code).toBe(0);
    await byHand(sql`delete from audit_log where id = ${third!.id}`);
    const broken = await run(["--anchor", anchor]);
    expect(broken.code).toBe(1);
    expect(broken.lines[0]).toMatch(/^error: Audit log broken after 2 good entries: the log ends at entry \d+, before entry \d+/);
  });

  it("refuses other arguments with its usage (exit code 2)", async () => {
    for (const args of [["--anchor"], ["--anchor", "nope"], ["--verbose"], ["a", "b", "c"]]) {
      const result = await run(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.lines[0]).toMatch(/^error: Usage: npm run audit:verify/);
    }
  });
});

describe("the anchor in the log", () => {
  let lines: { msg: string; auditAnchor?: string }[];
  beforeEach(() => {
    lines = [];
    const destination: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    replaceLogger(createLogger({ level: "info", format: "json", destination }));
  });
  afterEach(() => replaceLogger(undefined));

  it("is written at start and again only when the log grew", async () => {
    const [, , third] = await writeThree();
    const writer = startAuditAnchorLog(20);
    try {
      await expect.poll(() => lines.filter((line) => line.auditAnchor).length).toBe(1);
      expect(lines.find((line) => line.auditAnchor)).toMatchObject({ msg: "Audit log anchor", auditAnchor: `${third!.id}:${third!.hash}` });
      await appendAuditAlone({ actor: EDITOR, action: "delete", item: { type: "video", id: "v1", title: "First" } });
      const head = (await auditHead())!;
      await expect
        .poll(() => lines.filter((line) => line.auditAnchor).map((line) => line.auditAnchor))
        .toEqual([`${third!.id}:${third!.hash}`, formatAuditAnchor(head)]);
    } finally {
      writer.stop();
    }
  });
});
