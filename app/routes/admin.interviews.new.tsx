import { ContentEditor } from "~/components/admin/content-editor";
import { contentEditorAction, contentEditorLoader } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin.interviews.new";

// PRODUCT.md "Editor": create an interview; the form and its rules are shared by every type.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return contentEditorLoader("interviews", "create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return contentEditorAction("interviews", "create", request, undefined, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Create New Interview | Admin | MarketWire" }];

export default function AdminNewInterviews() {
  return <ContentEditor type="interviews" mode="create" />;
}
