import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.special-features.$id";

// PRODUCT.md "Editor": edit a special feature; the form and its rules are shared by every type.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("special-features", "edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("special-features", "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Special Feature | Admin | MarketWire" }];

export default function AdminEditSpecialFeatures() {
  return <ContentEditor type="special-features" mode="edit" />;
}
