import { NewsletterBox } from "~/components/site/newsletter-box";
import { InvalidNewsletterLink, NewsletterAddress, NewsletterLinkButton, NewsletterNotice } from "~/components/site/newsletter-notice";
import { CONFIRM_LINK_DAYS } from "~/lib/newsletter";
import { NEWSLETTER_PAGE_HEADERS } from "~/server/newsletter/subscriber-links.server";
import { newsletterPage, readPageLink, reloadAfterPost } from "~/server/newsletter/subscriber-pages.server";
import { confirmSubscriber, subscriberState } from "~/server/newsletter/subscribers.server";

import type { Route } from "./+types/newsletter.confirm";

type ConfirmPage =
  | { state: "pending"; email: string; token: string }
  | { state: "confirmed"; email: string }
  | { state: "expired" }
  | { state: "gone" }
  | { state: "invalid" };

const STATUS: Record<ConfirmPage["state"], number> = { pending: 200, confirmed: 200, expired: 410, gone: 410, invalid: 400 };

function page(confirmPage: ConfirmPage) {
  return newsletterPage(confirmPage, STATUS[confirmPage.state]);
}

/**
 * What the link in a confirmation mail leads to (PRODUCT.md "Newsletter"). Opening it only shows a
 * button: mail scanners that follow links must not confirm an address its owner never asked for.
 */
async function readLink(request: Request): Promise<ConfirmPage> {
  const link = readPageLink(request, "confirm");
  if (!link) return { state: "invalid" };
  const state = await subscriberState(link.email);
  // An old link of a confirmed subscriber still says all is well, expired or not.
  if (state === "confirmed") return { state: "confirmed", email: link.email };
  if (link.expired) return { state: "expired" };
  if (state === null) return { state: "gone" };
  return { state: "pending", email: link.email, token: link.token };
}

export async function loader({ request }: Route.LoaderArgs) {
  return page(await readLink(request));
}

export async function action({ request }: Route.ActionArgs) {
  const link = await readLink(request);
  if (link.state !== "pending") return page(link);
  if (!(await confirmSubscriber(link.email))) return page({ state: "gone" });
  return reloadAfterPost(request);
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Newsletter subscription | MarketWire" }, { name: "robots", content: "noindex" }];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const confirmPage = actionData ?? loaderData;
  switch (confirmPage.state) {
    case "pending":
      return (
        <NewsletterNotice tone="info" title="Confirm your subscription">
          <p>
            Press the button to receive the MarketWire newsletter at <NewsletterAddress email={confirmPage.email} />.
          </p>
          <NewsletterLinkButton path="/newsletter/confirm" token={confirmPage.token} label="Confirm subscription" busyLabel="Confirming…" />
        </NewsletterNotice>
      );
    case "confirmed":
      return (
        <NewsletterNotice tone="success" title="Subscription confirmed">
          <p>
            Thanks! The latest market insights will arrive at <NewsletterAddress email={confirmPage.email} />. Every email we send has a
            link to unsubscribe.
          </p>
        </NewsletterNotice>
      );
    case "expired":
    case "gone":
      return (
        <>
          <NewsletterNotice
            tone="error"
            title={confirmPage.state === "expired" ? "This link has expired" : "This subscription no longer exists"}
          >
            <p>
              {confirmPage.state === "expired"
                ? `Confirmation links work for ${CONFIRM_LINK_DAYS} days. Subscribe again below and we will email you a new one.`
                : "The address was removed from our list. Subscribe again below if you would like the newsletter."}
            </p>
          </NewsletterNotice>
          <div className="mx-auto w-full max-w-7xl px-4 pb-14 sm:px-6 lg:px-8">
            <NewsletterBox />
          </div>
        </>
      );
    case "invalid":
      return <InvalidNewsletterLink />;
  }
}
