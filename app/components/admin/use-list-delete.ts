import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import type { ListActionResult } from "~/server/content/admin-content-handlers.server";

import { showListActionToast } from "./list-action-toast";

/**
 * An admin list's delete (PRODUCT.md "Admin lists"): the row chosen for the confirmation, one fetcher owned by
 * the list (so its toast survives the row disappearing), and the rows without the one being deleted.
 */
export function useListDelete<Item extends { id: string }>(items: Item[]) {
  const fetcher = useFetcher<ListActionResult>();
  const [toDelete, setToDelete] = useState<Item | null>(null);
  useEffect(() => showListActionToast(fetcher.data), [fetcher.data]);
  const deletingId = fetcher.formData?.get("id");
  return {
    toDelete,
    setToDelete,
    visibleItems: items.filter((item) => item.id !== deletingId),
    confirmDelete: () => {
      if (toDelete) fetcher.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
    },
  };
}
