import { parsePage, totalPages } from "~/lib/pagination";

import { INBOX_PAGE_SIZE } from "./inbox.server";
import { requireAdmin } from "./session.server";

/** An admin inbox page (messages, subscribers): admins only, the `?page=` asked for and its page count. */
export async function loadInboxPage<T extends { total: number }>(request: Request, list: (options: { page: number }) => Promise<T>) {
  await requireAdmin(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const result = await list({ page });
  return { ...result, page, totalPages: totalPages(result.total, INBOX_PAGE_SIZE) };
}
