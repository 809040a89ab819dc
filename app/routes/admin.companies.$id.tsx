import { CompanyEditor } from "~/components/admin/company-editor";
import { COMPANY_TEXTS } from "~/lib/companies";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { companyEditorAction, companyEditorLoader } from "~/server/companies/company-handlers.server";

import type { Route } from "./+types/admin.companies.$id";

// PRODUCT.md "Companies": edit a company.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireRight(request, "companies.read");
  return companyEditorLoader("edit", request, params.id, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRight(request, "companies.manage");
  return companyEditorAction("edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: `${COMPANY_TEXTS.editHeading} | Admin | MarketWire` }, NOINDEX];

export default function AdminCompanyEdit({ loaderData, actionData }: Route.ComponentProps) {
  // A new key per company, so moving between two edit screens starts from the new company's values.
  return <CompanyEditor key={loaderData.id} editor={loaderData} actionData={actionData} />;
}
