import { useEffect, useState } from "react";
import { Form, useFetcher, type ShouldRevalidateFunction } from "react-router";

import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { InboxActionFailure } from "~/server/inbox/inbox-page.server";

import { ConfirmDialog } from "./confirm-dialog";

/**
 * The inbox pages reload after each of their actions, failed ones included (React Router skips that
 * after a 4xx/5xx), so a row deleted in another tab disappears after the 'Error' toast.
 */
export const revalidateAfterInboxAction: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus != null && actionStatus >= 400 ? true : defaultShouldRevalidate;

/**
 * PRODUCT.md "Toasts": a failed action's 'Error' toast. Success redirects with its toast, so only
 * failures come back as data here.
 */
export function useInboxFailureToast(result: InboxActionFailure | { ok: true } | undefined) {
  useEffect(() => {
    if (result && !result.ok) notify("error", "Error", result.message);
  }, [result]);
}

/** What a delete or remove asks before it runs. */
export interface ConfirmText {
  /** 'Delete', 'Remove': the button that asks and the one that confirms. */
  verb: string;
  /** 'message', 'subscriber'. */
  noun: string;
}

/** The row being confirmed: its id and how the dialog names it. */
export interface PendingRemoval {
  id: string;
  name: string;
}

/**
 * A list's delete (or remove) with its confirmation, as the content lists do (PRODUCT.md "Admin lists"):
 * one fetcher for the list, so its toast survives the row disappearing, and the row hidden while its
 * request runs. Returns the row button's handler, the id being removed and the dialog to render once.
 */
export function useConfirmedRemoval(intent: string, text: ConfirmText, description: (name: string) => string) {
  const fetcher = useFetcher<InboxActionFailure>();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  useInboxFailureToast(fetcher.data);
  const removingId = fetcher.formData?.get("id") ?? null;
  const dialog = (
    <ConfirmDialog
      open={pending != null}
      title={
        <>
          {text.verb} this {text.noun}?
        </>
      }
      description={pending ? description(pending.name) : null}
      confirmLabel={text.verb}
      onConfirm={() => {
        if (pending) void fetcher.submit({ intent, id: pending.id }, { method: "post" });
      }}
      onClose={() => setPending(null)}
    />
  );
  return { ask: setPending, removingId, dialog };
}

/**
 * A row's delete (or remove) button. Once the page's scripts run it opens the confirmation dialog;
 * before that, it opens an inline confirmation whose button posts the form, so it works without them.
 */
export function RemoveButton({
  intent,
  text,
  item,
  onAsk,
  className,
}: {
  intent: string;
  text: ConfirmText;
  item: PendingRemoval;
  onAsk: (item: PendingRemoval) => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  const label = `${text.verb} ${text.noun} ${item.name}`;
  if (hydrated) {
    return (
      <Button type="button" variant="ghost-destructive" size="sm" className={className} aria-label={label} onClick={() => onAsk(item)}>
        <Icon name="trash" />
        {text.verb}
      </Button>
    );
  }
  return (
    <details className={cn("group relative", className)}>
      <summary
        className="inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-md px-3 text-sm font-medium text-destructive outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden"
        aria-label={label}
      >
        <Icon name="trash" className="size-4" />
        {text.verb}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-md">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={item.id} />
        <p>
          {text.verb} this {text.noun}? This cannot be undone.
        </p>
        <Button type="submit" variant="destructive" size="sm" className="w-fit">
          {text.verb}
        </Button>
      </Form>
    </details>
  );
}
