import { within } from "@testing-library/dom";

import type { Mail } from "~/server/mail.server";

/** The path (with its token) of the newsletter page a mail links to, or undefined. */
export function mailedLink(mail: Mail | undefined, page: "confirm" | "unsubscribe") {
  const found = mail?.text.match(new RegExp(`https?://\\S+/newsletter/${page}\\?token=\\S+`))?.[0];
  if (!found) return undefined;
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

/** A rendered page's first form: how it is sent, where, and its button's text. */
export function formOf(page: ParentNode) {
  const form = page.querySelector("form");
  if (!form) return undefined;
  return { method: form.getAttribute("method"), action: form.getAttribute("action"), button: within(form).getByRole("button").textContent };
}
