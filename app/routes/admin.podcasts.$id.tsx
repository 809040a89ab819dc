import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.podcasts.$id";

// PRODUCT.md "Editor": edit a podcast; the form and its rules are shared by every type.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("podcasts", "edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("podcasts", "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Podcast | Admin | MarketWire" }];

export default function AdminEditPodcasts() {
  return <ContentEditor type="podcasts" mode="edit" />;
}
