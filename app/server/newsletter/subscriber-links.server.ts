/**
 * Signed links for the newsletter's confirm and unsubscribe pages (PRODUCT.md "Newsletter"). A token is
 * `base64url(purpose, expiry, email) . base64url(HMAC-SHA256)`, keyed with the server secret that signs
 * sessions, so nobody can make one for an address without it; the purpose is signed too, so a confirm
 * token never unsubscribes and the other way round.
 */
import crypto from "node:crypto";

import { CONFIRM_LINK_DAYS } from "~/lib/newsletter";

import { getEnv } from "../env.server";
import { secretHash } from "../secret.server";

export type NewsletterLinkPurpose = "confirm" | "unsubscribe";

// Only confirm tokens expire: an unsubscribe link keeps working in every old mail (PRODUCT.md "Newsletter").
const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Longer than any token we make (an address is at most 254 characters); refuses junk before hashing it. */
const MAX_TOKEN_LENGTH = 600;

export type NewsletterLink = { valid: true; email: string; expired: boolean } | { valid: false };

/**
 * A keyed hash with the server secret that signs sessions (BETTER_AUTH_SECRET, or the one generated into
 * DATA_DIR); its own purpose label, so it can never stand in for any other signature made with it.
 */
function sign(payload: string): Buffer {
  return Buffer.from(secretHash("newsletter-link", payload), "base64url");
}

export function createNewsletterToken(purpose: NewsletterLinkPurpose, email: string, now = new Date()): string {
  const expires = purpose === "confirm" ? String(Math.floor((now.getTime() + CONFIRM_LINK_MS) / 1000)) : "";
  const payload = Buffer.from(`${purpose}\n${expires}\n${email}`, "utf8").toString("base64url");
  return `${payload}.${sign(payload).toString("base64url")}`;
}

/**
 * Checks a token from a link. `expired` is reported with the address (the signature is ours), so a page
 * can still tell an already-confirmed subscriber that all is well; nothing may be changed with it.
 */
export function readNewsletterToken(purpose: NewsletterLinkPurpose, token: unknown, now = new Date()): NewsletterLink {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { valid: false };
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return { valid: false };
  const expected = sign(payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { valid: false };

  const [tokenPurpose, expires, email, ...extra] = Buffer.from(payload, "base64url").toString("utf8").split("\n");
  if (tokenPurpose !== purpose || !email || extra.length > 0) return { valid: false };
  if (purpose === "unsubscribe") return { valid: true, email, expired: false };
  const expiresAt = Number(expires) * 1000;
  if (!expires || !Number.isSafeInteger(expiresAt)) return { valid: false };
  return { valid: true, email, expired: now.getTime() >= expiresAt };
}

/** The absolute URL of a newsletter page for this address, as put in mails. */
export function newsletterLink(purpose: NewsletterLinkPurpose, email: string, now = new Date()): string {
  const url = new URL(`/newsletter/${purpose}`, getEnv().BETTER_AUTH_URL);
  url.searchParams.set("token", createNewsletterToken(purpose, email, now));
  return url.toString();
}

/**
 * Headers of the confirm and unsubscribe pages: personal (never cached), kept out of search engines, and
 * the token in their URL never sent to another site as a Referer. Not `no-referrer`: that would also
 * blank the Origin of the page's own form post, which the cross-site check then refuses.
 */
export const NEWSLETTER_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
} as const;
