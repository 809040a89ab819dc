import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.videos.$id";

// PRODUCT.md "Editor": edit a video; the form and its rules are shared by every type.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("videos", "edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("videos", "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Video | Admin | MarketWire" }];

export default function AdminEditVideos() {
  return <ContentEditor type="videos" mode="edit" />;
}
