import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";

import { NO_STORE } from "~/lib/cache-headers";
import { NEWSLETTER_OUTCOMES, NEWSLETTER_RESULT_PARAM, type NewsletterOutcome, type NewsletterReply } from "~/lib/newsletter";
import { safeRedirectPath } from "~/lib/redirects";
import { hasMailTransport } from "~/server/mail/outbox.server";
import { parseNewsletterForm } from "~/server/newsletter/subscribe-form.server";
import { subscribeToNewsletter } from "~/server/newsletter/subscribers.server";
import { isWithinFormRateLimit } from "~/server/rate-limit.server";
import { readForm } from "~/server/request-form.server";
import { createToastHeaders } from "~/server/toast.server";

import type { Route } from "./+types/resources.newsletter";

const TOO_MANY_SIGN_UPS = "Too many sign-ups from your connection. Please try again in a few minutes.";

// Nothing to show at this address: a stray GET goes to the home page's box.
export async function loader() {
  return redirect("/#newsletter");
}

/**
 * Newsletter sign-up (the Architecture's improvement: stored, not ignored). With JavaScript the box
 * posts through a fetcher and reads this JSON; the plain-form fallback sends `redirectTo` and is sent back
 * to the page with the result in the URL (rendered by the box) and a toast.
 * A valid address gets one answer whether or not it is already on the list (PRODUCT.md "Newsletter"):
 * it depends only on whether mail can be sent.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));

  /** A refusal: Conform's reply for the fetcher, or back to the page with the message as a toast. */
  const refuse = async (reply: SubmissionResult<string[]>, status: 400 | 429) => {
    if (redirectTo) {
      const description = reply.error?.email?.[0] ?? "Please enter a valid email address.";
      return redirect(withResult(redirectTo, "invalid"), {
        headers: await createToastHeaders({ type: "error", title: "Subscription failed", description }),
      });
    }
    return data<NewsletterReply>({ ok: false, result: reply }, { status, headers: NO_STORE });
  };

  const submission = parseNewsletterForm(form);
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  if (!(await isWithinFormRateLimit(request, "newsletter"))) {
    return refuse(submission.reply({ fieldErrors: { email: [TOO_MANY_SIGN_UPS] } }), 429);
  }

  await subscribeToNewsletter(submission.value.email);
  const outcome: NewsletterOutcome = hasMailTransport() ? "confirm" : "subscribed";
  if (redirectTo) {
    const { title, message } = NEWSLETTER_OUTCOMES[outcome];
    return redirect(withResult(redirectTo, outcome), {
      headers: await createToastHeaders({ type: "success", title, description: message }),
    });
  }
  return data<NewsletterReply>({ ok: true, outcome }, { headers: NO_STORE });
}

function withResult(path: string, result: NewsletterOutcome | "invalid") {
  const url = new URL(path, "http://localhost");
  url.searchParams.set(NEWSLETTER_RESULT_PARAM, result);
  return `${url.pathname}${url.search}#newsletter`;
}
