import { data, redirect } from "react-router";

import { pageUrl } from "~/server/http/page-url.server";

import { NEWSLETTER_PAGE_HEADERS, readNewsletterToken, type NewsletterLinkPurpose } from "./subscriber-links.server";

/** The signed link a confirm or unsubscribe page was opened (or posted) with; null when it is not valid. */
export function readPageLink(request: Request, purpose: NewsletterLinkPurpose): { email: string; token: string; expired: boolean } | null {
  const token = pageUrl(request).searchParams.get("token");
  const link = readNewsletterToken(purpose, token);
  return link.valid ? { email: link.email, token: token!, expired: link.expired } : null;
}

/** One state of a newsletter link page: personal, never cached, never indexed. */
export function newsletterPage<T>(page: T, status = 200) {
  return data(page, { status, headers: NEWSLETTER_PAGE_HEADERS });
}

/** Post/redirect/get: after the press the page is loaded again and shows the new state; a reload sends nothing. */
export function reloadAfterPost(request: Request) {
  const url = pageUrl(request);
  return redirect(`${url.pathname}${url.search}`, 303);
}
