import { data, Form, Link, redirect, useNavigation } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ACCOUNT_TEXTS, ALERT_CHOICES } from "~/lib/account";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth-forms";
import { signInPath } from "~/lib/redirects";
import { NOINDEX } from "~/lib/seo";
import { getCurrentUser } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { accountAction, type AccountActionData } from "~/server/readers/account-handlers.server";
import { mailPreferences } from "~/server/readers/account.server";
import { followedCompanies } from "~/server/readers/follows.server";

import type { Route } from "./+types/account";

/** PRODUCT.md "Account": the signed-in reader's own page; a visitor signs in first and comes back here. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signInPath("/account"));
  const confirmDelete = pageUrl(request).searchParams.get("delete") === "confirm";
  const [companies, preferences] = await Promise.all([followedCompanies(user.id), mailPreferences(user)]);
  return data(
    { name: user.name, email: user.email, isStaff: user.isStaff, companies, preferences, confirmDelete },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return accountAction(request);
}

// Personal: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Your account | MarketWire" }, NOINDEX];

const SECTION = "rounded-xl border bg-card p-6 shadow-sm";

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, isStaff, companies, preferences, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsFor = (intent: AccountActionData["intent"]) => (actionData?.intent === intent ? (actionData.errors ?? {}) : {});
  const passwordErrors = errorsFor("password");
  const deleteErrors = errorsFor("delete");

  return (
    <section className={PAGE_CONTAINER} aria-labelledby="account-title">
      <PageIntro id="account-title" eyebrow="Account" title="Your account">
        <p>
          Signed in as <strong>{name}</strong> ({email}).
        </p>
      </PageIntro>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="follows-title" className={SECTION}>
          <h2 id="follows-title" className="mb-4 text-lg font-semibold">
            Companies you follow
          </h2>
          {companies.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You follow no company yet. Open a{" "}
              <Link to="/companies" className="font-medium text-primary underline underline-offset-4">
                company page
              </Link>{" "}
              and press Follow to hear when something new is said about it.
            </p>
          ) : (
            <ul className="divide-y">
              {companies.map((company) => (
                <li key={company.id} className="flex items-center justify-between gap-3 py-3">
                  <Link to={`/companies/${company.slug}`} className="min-w-0 font-medium hover:text-primary hover:underline">
                    {company.name}{" "}
                    <span className="text-sm font-normal text-muted-foreground">
                      {company.exchange}:{company.ticker}
                    </span>
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="unfollow" />
                    <input type="hidden" name="companyId" value={company.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Unfollow<span className="sr-only"> {company.name}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="mail-title" className={SECTION}>
          <h2 id="mail-title" className="mb-4 text-lg font-semibold">
            Mail preferences
          </h2>
          <Form method="post" preventScrollReset className="flex flex-col gap-5">
            <input type="hidden" name="intent" value="preferences" />
            <div className="flex items-start gap-3">
              <input
                id="pref-newsletter"
                type="checkbox"
                name="newsletter"
                defaultChecked={preferences.newsletter !== "none"}
                aria-describedby="pref-newsletter-hint"
                className="mt-1 size-4 accent-sky-700"
              />
              <div>
                <label htmlFor="pref-newsletter" className="text-sm font-medium">
                  The MarketWire newsletter
                </label>
                <p id="pref-newsletter-hint" className="text-sm text-muted-foreground">
                  {preferences.newsletter === "pending"
                    ? "Waiting for you to confirm: open the link we mailed you."
                    : "Weekly highlights from our interviews, podcasts and analysis."}
                </p>
              </div>
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">Company alerts</legend>
              {ALERT_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-3">
                  <input
                    id={`alerts-${choice.value}`}
                    type="radio"
                    name="alerts"
                    value={choice.value}
                    defaultChecked={preferences.alerts === choice.value}
                    aria-describedby={`alerts-${choice.value}-hint`}
                    className="mt-1 size-4 accent-sky-700"
                  />
                  <div>
                    <label htmlFor={`alerts-${choice.value}`} className="text-sm font-medium">
                      {choice.label}
                    </label>
                    <p id={`alerts-${choice.value}-hint`} className="text-sm text-muted-foreground">
                      {choice.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <div>
              <Button type="submit" disabled={busy("preferences")}>
                Save preferences
              </Button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="password-title" className={SECTION}>
          <h2 id="password-title" className="mb-4 text-lg font-semibold">
            Change password
          </h2>
          <Form method="post" preventScrollReset className="flex flex-col gap-5">
            <input type="hidden" name="intent" value="password" />
            <Field id="current-password" name="currentPassword" label="Current password" error={passwordErrors.currentPassword}>
              <Input type="password" required autoComplete="current-password" />
            </Field>
            <Field
              id="new-password"
              name="newPassword"
              label="New password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters. Other devices will be signed out.`}
              error={passwordErrors.newPassword}
            >
              <Input type="password" required minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" />
            </Field>
            <div>
              <Button type="submit" disabled={busy("password")}>
                Change password
              </Button>
            </div>
          </Form>
        </section>

        <section id="delete-account" aria-labelledby="delete-title" className={`${SECTION} scroll-mt-24`}>
          <h2 id="delete-title" className="mb-4 text-lg font-semibold">
            Delete account
          </h2>
          {isStaff ? (
            <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.staffCannotDelete}</p>
          ) : confirmDelete || actionData?.intent === "delete" ? (
            <Form method="post" preventScrollReset className="flex flex-col gap-5" aria-describedby="delete-warning">
              <input type="hidden" name="intent" value="delete" />
              <p id="delete-warning" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                This deletes your account, the companies you follow, your mail preferences, your newsletter subscription and any message you
                sent us, at once and for good.
              </p>
              <Field id="delete-password" name="password" label="Your password" error={deleteErrors.password}>
                <Input type="password" required autoComplete="current-password" />
              </Field>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" variant="destructive" disabled={busy("delete")}>
                  Delete my account for good
                </Button>
                <Link to="/account" className="text-sm font-medium underline underline-offset-4">
                  Keep my account
                </Link>
              </div>
            </Form>
          ) : (
            <div className="flex flex-col items-start gap-4">
              <p className="text-sm text-muted-foreground">
                Everything we keep about you is erased: your account, follows, preferences and newsletter subscription.
              </p>
              <Link className={buttonVariants({ variant: "outline" })} to="/account?delete=confirm#delete-account" preventScrollReset>
                Delete my account…
              </Link>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
