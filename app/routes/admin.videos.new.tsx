import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.videos.new";

// PRODUCT.md "Editor": create a video; the form and its rules are shared by every type.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("videos", "create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("videos", "create", request, undefined, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Create New Video | Admin | MarketWire" }];

export default function AdminNewVideos() {
  return <ContentEditor type="videos" mode="create" />;
}
