/**
 * An edition as a mail (PRODUCT.md "Newsletter editions"): an HTML part rendered by React (so every value is
 * escaped) with inline styles, as mail clients need, and a plain-text part with the same content. Each
 * paid item carries its disclosure before anything else about it.
 */
import { renderToStaticMarkup } from "react-dom/server";

import { disclosureText } from "~/lib/disclosure";
import { mailLinkPath, type MailChannel } from "~/lib/measurement";

import { htmlToPlainText } from "../html-text.server";
import { absoluteUrl, SITE_NAME } from "../seo/site-url.server";
import type { EditionItem } from "./edition-items.server";

export interface EditionContent {
  subject: string;
  introHtml: string;
  items: readonly EditionItem[];
}

export interface EditionLinks {
  /** The edition on the site (its archive page); absent on that page itself. */
  webVersion?: string;
  /** The reader's own signed unsubscribe link; absent on the archive page. */
  unsubscribe?: string;
}

const FONT = "font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;";

/**
 * An item's link: in a mail (`channel` given) through our counting redirect, which lands on the page tagged
 * with the mail's utm_source (PRODUCT.md "Measurement"); on the site (the archive, the preview) its page.
 */
export function mailItemUrl(item: EditionItem, channel: MailChannel | undefined): string {
  return absoluteUrl(channel ? mailLinkPath(channel, item.type, item.id) : item.path);
}

/** One item in a mail (an edition, a company alert, a digest): its disclosure first when paid, then what it is and its link. */
export function MailItem({ item, channel }: { item: EditionItem; channel?: MailChannel }) {
  return (
    <div style={{ borderTop: "1px solid #e5e7eb", padding: "16px 0" }}>
      {item.disclosure ? (
        <p style={{ margin: "0 0 8px", padding: "8px 12px", background: "#fef3c7", borderRadius: "6px", fontSize: "14px" }}>
          {disclosureText(item.disclosure)}
          {item.disclosure.agreed ? ` Agreement dated ${item.disclosure.agreed}.` : null}
        </p>
      ) : null}
      <p style={{ margin: "0 0 4px", fontSize: "12px", textTransform: "uppercase", color: "#6b7280" }}>
        {item.label}
        {item.featured ? " · Featured" : null}
      </p>
      <h2 style={{ margin: "0 0 4px", fontSize: "18px" }}>
        <a href={mailItemUrl(item, channel)} style={{ color: "#111827" }}>
          {item.title}
        </a>
      </h2>
      {item.description ? <p style={{ margin: 0 }}>{item.description}</p> : null}
    </div>
  );
}

function EditionBody({ edition, links, channel }: { edition: EditionContent; links: EditionLinks; channel?: MailChannel }) {
  return (
    <div style={{ margin: "0 auto", maxWidth: "600px", padding: "24px", color: "#111827", lineHeight: 1.5 }}>
      {links.webVersion ? (
        <p style={{ margin: "0 0 16px", fontSize: "14px", color: "#6b7280" }}>
          {SITE_NAME} newsletter · <a href={links.webVersion}>View in your browser</a>
        </p>
      ) : null}
      <h1 style={{ margin: "0 0 16px", fontSize: "24px" }}>{edition.subject}</h1>
      {edition.introHtml ? <div dangerouslySetInnerHTML={{ __html: edition.introHtml }} /> : null}
      {edition.items.map((item) => (
        <MailItem key={`${item.type}:${item.id}`} item={item} channel={channel} />
      ))}
      {links.unsubscribe ? (
        <p style={{ marginTop: "24px", borderTop: "1px solid #e5e7eb", paddingTop: "16px", fontSize: "12px", color: "#6b7280" }}>
          You receive this because you subscribed to the {SITE_NAME} newsletter. <a href={links.unsubscribe}>Unsubscribe</a>
        </p>
      ) : null}
    </div>
  );
}

/** A mail's HTML part: a whole document around `body`, as mail clients expect. */
export function mailDocument(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${renderToStaticMarkup(<>{title}</>)}</title></head><body style="margin:0;${FONT}">${body}</body></html>`;
}

/** The HTML part of an edition. */
export function editionHtml(edition: EditionContent, links: EditionLinks): string {
  return mailDocument(edition.subject, renderToStaticMarkup(<EditionBody edition={edition} links={links} channel="newsletter" />));
}

/** The edition's body alone, for its page in the archive. */
export function editionBodyHtml(edition: EditionContent, links: EditionLinks): string {
  return renderToStaticMarkup(<EditionBody edition={edition} links={links} />);
}

/** One item in a mail's plain-text part, as `MailItem` shows it. */
export function mailItemText(item: EditionItem, channel: MailChannel): string {
  const lines = [];
  if (item.disclosure) {
    lines.push(`${disclosureText(item.disclosure)}${item.disclosure.agreed ? ` Agreement dated ${item.disclosure.agreed}.` : ""}`);
  }
  lines.push(`${item.label}: ${item.title}`);
  if (item.description) lines.push(item.description);
  lines.push(mailItemUrl(item, channel));
  return lines.join("\n");
}

/** The plain-text part: the same content, links written out. */
export function editionText(edition: EditionContent, links: EditionLinks): string {
  const parts = [`${SITE_NAME} newsletter: ${edition.subject}`];
  if (links.webVersion) parts.push(`View in your browser: ${links.webVersion}`);
  const intro = htmlToPlainText(edition.introHtml);
  if (intro) parts.push(intro);
  for (const item of edition.items) parts.push(mailItemText(item, "newsletter"));
  if (links.unsubscribe)
    parts.push(`You receive this because you subscribed to the ${SITE_NAME} newsletter.\nUnsubscribe: ${links.unsubscribe}`);
  return `${parts.join("\n\n")}\n`;
}
