import { NO_STORE } from "~/lib/cache-headers";
import { requireRight } from "~/server/auth/session.server";
import { receiveUpload } from "~/server/media/media-upload.server";

import type { Route } from "./+types/admin.media.upload";

/** Files are only sent here; a GET (a link followed, a reload) is told so instead of a bare error. */
export function loader() {
  return Response.json(
    { error: "Send files here with POST, as multipart/form-data." },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}

/**
 * PRODUCT.md "Media library": POST one file (multipart: `kind`, then `file`; lib/uploads.ts). 201 with
 * `{ media }`, or a 4xx with `{ error }` saying why it was refused; nothing is stored then.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "media.upload");
  const result = await receiveUpload(request, admin);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: NO_STORE });
  return Response.json({ media: result.media }, { status: 201, headers: NO_STORE });
}
