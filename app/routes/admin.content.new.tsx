import { ContentEditor } from "~/components/admin/content-editor";
import { adminTexts } from "~/lib/admin-texts";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { contentEditorAction, contentEditorLoader, contentTypeOfRequest } from "~/server/content/admin-content-handlers.server";

import type { Route } from "./+types/admin.content.new";

// PRODUCT.md "Editor": create an item of any type (/admin/{slug}/new, see routes.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRight(request, "content.create");
  return contentEditorLoader(contentTypeOfRequest(request), "create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "content.create");
  return contentEditorAction(contentTypeOfRequest(request), "create", request, undefined, admin);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? adminTexts(loaderData.type).createHeading : "Create"} | Admin | MarketWire` },
  NOINDEX,
];

export default function AdminContentNew({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentEditor key={loaderData.type} editor={loaderData} actionData={actionData} />;
}
