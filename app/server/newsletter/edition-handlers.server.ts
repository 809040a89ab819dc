/**
 * The admin's newsletter pages (PRODUCT.md "Newsletter editions"): the list with each edition's counts, and
 * the editor, whose one form saves, sends a test to the editor, sends now, schedules or unschedules.
 */
import type { SubmissionResult } from "@conform-to/react";
import { count, isNotNull } from "drizzle-orm";
import { data } from "react-router";

import { formatUtcMinute } from "~/lib/format";
import { EDITION_TEXTS, EDITIONS_PATH, editionSchema, itemRefValue } from "~/lib/newsletter-editions";

import type { CurrentUser } from "../auth/session.server";
import { getDb, schema } from "../db/db.server";
import { parseSubmission } from "../form-submission.server";
import { hasMailTransport, mailCounts } from "../mail/outbox.server";
import { readForm } from "../request-form.server";
import { redirectWithToast } from "../toast.server";
import { proposedEditionItems, type EditionItem } from "./edition-items.server";
import { editionBodyHtml } from "./edition-mail.server";
import {
  createEdition,
  editionBatch,
  editionContent,
  editionPath,
  getEdition,
  listEditions,
  scheduleEdition,
  sendEdition,
  sendTestEdition,
  updateEdition,
} from "./editions.server";

const utc = formatUtcMinute;

async function confirmedSubscribers(): Promise<number> {
  const db = await getDb();
  const s = schema.newsletterSubscribers;
  const [row] = await db.select({ n: count() }).from(s).where(isNotNull(s.confirmedAt));
  return Number(row?.n ?? 0);
}

export async function editionListLoader() {
  const [editions, confirmed] = await Promise.all([listEditions(), confirmedSubscribers()]);
  return {
    confirmed,
    mailConfigured: hasMailTransport(),
    editions: editions.map((edition) => ({
      id: edition.id,
      subject: edition.subject,
      status: edition.status,
      when: edition.sentAt ? `Sent ${utc(edition.sentAt)}` : edition.sendAt ? `Scheduled for ${utc(edition.sendAt)}` : "Draft",
      counts: edition.counts,
    })),
  };
}

function pickable(item: EditionItem) {
  return {
    value: itemRefValue(item.type, item.id),
    title: item.title,
    label: item.label,
    featured: item.featured,
    paid: item.disclosure !== null,
    published: utc(item.publishedAt),
  };
}

export type EditionEditorData = Awaited<ReturnType<typeof editionEditorLoader>>;

/** The editor: a new edition proposes the week's items, checked; a saved one shows its own and a preview. */
export async function editionEditorLoader(id: string | undefined) {
  const [proposed, confirmed] = await Promise.all([proposedEditionItems(), confirmedSubscribers()]);
  if (!id) {
    return {
      mode: "create" as const,
      id: null,
      status: "draft" as const,
      when: null,
      values: { subject: "", intro: "", items: proposed.map((item) => itemRefValue(item.type, item.id)), sendAt: "" },
      choices: proposed.map(pickable),
      preview: null,
      webPath: null,
      counts: null,
      confirmed,
      mailConfigured: hasMailTransport(),
    };
  }
  const edition = await getEdition(id);
  if (!edition) throw data({ error: EDITION_TEXTS.notFound }, { status: 404 });
  const content = await editionContent(edition);
  const chosen = content.items.map(pickable);
  const others = proposed.map(pickable).filter((choice) => !chosen.some((c) => c.value === choice.value));
  return {
    mode: "edit" as const,
    id,
    status: edition.status,
    when: edition.sentAt ? `Sent ${utc(edition.sentAt)}` : edition.sendAt ? `Scheduled for ${utc(edition.sendAt)}` : null,
    values: {
      subject: edition.subject,
      intro: edition.introHtml,
      items: chosen.map((choice) => choice.value),
      sendAt: edition.sendAt ? edition.sendAt.toISOString().slice(0, 16) : "",
    },
    choices: [...chosen, ...others],
    preview: editionBodyHtml(content, { webVersion: editionPath(id) }),
    webPath: edition.status === "sent" ? editionPath(id) : null,
    counts: edition.status === "sent" ? await mailCounts(editionBatch(id)) : null,
    // PRODUCT.md "Newsletter editions": while the mails are being queued, how far it has got.
    queueing: edition.status === "sent" && !edition.queuedAt ? { queued: edition.queued, of: edition.recipients ?? 0 } : null,
    confirmed,
    mailConfigured: hasMailTransport(),
  };
}

export interface EditionEditorActionData {
  result: SubmissionResult<string[]>;
}

const toast = (id: string, description: string, type: "success" | "error" = "success") =>
  redirectWithToast(`${EDITIONS_PATH}/${id}`, { type, title: type === "success" ? "Success" : "Error", description });

/** Saves the form, then does what its button asked. Bad input: 400 with the messages beside the fields. */
export async function editionEditorAction(request: Request, id: string | undefined, user: CurrentUser) {
  const submission = parseSubmission(await readForm(request), editionSchema);
  if (submission.status !== "success") return data<EditionEditorActionData>({ result: submission.reply() }, { status: 400 });
  const { intent, subject, intro, items, sendAt } = submission.value;
  if (intent === "schedule" && sendAt && sendAt.getTime() <= Date.now()) {
    return data<EditionEditorActionData>(
      { result: submission.reply({ fieldErrors: { sendAt: [EDITION_TEXTS.sendAtPast] } }) },
      { status: 400 },
    );
  }
  const input = { subject, introHtml: intro, items };
  let editionId = id;
  if (!editionId) {
    editionId = await createEdition(input, user.id);
  } else if (!(await updateEdition(editionId, input))) {
    const exists = await getEdition(editionId);
    if (!exists) throw data({ error: EDITION_TEXTS.notFound }, { status: 404 });
    return data<EditionEditorActionData>({ result: submission.reply({ formErrors: [EDITION_TEXTS.alreadySent] }) }, { status: 409 });
  }
  switch (intent) {
    case "save":
      return toast(editionId, id ? EDITION_TEXTS.saved : EDITION_TEXTS.created);
    case "test":
      await sendTestEdition(editionId, user.email);
      return toast(editionId, EDITION_TEXTS.testQueued);
    case "send": {
      const outcome = await sendEdition(editionId, { id: user.id, name: user.name, role: user.role });
      return outcome.sent ? toast(editionId, EDITION_TEXTS.sent(outcome.recipients)) : toast(editionId, EDITION_TEXTS.alreadySent, "error");
    }
    case "schedule":
      await scheduleEdition(editionId, sendAt);
      return toast(editionId, EDITION_TEXTS.scheduled);
    case "unschedule":
      await scheduleEdition(editionId, null);
      return toast(editionId, EDITION_TEXTS.unscheduled);
  }
}
