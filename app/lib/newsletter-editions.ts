/**
 * PRODUCT.md "Newsletter editions": the editor's one form, checked alike in the browser and on the server.
 * Pure: shared by the admin page and the server.
 */
import { z } from "zod";

import { CONTENT_TYPES, type ContentType } from "./content-types";
import { parseUtcMinute } from "./dates";
import { isUuid } from "./ids";

export const EDITION_LIMITS = { subject: 200, intro: 50_000, items: 30 } as const;

export const EDITIONS_PATH = "/admin/newsletter";

export const EDITION_TEXTS = {
  listHeading: "Newsletter",
  createHeading: "New edition",
  editHeading: "Edit edition",
  saved: "Edition saved",
  created: "Edition created",
  testQueued: "A test is on its way to your inbox",
  sent: (n: number) => `Edition sent to ${n === 1 ? "1 subscriber" : `${n.toLocaleString("en-US")} subscribers`}`,
  scheduled: "Edition scheduled",
  unscheduled: "Edition is a draft again",
  alreadySent: "This edition has been sent and can no longer change.",
  notFound: "Edition not found",
  subjectRequired: "Subject is required",
  sendAtRequired: "Choose when to send it",
  sendAtInvalid: "Choose a real date and time",
  sendAtPast: "Choose a time in the future",
} as const;

export const EDITION_INTENTS = ["save", "test", "send", "schedule", "unschedule"] as const;
export type EditionIntent = (typeof EDITION_INTENTS)[number];

/** An item picked for an edition, as its checkbox sends it: 'video:<uuid>'. */
export const itemRefValue = (type: ContentType, id: string) => `${type}:${id}`;

function parseItemRef(value: string): { type: ContentType; id: string } | null {
  const [type, id, extra] = value.split(":");
  if (extra !== undefined || !id || !isUuid(id) || !(CONTENT_TYPES as readonly string[]).includes(type ?? "")) return null;
  return { type: type as ContentType, id };
}

export const editionSchema = z
  .object({
    intent: z.enum(EDITION_INTENTS, { error: "Unknown action" }),
    subject: z
      .string({ error: EDITION_TEXTS.subjectRequired })
      .trim()
      .min(1, EDITION_TEXTS.subjectRequired)
      .max(EDITION_LIMITS.subject, `Subject must be at most ${EDITION_LIMITS.subject} characters`),
    intro: z.string().max(EDITION_LIMITS.intro, "The introduction is too long").default(""),
    items: z
      .array(z.string())
      .max(EDITION_LIMITS.items, `An edition lists at most ${EDITION_LIMITS.items} items`)
      .default([])
      .transform((values, ctx) => {
        const refs = values.map(parseItemRef);
        if (refs.some((ref) => ref === null)) ctx.addIssue({ code: "custom", message: "An item is not one of ours" });
        const unique = new Map(refs.filter((ref) => ref !== null).map((ref) => [`${ref.type}:${ref.id}`, ref]));
        return [...unique.values()];
      }),
    /** 'YYYY-MM-DDTHH:MM', in UTC (the field says so). */
    sendAt: z.string().optional(),
  })
  .transform((value, ctx) => {
    if (value.intent !== "schedule") return { ...value, sendAt: null };
    const written = value.sendAt?.trim() ?? "";
    // Strict: Date would roll 2026-02-30T10:00 over to March 2 and schedule a day nobody chose.
    const at = written ? parseUtcMinute(written) : null;
    if (!at) {
      ctx.addIssue({ code: "custom", path: ["sendAt"], message: written ? EDITION_TEXTS.sendAtInvalid : EDITION_TEXTS.sendAtRequired });
      return z.NEVER;
    }
    return { ...value, sendAt: at };
  });

export type EditionSubmission = z.infer<typeof editionSchema>;
