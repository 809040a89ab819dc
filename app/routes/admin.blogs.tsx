import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { contentListAction, contentListLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.blogs";

// PRODUCT.md "Admin lists": the blogs list (search, 25 a page, delete).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentListLoader("blogs", request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentListAction("blogs", request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Blogs | Admin | MarketWire" }];

export default function AdminBlogs() {
  return <ContentList type="blogs" />;
}
