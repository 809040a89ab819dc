/**
 * Content changed: drop the pages it can alter from the page cache here and, on PostgreSQL, in every other
 * instance through LISTEN/NOTIFY (PRODUCT.md "Page cache"). View and listen counters do not announce: a
 * cached page's counts are refreshed in the browser.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";

import { connectDatabase } from "../db/db.server";
import { logError } from "../log.server";
import { getPageCache } from "./page-cache.server";
import { cacheKeysAffectedBy, readContentChange, type ContentChange } from "./page-scope.server";

export const CONTENT_CHANNEL = "marketwire_content_changed";

/** This process, so it can skip its own notifications (it has already invalidated). */
const INSTANCE_ID = crypto.randomUUID();

/**
 * Call after every content write readers can see (create, update, delete, feature, publish): `{ type }` for
 * a published item of that type, "everything" for a change whose reach is wider (companies, editions).
 */
export async function announceContentChange(change: ContentChange = "everything"): Promise<void> {
  getPageCache()?.invalidate(cacheKeysAffectedBy(change));
  const connection = await connectDatabase();
  if (connection.kind !== "postgres") return;
  try {
    await connection.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${JSON.stringify({ from: INSTANCE_ID, change })})`);
  } catch (error) {
    // The write itself succeeded; other instances catch up when their entries expire.
    logError("Could not notify other instances of a content change", error);
  }
}

export interface ContentChangeListener {
  close: () => Promise<void>;
}

/** A notification's payload: the announcing instance and its change ("everything" when unreadable). */
function readNotification(payload: string | undefined): { from: unknown; change: ContentChange } {
  try {
    const value = JSON.parse(payload ?? "") as { from?: unknown; change?: unknown };
    return { from: value.from, change: readContentChange(value.change) };
  } catch {
    return { from: payload, change: "everything" };
  }
}

/**
 * Listens for other instances' content changes on a connection of its own (a pooled one cannot hold
 * LISTEN). Reconnects after a failure, and then reports "everything", since notifications may have been missed.
 */
export function listenForContentChanges(databaseUrl: string, onChange: (change: ContentChange) => void): ContentChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== CONTENT_CHANNEL) return;
      const { from, change } = readNotification(message.payload);
      if (from !== INSTANCE_ID) onChange(change);
    });
    next.on("error", (error) => {
      logError("Content change listener lost its connection", error.message);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Changes made while this connection was down were never heard: start from an empty cache.
      onChange("everything");
    } catch (error) {
      logError("Content change listener cannot connect", (error as Error).message);
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    void client?.end().catch(() => {});
    client = null;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1_000);
    retry.unref();
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
