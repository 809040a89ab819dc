/**
 * The public archive (PRODUCT.md "Newsletter editions"): every sent edition, and each one's web version,
 * the same content as the mail without anyone's unsubscribe link.
 */
import { data } from "react-router";

import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/ids";

import { notFoundMeta, sitePageMeta } from "../seo/seo.server";
import { editionBodyHtml } from "./edition-mail.server";
import { editionContent, editionPath, getEdition, sentEditions } from "./editions.server";

export async function editionArchive() {
  const editions = await sentEditions();
  return {
    editions: editions.map((edition) => ({
      path: editionPath(edition.id),
      subject: edition.subject,
      sentAt: edition.sentAt?.toISOString() ?? null,
      sentText: edition.sentAt
        ? edition.sentAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })
        : "",
    })),
    meta: sitePageMeta({
      title: "Newsletter archive | MarketWire",
      description: "Every MarketWire newsletter edition, newest first.",
      path: "/newsletter",
    }),
  };
}

/** A sent edition's web version; a draft, a scheduled edition or a bad id is not found. */
export async function editionWebVersion(id: string | undefined) {
  const edition = isUuid(id) ? await getEdition(id) : null;
  if (!edition || edition.status !== "sent") {
    throw data({ meta: notFoundMeta("Edition not found") }, { status: 404 });
  }
  const content = await editionContent(edition);
  return {
    subject: edition.subject,
    sentText: formatDate(edition.sentAt, "long"),
    body: editionBodyHtml(content, {}),
    meta: sitePageMeta({
      title: `${edition.subject} | MarketWire newsletter`,
      description: `The MarketWire newsletter: ${edition.subject}`,
      path: editionPath(edition.id),
    }),
  };
}
