import { ContentList, revalidateAfterListAction } from "~/components/admin/content-list";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { contentListAction, contentListLoader, contentTypeOfRequest } from "~/server/content/admin-content-handlers.server";

import type { Route } from "./+types/admin.content";

// PRODUCT.md "Admin lists": one module serves the list of every type (/admin/{slug}, see routes.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRight(request, "content.read");
  return contentListLoader(contentTypeOfRequest(request), request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "content.read");
  return contentListAction(contentTypeOfRequest(request), request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? CONTENT_REGISTRY[loaderData.type].listTitle : "Content"} | Admin | MarketWire` },
  NOINDEX,
];

export default function AdminContentList({ loaderData }: Route.ComponentProps) {
  return <ContentList key={loaderData.type} list={loaderData} />;
}
