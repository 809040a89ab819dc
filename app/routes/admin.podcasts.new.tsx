import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.podcasts.new";

// PRODUCT.md "Editor": create a podcast; the form and its rules are shared by every type.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("podcasts", "create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("podcasts", "create", request, undefined, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Create New Podcast | Admin | MarketWire" }];

export default function AdminNewPodcasts() {
  return <ContentEditor type="podcasts" mode="create" />;
}
