/**
 * Company alerts as mails (PRODUCT.md "Following and alerts"): one item at once, or the day's items in a
 * digest. The items are shown as an edition shows them (a paid one opens with its disclosure); the footer
 * says why the reader receives it and where to change that.
 */
import { renderToStaticMarkup } from "react-dom/server";

import type { OutgoingMail } from "../mail/outbox.server";
import type { EditionItem } from "../newsletter/edition-items.server";
import { mailDocument, MailItem, mailItemText } from "../newsletter/edition-mail.server";
import { absoluteUrl, SITE_NAME } from "../seo/site-url.server";
import { stopAlertsLink } from "./alert-links.server";

/** 'A, B and C'. */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function AlertBody({ heading, items, footer, stop }: { heading: string; items: readonly EditionItem[]; footer: string; stop: string }) {
  return (
    <div style={{ margin: "0 auto", maxWidth: "600px", padding: "24px", color: "#111827", lineHeight: 1.5 }}>
      <p style={{ margin: "0 0 16px", fontSize: "16px" }}>{heading}</p>
      {items.map((item) => (
        <MailItem key={`${item.type}:${item.id}`} item={item} channel="alert" />
      ))}
      <p style={{ marginTop: "24px", borderTop: "1px solid #e5e7eb", paddingTop: "16px", fontSize: "12px", color: "#6b7280" }}>
        {footer} <a href={absoluteUrl("/account")}>Change your alerts</a> · <a href={stop}>Stop company alerts</a>
      </p>
    </div>
  );
}

function alertMailOf(options: {
  reader: { id: string; email: string };
  subject: string;
  heading: string;
  items: readonly EditionItem[];
  footer: string;
  dedupeKey: string;
}): OutgoingMail {
  const { reader, subject, heading, items, footer, dedupeKey } = options;
  const stop = stopAlertsLink(reader.id);
  const text = [
    heading,
    ...items.map((item) => mailItemText(item, "alert")),
    `${footer}\nChange your alerts: ${absoluteUrl("/account")}\nStop company alerts: ${stop}`,
  ].join("\n\n");
  return {
    kind: "alert",
    to: reader.email,
    subject,
    text: `${text}\n`,
    html: mailDocument(subject, renderToStaticMarkup(<AlertBody heading={heading} items={items} footer={footer} stop={stop} />)),
    // RFC 8058: the mail provider's unsubscribe button stops the alerts at once.
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    dedupeKey,
    batch: "alerts",
    items: items.map((item) => ({ type: item.type, id: item.id })),
  };
}

/** One reader's alert for one item naming companies they follow. */
export function instantAlertMail(reader: { id: string; email: string }, item: EditionItem, companies: readonly string[]): OutgoingMail {
  const about = listOf(companies);
  return alertMailOf({
    reader,
    subject: `${about}: ${item.title}`,
    heading: `New on ${SITE_NAME} about ${about}:`,
    items: [item],
    footer: `You receive this because you follow ${about} on ${SITE_NAME}.`,
    dedupeKey: `alert:${reader.id}:${item.type}:${item.id}`,
  });
}

/** One reader's daily digest; `day` (YYYY-MM-DD, UTC) makes it one per day. */
export function digestMail(reader: { id: string; email: string }, items: readonly EditionItem[], day: string): OutgoingMail {
  const count = items.length === 1 ? "1 new item" : `${items.length} new items`;
  return alertMailOf({
    reader,
    subject: `Your ${SITE_NAME} daily digest: ${count} about companies you follow`,
    heading: `${count[0]!.toUpperCase()}${count.slice(1)} on ${SITE_NAME} about companies you follow:`,
    items,
    footer: `You receive this daily digest because you follow companies on ${SITE_NAME}.`,
    dedupeKey: `digest:${reader.id}:${day}`,
  });
}
