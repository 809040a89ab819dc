import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.media";

// PRODUCT.md "Media library": the admin's list of uploads. (Placeholder until the library lands.)
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function MediaLibrary() {
  return <h1 className="text-2xl font-bold tracking-tight">Media Library</h1>;
}
