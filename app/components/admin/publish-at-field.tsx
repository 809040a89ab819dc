import { useState } from "react";
import { flushSync } from "react-dom";

import { Field, type FieldMeta } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { localInputToIso, localInputValue, parsePublishTime, utcInputValue } from "~/lib/publish-time";
import { useHydrated } from "~/lib/use-hydrated";

export const PUBLISH_AT_HINT = "For a published item. Empty: now, or the time it went live. A later time schedules it.";

/**
 * PRODUCT.md "Scheduled publishing": the editor's optional publication time. A `datetime-local` value has no
 * time zone: before the page's scripts run, the control shows and posts UTC (the hint says so). Once they
 * run, it shows the editor's own zone and a hidden input posts the instant as an ISO time in UTC.
 * `initial` is what the form holds: the stored time (UTC, as the control writes it) or what a rejected
 * post sent; `revalidate` checks the field again with the form's schema.
 */
export function PublishAtField({ meta, initial, revalidate }: { meta: FieldMeta; initial: string; revalidate: () => void }) {
  const hydrated = useHydrated();
  // What the editor has typed in the control (null until they do).
  const [typed, setTyped] = useState<string | null>(null);
  const instant = parsePublishTime(initial);

  if (!hydrated) {
    return (
      <Field key="utc" id={meta.id} name={meta.name} label="Publish at" hint={`${PUBLISH_AT_HINT} Times are in UTC.`} error={meta.errors}>
        <Input type="datetime-local" defaultValue={instant ? utcInputValue(instant) : initial} />
      </Field>
    );
  }

  const shown = typed ?? (instant ? localInputValue(instant) : "");
  // Untouched, the form's own value goes back as it came (a refused one is refused again, with its message).
  const posted = typed !== null ? (typed ? localInputToIso(typed) : "") : instant ? instant.toISOString() : initial;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div key="local">
      <Field id={meta.id} label="Publish at" hint={`${PUBLISH_AT_HINT} Times are in your time zone (${zone}).`} error={meta.errors}>
        <Input
          type="datetime-local"
          defaultValue={shown}
          onChange={(event) => {
            // The hidden input must hold the new time before a shown message is checked again.
            flushSync(() => setTyped(event.target.value));
            if (meta.errors) revalidate();
          }}
          onBlur={revalidate}
        />
      </Field>
      <input type="hidden" name={meta.name} value={posted} />
    </div>
  );
}
