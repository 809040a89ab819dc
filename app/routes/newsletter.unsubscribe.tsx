import { InvalidNewsletterLink, NewsletterAddress, NewsletterLinkButton, NewsletterNotice } from "~/components/site/newsletter-notice";
import { NEWSLETTER_PAGE_HEADERS } from "~/server/newsletter/subscriber-links.server";
import { newsletterPage, readPageLink, reloadAfterPost } from "~/server/newsletter/subscriber-pages.server";
import { subscriberState, unsubscribe } from "~/server/newsletter/subscribers.server";

import type { Route } from "./+types/newsletter.unsubscribe";

type UnsubscribePage =
  { state: "subscribed"; email: string; token: string } | { state: "unsubscribed"; email: string } | { state: "invalid" };

function invalid() {
  return newsletterPage<UnsubscribePage>({ state: "invalid" }, 400);
}

/**
 * The unsubscribe link of every newsletter mail (PRODUCT.md "Newsletter"). Opening it only shows a
 * button, so a mail scanner or link preview that fetches it unsubscribes nobody; the press (a POST with
 * the same signed token) does.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = readPageLink(request, "unsubscribe");
  if (!link) return invalid();
  return newsletterPage<UnsubscribePage>(
    (await subscriberState(link.email))
      ? { state: "subscribed", email: link.email, token: link.token }
      : { state: "unsubscribed", email: link.email },
  );
}

/** Whether the body is RFC 8058's `List-Unsubscribe=One-Click`; the token alone decides whether to unsubscribe. */
async function isOneClick(request: Request) {
  try {
    return (await request.formData()).get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}

/**
 * The press of the page's button, or a mail provider's one-click unsubscribe (RFC 8058: the URL of the
 * mail's List-Unsubscribe header, posted with `List-Unsubscribe=One-Click`), which is answered at once
 * with the page's new state rather than sent back to the page (PRODUCT.md "Newsletter").
 */
export async function action({ request }: Route.ActionArgs) {
  const link = readPageLink(request, "unsubscribe");
  if (!link) return invalid();
  const oneClick = await isOneClick(request);
  await unsubscribe(link.email);
  if (oneClick) return newsletterPage<UnsubscribePage>({ state: "unsubscribed", email: link.email });
  return reloadAfterPost(request);
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe | MarketWire" }, { name: "robots", content: "noindex" }];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const unsubscribePage = actionData ?? loaderData;
  switch (unsubscribePage.state) {
    case "subscribed":
      return (
        <NewsletterNotice tone="info" title="Unsubscribe from the newsletter">
          <p>
            Stop sending the MarketWire newsletter to <NewsletterAddress email={unsubscribePage.email} />?
          </p>
          <NewsletterLinkButton
            path="/newsletter/unsubscribe"
            token={unsubscribePage.token}
            label="Unsubscribe"
            busyLabel="Unsubscribing…"
          />
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
