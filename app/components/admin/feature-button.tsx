import { useEffect } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import type { ListActionResult } from "~/server/admin-content-handlers.server";
import type { AdminListItem } from "~/server/admin-content.server";

import { showListActionToast } from "./list-action-toast";

/**
 * PRODUCT.md "Admin lists": 'Featured' / 'Feature', disabled while the request runs, shown optimistically.
 * A plain form, so it also works before JavaScript loads.
 */
export function FeatureButton({ item }: { item: AdminListItem }) {
  const fetcher = useFetcher<ListActionResult>();
  const pending = fetcher.formData?.get("featured");
  const featured = pending != null ? pending === "true" : !!item.featured;
  useEffect(() => showListActionToast(fetcher.data), [fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="featured" value={String(!featured)} />
      <Button
        type="submit"
        size="sm"
        variant={featured ? "default" : "outline"}
        className="size-8 sm:h-8 sm:w-auto"
        disabled={fetcher.state !== "idle"}
        aria-pressed={featured}
        aria-label={featured ? `Featured: ${item.title}` : `Feature: ${item.title}`}
      >
        <Icon name="star" className={cn(featured && "fill-current")} />
        <span className="hidden sm:inline">{featured ? "Featured" : "Feature"}</span>
      </Button>
    </fetcher.Form>
  );
}
