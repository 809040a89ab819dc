import { data, redirect } from "react-router";

import { NO_STORE } from "~/lib/cache-headers";
import { NEWSLETTER_OUTCOMES, NEWSLETTER_RESULT_PARAM, type NewsletterOutcome } from "~/lib/newsletter";
import { safeRedirectPath } from "~/lib/redirects";
import { hasMailTransport } from "~/server/mail.server";
import { newsletterSchema } from "~/server/newsletter-form.server";
import { subscribeToNewsletter } from "~/server/newsletter.server";
import { isWithinFormRateLimit } from "~/server/rate-limit.server";
import { readForm } from "~/server/request-form.server";
import { createToastHeaders } from "~/server/toast.server";

import type { Route } from "./+types/resources.newsletter";

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
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });

  const limited = parsed.success && !(await isWithinFormRateLimit(request, "newsletter"));
  if (!parsed.success || limited) {
    const message = limited
      ? "Too many sign-ups from your connection. Please try again in a few minutes."
      : (parsed.error?.issues[0]?.message ?? "Please enter a valid email address.");
    if (redirectTo) {
      return redirect(withResult(redirectTo, "invalid"), {
        headers: await createToastHeaders({ type: "error", title: "Subscription failed", description: message }),
      });
    }
    return data({ ok: false as const, fieldErrors: { email: message } }, { status: limited ? 429 : 400, headers: NO_STORE });
  }

  await subscribeToNewsletter(parsed.data!.email);
  const outcome: NewsletterOutcome = hasMailTransport() ? "confirm" : "subscribed";
  if (redirectTo) {
    const { title, message } = NEWSLETTER_OUTCOMES[outcome];
    return redirect(withResult(redirectTo, outcome), {
      headers: await createToastHeaders({ type: "success", title, description: message }),
    });
  }
  return data({ ok: true as const, outcome }, { headers: NO_STORE });
}

function withResult(path: string, result: NewsletterOutcome | "invalid") {
  const url = new URL(path, "http://localhost");
  url.searchParams.set(NEWSLETTER_RESULT_PARAM, result);
  return `${url.pathname}${url.search}#newsletter`;
}
