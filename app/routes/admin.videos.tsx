import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { contentListAction, contentListLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.videos";

// PRODUCT.md "Admin lists": the videos list (search, 25 a page, delete, feature).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentListLoader("videos", request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentListAction("videos", request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Videos | Admin | MarketWire" }];

export default function AdminVideos() {
  return <ContentList type="videos" />;
}
