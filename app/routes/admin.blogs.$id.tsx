import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.blogs.$id";

// PRODUCT.md "Editor": edit a blog post; the form and its rules are shared by every type.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("blogs", "edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("blogs", "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Blog Post | Admin | MarketWire" }];

export default function AdminEditBlogs() {
  return <ContentEditor type="blogs" mode="edit" />;
}
