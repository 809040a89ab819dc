import type { Mail } from "~/server/mail.server";

/** The path (with its token) of the newsletter page a mail links to, or undefined. */
export function mailedLink(mail: Mail | undefined, page: "confirm" | "unsubscribe") {
  const found = mail?.text.match(new RegExp(`https?://\\S+/newsletter/${page}\\?token=\\S+`))?.[0];
  if (!found) return undefined;
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

/** A server-rendered page's first form: how it is sent, where, and its button's text. */
export function formOf(html: string) {
  const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
  const attribute = (name: string) => form.match(new RegExp(`^<form[^>]* ${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
  return { method: attribute("method"), action: attribute("action"), button: form.match(/<button[^>]*>([^<]*)<\/button>/)?.[1] };
}
