import { data } from "react-router";

import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.media.upload";

// PRODUCT.md "Media library": POST a file here (lib/uploads.ts). (Placeholder until uploads land.)
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data({ error: "Uploads are not available yet." }, { status: 501 });
}
