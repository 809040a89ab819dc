import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.special-features.new";

// PRODUCT.md "Editor": create a special feature; the form and its rules are shared by every type.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("special-features", "create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("special-features", "create", request, undefined, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Create New Special Feature | Admin | MarketWire" }];

export default function AdminNewSpecialFeatures() {
  return <ContentEditor type="special-features" mode="create" />;
}
