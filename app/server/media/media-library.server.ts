/**
 * The media library (PRODUCT.md "Media library"): every upload, newest first, with where it is used, and
 * deleting one, which is refused while any item uses it. An item uses an upload when one of its address
 * fields or its content holds the upload's URL or one of its copies' (they share `/uploads/{dir}/{id}`).
 */
import { count, desc, eq, sql } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { FIELD_SPECS } from "~/lib/editor-fields";
import { uploadUrl, type UploadKind } from "~/lib/uploads";

import { actorOf, appendAudit, type AuditPerson } from "../audit/audit-log.server";
import { CONTENT_TABLES, contentColumn } from "../content/content-tables.server";
import { getDb, schema } from "../db/db.server";
import { getStorage } from "./storage/current-storage.server";

/** PRODUCT.md "Limits": admin lists show 25 rows a page. */
export const MEDIA_PAGE_SIZE = 25;

export interface MediaUse {
  type: ContentType;
  id: string;
  title: string;
  /** The item's edit screen. */
  editPath: string;
}

export interface MediaLibraryItem {
  id: string;
  kind: UploadKind;
  url: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  createdAt: Date;
  usedBy: MediaUse[];
}

type MediaRow = typeof schema.mediaFiles.$inferSelect;

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** What every URL of an upload (original and copies) contains, and nothing else does. */
function urlPrefix(row: Pick<MediaRow, "id" | "kind">) {
  return uploadUrl(`${row.kind === "image" ? "images" : "audio"}/${row.id}`);
}

export async function listMediaFiles({ page }: { page: number }): Promise<{ items: MediaLibraryItem[]; total: number }> {
  const db = await getDb();
  const t = schema.mediaFiles;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(t)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(MEDIA_PAGE_SIZE)
      .offset((page - 1) * MEDIA_PAGE_SIZE),
    db.select({ total: count() }).from(t),
  ]);
  const usage = await mediaUsage(rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      url: uploadUrl(row.storageKey),
      originalName: row.originalName,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      width: row.width,
      height: row.height,
      duration: row.duration,
      createdAt: row.createdAt,
      usedBy: usage.get(row.id) ?? [],
    })),
    total: Number(totals?.total ?? 0),
  };
}

/** The items using each upload, by upload id, in one statement over the five content tables. */
export async function mediaUsage(files: Pick<MediaRow, "id" | "kind">[]): Promise<Map<string, MediaUse[]>> {
  const usage = new Map<string, MediaUse[]>();
  if (files.length === 0) return usage;
  const db = await getDb();
  const uploads = sql.join(
    files.map((file) => sql`(${file.id}::uuid, ${`%${urlPrefix(file)}%`})`),
    sql`, `,
  );
  const perType = CONTENT_TYPES.map((type) => {
    const table = CONTENT_TABLES[type];
    const urlFields = CONTENT_REGISTRY[type].fields.filter((field) => FIELD_SPECS[field].kind === "url");
    const columns = [...urlFields.map((field) => contentColumn(type, field)), table.content];
    const uses = sql.join(
      columns.map((column) => sql`${column} like upload.pattern`),
      sql` or `,
    );
    return sql`select ${type}::text as type, ${table.id} as id, ${table.title} as title from ${table} where ${uses}`;
  });
  const { rows } = await db.execute<{ upload_id: string; type: ContentType; id: string; title: string }>(sql`
    select upload.id as upload_id, used.type, used.id, used.title
    from (values ${uploads}) as upload(id, pattern)
    cross join lateral (${sql.join(perType, sql` union all `)}) as used
    order by used.title, used.id
  `);
  for (const row of rows) {
    const uses = usage.get(row.upload_id) ?? [];
    uses.push({ type: row.type, id: row.id, title: row.title, editPath: `${CONTENT_REGISTRY[row.type].adminPath}/${row.id}` });
    usage.set(row.upload_id, uses);
  }
  return usage;
}

export type DeleteOutcome =
  { outcome: "deleted"; originalName: string } | { outcome: "not-found" } | { outcome: "in-use"; usedBy: MediaUse[] };

/**
 * Deletes an upload: its stored objects (original and copies), then its row. Refused while an item uses
 * it, so no page is left pointing at a missing file.
 */
/** `by`: who, for the audit log (PRODUCT.md "Audit log"). */
export async function deleteMediaFile(id: string, by?: AuditPerson): Promise<DeleteOutcome> {
  if (!UUID.test(id)) return { outcome: "not-found" };
  const db = await getDb();
  const t = schema.mediaFiles;
  const [row] = await db.select().from(t).where(eq(t.id, id));
  if (!row) return { outcome: "not-found" };
  const usedBy = (await mediaUsage([row])).get(row.id) ?? [];
  if (usedBy.length > 0) return { outcome: "in-use", usedBy };
  // Objects first: if one cannot be deleted, the row stays and the delete can be tried again.
  const storage = getStorage();
  for (const key of [row.storageKey, ...row.variants]) await storage.delete(key);
  await db.transaction(async (tx) => {
    await tx.delete(t).where(eq(t.id, row.id));
    if (by) {
      const item = { type: `media-${row.kind}`, id: row.id, title: row.originalName };
      await appendAudit(tx, { actor: actorOf(by), action: "media-delete", item, address: by.address ?? null });
    }
  });
  return { outcome: "deleted", originalName: row.originalName };
}
