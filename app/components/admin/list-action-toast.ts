import { notify } from "~/components/toasts";
import type { ListActionResult } from "~/server/content/admin-content-handlers.server";

/** PRODUCT.md "Admin list messages": every list action ends in a 'Success' or 'Error' toast. */
export function showListActionToast(result: ListActionResult | undefined) {
  if (!result) return;
  if (result.ok) notify("success", "Success", result.message);
  else notify("error", "Error", result.message);
}
