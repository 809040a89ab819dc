import { data, redirect } from "react-router";

import { InvalidNewsletterLink, NewsletterLinkButton, NewsletterNotice } from "~/components/site/newsletter-notice";
import { STOP_ALERTS_PATH } from "~/lib/account";
import { pageUrl } from "~/server/http/page-url.server";
import { NEWSLETTER_PAGE_HEADERS } from "~/server/newsletter/subscriber-links.server";
import { alertsAreOn, readStopAlertsToken, stopAlerts } from "~/server/readers/alert-links.server";

import type { Route } from "./+types/account.alerts.stop";

type StopPage = { state: "on"; token: string } | { state: "off" } | { state: "invalid" };

const page = (value: StopPage, status = 200) => data(value, { status, headers: NEWSLETTER_PAGE_HEADERS });

/** The account a request's signed link names, with the token, or null. */
function linkOf(request: Request) {
  const token = pageUrl(request).searchParams.get("token");
  const userId = readStopAlertsToken(token);
  return userId ? { userId, token: token! } : null;
}

/**
 * PRODUCT.md "Following and alerts": the 'Stop company alerts' link of every alert mail. Opening it only
 * shows a button (a mail scanner following links changes nothing); the press, or a mail provider's RFC 8058
 * one-click POST, turns the account's alerts off. An account deleted since reads as already off.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = linkOf(request);
  if (!link) return page({ state: "invalid" }, 400);
  return page((await alertsAreOn(link.userId)) ? { state: "on", token: link.token } : { state: "off" });
}

export async function action({ request }: Route.ActionArgs) {
  const link = linkOf(request);
  if (!link) return page({ state: "invalid" }, 400);
  await stopAlerts(link.userId);
  let oneClick = false;
  try {
    oneClick = (await request.formData()).get("List-Unsubscribe") === "One-Click";
  } catch {
    // Not a form: the signed link alone decides.
  }
  if (oneClick) return page({ state: "off" });
  return redirect(`${STOP_ALERTS_PATH}?token=${encodeURIComponent(link.token)}`, 303);
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Company alerts | MarketWire" }, { name: "robots", content: "noindex" }];

export default function StopAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  switch (state.state) {
    case "on":
      return (
        <NewsletterNotice tone="info" title="Stop company alerts">
          <p>
            Stop the mails about new items on the companies you follow? You keep following them, and can turn alerts on again on your
            account page.
          </p>
          <NewsletterLinkButton path={STOP_ALERTS_PATH} token={state.token} label="Stop company alerts" busyLabel="Stopping…" />
        </NewsletterNotice>
      );
    case "off":
      return (
        <NewsletterNotice tone="success" title="Company alerts are off">
          <p>You will receive no more company alerts. To turn them on again, open your account page.</p>
        </NewsletterNotice>
      );
    case "invalid":
      return <InvalidNewsletterLink />;
  }
}
