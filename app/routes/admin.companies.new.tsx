import { CompanyEditor } from "~/components/admin/company-editor";
import { COMPANY_TEXTS } from "~/lib/companies";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { companyEditorAction, companyEditorLoader } from "~/server/companies/company-handlers.server";

import type { Route } from "./+types/admin.companies.new";

// PRODUCT.md "Companies": create a company.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRight(request, "companies.manage");
  return companyEditorLoader("create", request, undefined, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "companies.manage");
  return companyEditorAction("create", request, undefined, admin);
}

export const meta: Route.MetaFunction = () => [{ title: `${COMPANY_TEXTS.createHeading} | Admin | MarketWire` }, NOINDEX];

export default function AdminCompanyNew({ loaderData, actionData }: Route.ComponentProps) {
  return <CompanyEditor editor={loaderData} actionData={actionData} />;
}
