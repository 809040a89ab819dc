import { data, Form, redirect, useNavigation } from "react-router";

import { InvalidNewsletterLink, NewsletterAddress, NewsletterNotice } from "~/components/site/newsletter-notice";
import { Button } from "~/components/ui/button";
import { NEWSLETTER_PAGE_HEADERS, readNewsletterToken } from "~/server/newsletter-links.server";
import { subscriberState, unsubscribe } from "~/server/newsletter.server";

import type { Route } from "./+types/newsletter.unsubscribe";

type UnsubscribePage =
  { state: "subscribed"; email: string; token: string } | { state: "unsubscribed"; email: string } | { state: "invalid" };

/**
 * The unsubscribe link of every newsletter mail (PRODUCT.md "Newsletter"). Opening it only shows a
 * button, so a mail scanner or link preview that fetches it unsubscribes nobody; the press (a POST with
 * the same signed token) does.
 */
async function readLink(request: Request): Promise<{ email: string; token: string } | null> {
  const token = new URL(request.url).searchParams.get("token");
  const link = readNewsletterToken("unsubscribe", token);
  return link.valid ? { email: link.email, token: token! } : null;
}

function invalid() {
  return data({ state: "invalid" } as UnsubscribePage, { status: 400, headers: NEWSLETTER_PAGE_HEADERS });
}

export async function loader({ request }: Route.LoaderArgs) {
  const link = await readLink(request);
  if (!link) return invalid();
  const unsubscribePage: UnsubscribePage = (await subscriberState(link.email))
    ? { state: "subscribed", ...link }
    : { state: "unsubscribed", email: link.email };
  return data(unsubscribePage, { headers: NEWSLETTER_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const link = await readLink(request);
  if (!link) return invalid();
  await unsubscribe(link.email);
  // Post/redirect/get: the page now says the address is off the list, and a reload sends nothing.
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, 303);
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe | MarketWire" }, { name: "robots", content: "noindex" }];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const unsubscribePage = actionData ?? loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  switch (unsubscribePage.state) {
    case "subscribed":
      return (
        <NewsletterNotice tone="info" title="Unsubscribe from the newsletter">
          <p>
            Stop sending the MarketWire newsletter to <NewsletterAddress email={unsubscribePage.email} />?
          </p>
          <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribePage.token)}`}>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Unsubscribing…" : "Unsubscribe"}
            </Button>
          </Form>
        </NewsletterNotice>
      );
    case "unsubscribed":
      return (
        <NewsletterNotice tone="success" title="You are unsubscribed">
          <p>
            <NewsletterAddress email={unsubscribePage.email} /> is no longer on our list and will receive no more newsletters from
            MarketWire.
          </p>
        </NewsletterNotice>
      );
    case "invalid":
      return <InvalidNewsletterLink />;
  }
}
