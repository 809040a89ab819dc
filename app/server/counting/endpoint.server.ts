import { NO_STORE } from "~/lib/cache-headers";

import { visitorOf, type Visitor } from "./visitor.server";

// Counters must never be answered from a cache: every answer carries NO_STORE.

/** A counter endpoint counts only on POST: a GET (crawler, prefetch, link preview) is refused. */
export function counterMethodNotAllowed() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

/**
 * PRODUCT.md "Counters": records one view or listen for the visitor (the `record` function dedupes and
 * skips bots, PRODUCT.md "Security") and answers the live count, or 404 for an unknown or unpublished id.
 */
export async function postCounter(
  request: Request,
  field: "views" | "listens",
  notFound: string,
  record: (visitor: Visitor | null) => Promise<number | null>,
) {
  if (request.method !== "POST") return counterMethodNotAllowed();
  const count = await record(visitorOf(request));
  if (count == null) return Response.json({ error: notFound }, { status: 404, headers: NO_STORE });
  return Response.json({ [field]: count }, { headers: NO_STORE });
}
