import { EditionEditor } from "~/components/admin/edition-editor";
import { EDITION_TEXTS } from "~/lib/newsletter-editions";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { editionEditorAction, editionEditorLoader } from "~/server/newsletter/edition-handlers.server";

import type { Route } from "./+types/admin.newsletter.new";

// PRODUCT.md "Newsletter editions": a new edition, the week's items proposed.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "newsletter.send");
  return editionEditorLoader(undefined);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRight(request, "newsletter.send");
  return editionEditorAction(request, undefined, user);
}

export const meta: Route.MetaFunction = () => [{ title: `${EDITION_TEXTS.createHeading} | Admin | MarketWire` }, NOINDEX];

export default function AdminNewsletterNew({ loaderData, actionData }: Route.ComponentProps) {
  return <EditionEditor editor={loaderData} actionData={actionData} />;
}
