/**
 * An embed page as a whole response (PRODUCT.md "Embeds"): static HTML with its one inline style and script,
 * the embed policy naming their hashes, and the public pages' cache life, so the page cache keeps it like any
 * public page. No React runs in the frame.
 */
import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { NO_STORE, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import type { EmbedTheme } from "~/lib/embeds";
import { embedDirectives, policyContext, serializePolicy } from "~/server/http/security-headers.server";

import EMBED_SCRIPT from "./embed-frame.js?raw";
import { EmbedDocument } from "./embed-views";
import EMBED_STYLE from "./embed.css?raw";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
const HASHES = { script: sha256(EMBED_SCRIPT), style: sha256(EMBED_STYLE) };

/** The Content-Security-Policy of every embed page. */
export function embedContentSecurityPolicy(): string {
  return serializePolicy(embedDirectives(HASHES, policyContext()));
}

export function embedResponse(
  page: { title: string; canonical: string; theme: EmbedTheme; status?: 200 | 404 },
  body: ReactNode,
): Response {
  const html = renderToStaticMarkup(
    <EmbedDocument title={page.title} theme={page.theme} canonical={page.canonical} style={EMBED_STYLE} script={EMBED_SCRIPT}>
      {body}
    </EmbedDocument>,
  );
  const status = page.status ?? 200;
  return new Response(`<!DOCTYPE html>${html}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": embedContentSecurityPolicy(),
      "Cache-Control": status === 200 ? PUBLIC_PAGE_CACHE_CONTROL : NO_STORE["Cache-Control"],
    },
  });
}
