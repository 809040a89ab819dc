import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { contentListAction, contentListLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.interviews";

// PRODUCT.md "Admin lists": the interviews list (search, 25 a page, delete).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentListLoader("interviews", request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentListAction("interviews", request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Interviews | Admin | MarketWire" }];

export default function AdminInterviews() {
  return <ContentList type="interviews" />;
}
