import { data } from "react-router";

import { parsePage, totalPages } from "~/lib/pagination";
import { pageUrl } from "~/server/http/page-url.server";

import { requireRight } from "../auth/session.server";
import { redirectWithToast } from "../toast.server";
import { INBOX_PAGE_SIZE } from "./inbox.server";

/** An admin inbox page (messages, subscribers): roles that read the inbox, the `?page=` asked for and its page count. */
export async function loadInboxPage<T extends { total: number }>(request: Request, list: (options: { page: number }) => Promise<T>) {
  await requireRight(request, "inbox.read");
  const page = parsePage(pageUrl(request).searchParams.get("page"));
  const result = await list({ page });
  return { ...result, page, totalPages: totalPages(result.total, INBOX_PAGE_SIZE) };
}

/**
 * What an inbox action answers when it did not do what was asked: 400 for a form it cannot read (an
 * unknown intent, an id that is not one), 404 for a row that is gone, 503 for a database failure. The
 * page shows `message` in an 'Error' toast (inline when its scripts have not run).
 */
export interface InboxActionFailure {
  ok: false;
  intent: string;
  message: string;
}

export function inboxActionFailure(intent: string, message: string, status: 400 | 404 | 503) {
  return data<InboxActionFailure>({ ok: false, intent, message }, { status });
}

/** The list parameters an action returns to: the page, the messages' filter and the subscribers' search. */
const LIST_PARAMS = ["q", "show", "page"] as const;

/**
 * A done inbox action: back to the list it was sent from (`path`, with its page, filter or search), with
 * the 'Success' toast (PRODUCT.md "Toasts"). A redirect, so a reload never sends it again; it replaces
 * the history entry, so Back does not show the list as it was before.
 */
export function backToInbox(request: Request, path: string, description: string) {
  const from = pageUrl(request).searchParams;
  const kept = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const search = kept.size > 0 ? `?${kept}` : "";
  return redirectWithToast(
    `${path}${search}`,
    { type: "success", title: "Success", description },
    { headers: { "X-Remix-Replace": "true" } },
  );
}
