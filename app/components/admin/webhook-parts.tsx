import { Form } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_TEXTS, WEBHOOK_URL_MAX } from "~/lib/webhooks";
import type { WebhookActionFailure, WebhookSecretShown } from "~/server/webhooks/webhook-admin.server";

/** PRODUCT.md "Webhooks": an endpoint's state as a badge. */
export function EndpointStatusBadge({ status }: { status: string }) {
  const variant = status === "active" ? "success" : status === "failing" ? "warning" : "outline-muted";
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

/** A failed action's message, read out when it appears. */
export function WebhookFailure({ failure }: { failure: WebhookActionFailure | undefined }) {
  if (!failure) return null;
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      {failure.message}
    </p>
  );
}

/** A secret just made (an endpoint added, a secret rotated): shown this once, never again (PRODUCT.md "Webhooks"). */
export function SecretShownOnce({ shown, heading }: { shown: WebhookSecretShown; heading: string }) {
  return (
    <section
      role="status"
      aria-labelledby="webhook-secret-heading"
      className="rounded-lg border border-gain/40 bg-gain/10 px-4 py-3 text-sm"
    >
      <h2 id="webhook-secret-heading" className="font-semibold">
        {heading}
      </h2>
      <p className="mt-1">
        {WEBHOOK_TEXTS.secretHeading} for <span className="break-all">{shown.url}</span>:
      </p>
      <p className="mt-2">
        <code data-testid="webhook-secret" className="block rounded bg-background px-2 py-1 font-mono text-xs break-all select-all">
          {shown.secret}
        </code>
      </p>
      <p className="mt-2 text-muted-foreground">{WEBHOOK_TEXTS.secretOnce}</p>
    </section>
  );
}

export interface EndpointFieldValues {
  url: string;
  description: string;
  events: readonly string[];
}

/**
 * The endpoint form's fields (adding and editing); `idPrefix` keeps two forms on one page apart. The server
 * checks everything again with the same schema (lib/webhooks.ts).
 */
export function EndpointFields({
  idPrefix,
  values,
  failure,
}: {
  idPrefix: string;
  values: EndpointFieldValues;
  failure: WebhookActionFailure | undefined;
}) {
  const errors = failure?.fields ?? {};
  const eventsError = errors.events?.[0] ?? Object.entries(errors).find(([name]) => name.startsWith("events["))?.[1]?.[0];
  return (
    <div className="grid gap-4">
      <Field id={`${idPrefix}-url`} name="url" label={WEBHOOK_TEXTS.urlLabel} required hint={WEBHOOK_TEXTS.urlHint} error={errors.url}>
        <Input
          type="url"
          defaultValue={values.url}
          placeholder="https://ir.example.com/hooks/marketwire"
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
        />
      </Field>
      <Field id={`${idPrefix}-description`} name="description" label={WEBHOOK_TEXTS.descriptionLabel} error={errors.description}>
        <Input
          defaultValue={values.description}
          placeholder="Investor site of Ironbark Gold"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          autoComplete="off"
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={eventsError ? `${idPrefix}-events-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">
          {WEBHOOK_TEXTS.eventsLabel}{" "}
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        </legend>
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="flex items-start gap-2">
            <input
              type="checkbox"
              id={`${idPrefix}-event-${event}`}
              name="events"
              value={event}
              defaultChecked={values.events.includes(event)}
              className="mt-0.5 size-4 accent-primary"
            />
            <label htmlFor={`${idPrefix}-event-${event}`} className="text-sm">
              <code className="font-mono text-xs">{event}</code>
              <span className="block text-muted-foreground">{WEBHOOK_EVENT_LABELS[event]}</span>
            </label>
          </div>
        ))}
        {eventsError ? (
          <p id={`${idPrefix}-events-error`} className="text-sm text-destructive">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

/** A one-button form posting `intent` (and any hidden values) to the page's action. */
export function IntentButton({
  intent,
  label,
  values = {},
  variant = "outline",
  ariaLabel,
}: {
  intent: string;
  label: string;
  values?: Record<string, string | number>;
  variant?: "outline" | "destructive" | "default";
  ariaLabel?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} aria-label={ariaLabel}>
        {label}
      </Button>
    </Form>
  );
}
