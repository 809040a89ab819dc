/**
 * PRODUCT.md "Webhooks": the events a receiver may ask for, the endpoint form's schema, and the admin's texts.
 * Pure: the admin page and the server read the same list.
 */
import { z } from "zod";

import { CONTENT_EVENTS, type ContentEvent } from "./content-events";

/** An endpoint subscribes to any of the content events. */
export const WEBHOOK_EVENTS = CONTENT_EVENTS;
export type WebhookEvent = ContentEvent;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "content.published": "An item is published (or goes live at its scheduled time)",
  "content.updated": "A published item is edited",
  "content.unpublished": "A published item is unpublished or archived",
  "content.deleted": "A published item is deleted",
  "content.corrected": "A correction is added to a published item",
  "disclosure.changed": "A published paid item's disclosure changes",
  "company.updated": "A company is edited or deleted",
};

export const WEBHOOKS_PATH = "/admin/webhooks";

/** The longest URL an endpoint may have: browsers' and servers' common limit. */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_TEXTS = {
  listHeading: "Webhooks",
  intro:
    "Each endpoint receives the events it asks for as signed JSON (Standard Webhooks 1.0). A delivery that fails is tried again for about a day.",
  addHeading: "Add an endpoint",
  addButton: "Add endpoint",
  empty: "No endpoints yet.",
  created: "Endpoint added",
  updated: "Endpoint saved",
  deleted: "Endpoint deleted",
  rotated: "New signing secret made: the previous one also signs for 24 hours",
  enabled: "Endpoint enabled",
  disabled: "Endpoint disabled",
  resent: "Delivery queued again",
  notFound: "That endpoint no longer exists.",
  deliveryNotFound: "That delivery no longer exists.",
  secretHeading: "Signing secret",
  secretOnce: "Copy it now: it is shown only once. Receivers verify each delivery's webhook-signature with it.",
  urlLabel: "Endpoint URL",
  urlHint: "https:// is expected; the address must be public unless WEBHOOK_ALLOW_HOSTS names it.",
  descriptionLabel: "Description (optional)",
  eventsLabel: "Events",
  saveButton: "Save endpoint",
  deleteButton: "Delete endpoint",
  rotateButton: "Rotate secret",
  sendAgain: "Send again",
  failed: "The endpoint could not be saved",
};

/** PRODUCT.md "Webhooks": the endpoint form (adding and editing). The URL's address is checked on the server. */
export const webhookEndpointSchema = z.object({
  url: z
    .string({ error: "Enter the endpoint's URL" })
    .trim()
    .max(WEBHOOK_URL_MAX, `A URL has at most ${WEBHOOK_URL_MAX} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, "Enter an absolute http:// or https:// URL")
    .refine((value) => !/[\s\0]/.test(value), "A URL has no spaces")
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.username === "" && url.password === "";
      } catch {
        return true;
      }
    }, "Leave the user name and password out of the URL: deliveries are signed instead"),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `A description has at most ${WEBHOOK_DESCRIPTION_MAX} characters`).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: "Choose events from the list" }), { error: "Choose at least one event" })
    .min(1, "Choose at least one event")
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;
