import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { contentListAction, contentListLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.podcasts";

// PRODUCT.md "Admin lists": the podcasts list (search, 25 a page, delete, feature).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentListLoader("podcasts", request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentListAction("podcasts", request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Podcasts | Admin | MarketWire" }];

export default function AdminPodcasts() {
  return <ContentList type="podcasts" />;
}
