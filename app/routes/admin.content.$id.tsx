import { ContentEditor } from "~/components/admin/content-editor";
import { adminTexts } from "~/lib/admin-content";
import { NOINDEX } from "~/lib/seo";
import { contentEditorAction, contentEditorLoader, contentTypeOfRequest } from "~/server/admin-content-handlers.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.content.$id";

// PRODUCT.md "Editor": edit an item of any type (/admin/{slug}/{id}, see routes.ts).
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader(contentTypeOfRequest(request), "edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction(contentTypeOfRequest(request), "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? adminTexts(loaderData.type).editHeading : "Edit"} | Admin | MarketWire` },
  NOINDEX,
];

export default function AdminContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  // A new key per item, so moving between two edit screens starts from the new item's values.
  return <ContentEditor key={`${loaderData.type}-${loaderData.id}`} editor={loaderData} actionData={actionData} />;
}
