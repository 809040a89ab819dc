import * as React from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";

import { notify } from "~/components/toasts";
import { Icon } from "~/components/ui/icon";
import {
  MAX_EMAIL_LENGTH,
  NEWSLETTER_OUTCOMES,
  NEWSLETTER_RESULT_PARAM,
  type NewsletterOutcome,
  type NewsletterReply,
} from "~/lib/newsletter";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

import { NAVY_BG } from "./brand";

/**
 * The newsletter box (id="newsletter", the target of 'Subscribe Now'). Posts to /resources/newsletter
 * with a fetcher; before JavaScript loads it is a plain form that redirects back here with the result.
 */
export function NewsletterBox({ className }: { className?: string }) {
  const fetcher = useFetcher<NewsletterReply>({ key: "newsletter" });
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const formRef = React.useRef<HTMLFormElement>(null);

  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  // The server's message from Conform's reply (no validation library in the browser: PRODUCT.md "Speed").
  const serverError = result && !result.ok ? result.result.error?.email?.[0] : null;
  const noJsResult = searchParams.get(NEWSLETTER_RESULT_PARAM);
  // The server says which text fits: stored, or a confirmation link mailed (PRODUCT.md "Newsletter").
  const noJsOutcome = noJsResult === "subscribed" || noJsResult === "confirm" ? noJsResult : null;
  const outcome: NewsletterOutcome | null = result ? (result.ok ? result.outcome : null) : noJsOutcome;
  // The browser checks the address first (required, type=email); the server's message covers the rest.
  const error = serverError ?? (!result && noJsResult === "invalid" ? "Please enter a valid email address." : null);

  const lastResult = React.useRef(result);
  React.useEffect(() => {
    if (!result || result === lastResult.current) return;
    lastResult.current = result;
    if (result.ok) {
      notify("success", NEWSLETTER_OUTCOMES[result.outcome].title, NEWSLETTER_OUTCOMES[result.outcome].message);
      formRef.current?.reset();
    }
  }, [result]);

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className={cn("scroll-mt-24 overflow-hidden rounded-2xl text-white shadow-lg", NAVY_BG, className)}
    >
      <div className="grid gap-8 px-6 py-10 sm:px-10 md:grid-cols-2 md:items-center md:py-12">
        <div className="space-y-3">
          <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-widest text-sky-300 uppercase">
            <Icon name="mail" className="size-4" />
            Newsletter
          </p>
          <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            Market insights, straight to your inbox
          </h2>
          <p className="text-slate-300">
            Weekly highlights from our interviews, podcasts and analysis. No spam; unsubscribe any time.{" "}
            <a href="/newsletter" className="font-medium text-white underline underline-offset-4">
              Read past editions
            </a>
          </p>
        </div>
        <fetcher.Form ref={formRef} method="post" action="/resources/newsletter" className="space-y-2">
          {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
          {/* Its own markup rather than Field: the box is on every page, and Field would grow every page's
              first load (PRODUCT.md "Speed"); the wiring is the same (aria-invalid, aria-describedby). */}
          <label htmlFor="newsletter-email" className="block text-sm font-medium text-slate-200">
            Email address
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "newsletter-email-error" : undefined}
              maxLength={MAX_EMAIL_LENGTH}
              // flex-1 only in a row: in the phone's column it would squash the input to its text height.
              className={cn(
                "h-11 w-full min-w-0 rounded-md sm:flex-1 border bg-white px-4 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:ring-[3px] focus-visible:ring-sky-300/70",
                error ? "border-red-400" : "border-transparent",
              )}
            />
            <button
              type="submit"
              disabled={busy}
              className="inline-flex h-11 shrink-0 items-center justify-center rounded-md bg-sky-400 px-6 font-semibold text-[#0b1a33] transition-colors outline-none hover:bg-sky-300 focus-visible:ring-[3px] focus-visible:ring-white/70 disabled:opacity-70"
            >
              {busy ? "Subscribing…" : "Subscribe"}
            </button>
          </div>
          <div aria-live="polite" className="min-h-6 text-sm">
            {error ? (
              <p id="newsletter-email-error" className="font-medium text-red-300">
                {error}
              </p>
            ) : outcome ? (
              <p className="flex items-center gap-2 font-medium text-emerald-300">
                <Icon name="circle-check" className="size-4 shrink-0" />
                {NEWSLETTER_OUTCOMES[outcome].message}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </div>
    </section>
  );
}
