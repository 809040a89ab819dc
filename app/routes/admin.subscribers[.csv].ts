import { requireRight } from "~/server/auth/session.server";
import { csvDownload, exportSubscribers } from "~/server/inbox/inbox.server";

import type { Route } from "./+types/admin.subscribers[.csv]";

/** GET /admin/subscribers.csv: every newsletter subscriber as a CSV file (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "inbox.manage");
  return csvDownload(await exportSubscribers());
}
