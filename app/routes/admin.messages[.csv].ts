import { requireRight } from "~/server/auth/session.server";
import { csvDownload, exportContactMessages } from "~/server/inbox/inbox.server";

import type { Route } from "./+types/admin.messages[.csv]";

/** GET /admin/messages.csv: every contact form message as a CSV file (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "inbox.manage");
  return csvDownload(await exportContactMessages());
}
