import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { contentListAction, contentListLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.special-features";

// PRODUCT.md "Admin lists": the special features list (search, 25 a page, delete).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentListLoader("special-features", request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentListAction("special-features", request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Special Features | Admin | MarketWire" }];

export default function AdminSpecialFeatures() {
  return <ContentList type="special-features" />;
}
