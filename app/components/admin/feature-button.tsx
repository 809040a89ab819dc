import { useEffect } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import type { ListActionResult } from "~/server/content/admin-content-handlers.server";
import type { AdminListItem } from "~/server/content/admin-content.server";

import { showListActionToast } from "./list-action-toast";

type FeatureFetcher = FetcherWithComponents<ListActionResult>;

/**
 * The list's one Feature fetcher (PRODUCT.md "Admin lists"). The list owns it, not the row: when the item
 * was deleted in another tab, the reload after the failed request removes the row, and a fetcher inside
 * the row would go with it before its 'Failed to update featured status' toast could show.
 */
export function useListFeature(): FeatureFetcher {
  const fetcher = useFetcher<ListActionResult>();
  useEffect(() => showListActionToast(fetcher.data), [fetcher.data]);
  return fetcher;
}

/**
 * PRODUCT.md "Admin lists": 'Featured' / 'Feature', shown optimistically; every Feature button waits while
 * one change runs. A plain form, so it also works before JavaScript loads.
 */
export function FeatureButton({ item, fetcher }: { item: AdminListItem; fetcher: FeatureFetcher }) {
  const pending = fetcher.formData?.get("id") === item.id ? fetcher.formData.get("featured") : null;
  const featured = pending != null ? pending === "true" : !!item.featured;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="featured" value={String(!featured)} />
      <Button
        type="submit"
        size="icon-sm-labelled"
        variant={featured ? "default" : "outline"}
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
