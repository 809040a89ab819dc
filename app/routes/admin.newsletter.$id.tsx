import { data } from "react-router";

import { EditionEditor } from "~/components/admin/edition-editor";
import { isUuid } from "~/lib/ids";
import { EDITION_TEXTS } from "~/lib/newsletter-editions";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { editionEditorAction, editionEditorLoader } from "~/server/newsletter/edition-handlers.server";

import type { Route } from "./+types/admin.newsletter.$id";

function editionId(id: string | undefined) {
  if (!isUuid(id)) throw data({ error: EDITION_TEXTS.notFound }, { status: 404 });
  return id;
}

// PRODUCT.md "Newsletter editions": one edition: edit, preview, test, send or schedule; once sent, its counts.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRight(request, "newsletter.read");
  return editionEditorLoader(editionId(params.id));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireRight(request, "newsletter.send");
  return editionEditorAction(request, editionId(params.id), user);
}

export const meta: Route.MetaFunction = () => [{ title: `${EDITION_TEXTS.editHeading} | Admin | MarketWire` }, NOINDEX];

export default function AdminNewsletterEdition({ loaderData, actionData }: Route.ComponentProps) {
  return <EditionEditor editor={loaderData} actionData={actionData} />;
}
