import type * as React from "react";
import { Form, Link, useNavigation } from "react-router";

import { PAGE_CONTAINER } from "~/components/content/page-intro";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/** The card the newsletter's confirm and unsubscribe pages show their one message in. */
export function NewsletterNotice({
  tone,
  title,
  children,
}: {
  tone: "info" | "success" | "error";
  title: string;
  children: React.ReactNode;
}) {
  const icon: IconName = tone === "success" ? "circle-check" : tone === "error" ? "circle-alert" : "mail";
  return (
    <section className={cn(PAGE_CONTAINER, "max-w-2xl")} aria-labelledby="newsletter-notice-title">
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Icon
          name={icon}
          className={cn(
            "mb-4 size-10",
            tone === "success" ? "text-emerald-600 dark:text-emerald-400" : tone === "error" ? "text-destructive" : "text-primary",
          )}
        />
        <h1 id="newsletter-notice-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h1>
        <div className="mt-3 space-y-4 text-muted-foreground">{children}</div>
        <p className="mt-6">
          <Link to="/" className="font-medium text-primary hover:underline">
            Return to Home
          </Link>
        </p>
      </div>
    </section>
  );
}

/** The email address a page is about, set apart so it reads as data, not prose. */
export function NewsletterAddress({ email }: { email: string }) {
  return <strong className="font-semibold break-all text-foreground">{email}</strong>;
}

/** A forged, damaged or incomplete confirm or unsubscribe link. */
export function InvalidNewsletterLink() {
  return (
    <NewsletterNotice tone="error" title="This link is not valid">
      <p>The link may be incomplete. Open it straight from the email, or copy the whole address into your browser.</p>
    </NewsletterNotice>
  );
}

/**
 * The one button of a confirm or unsubscribe page: it posts the same signed link back. Opening the link
 * only shows it, so mail scanners that follow links change nothing (PRODUCT.md "Newsletter").
 */
export function NewsletterLinkButton({ path, token, label, busyLabel }: { path: string; token: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={`${path}?token=${encodeURIComponent(token)}`}>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Form>
  );
}
