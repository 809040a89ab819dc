import { CompanyList } from "~/components/admin/company-list";
import { revalidateAfterListAction } from "~/components/admin/content-list";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { companyListAction, companyListLoader } from "~/server/companies/company-handlers.server";

import type { Route } from "./+types/admin.companies";

// PRODUCT.md "Companies": the list, searched and paged on the server, with delete.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRight(request, "companies.read");
  return companyListLoader(request, admin);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "companies.manage");
  return companyListAction(request, admin);
}

export const shouldRevalidate = revalidateAfterListAction;

export const meta: Route.MetaFunction = () => [{ title: "Companies | Admin | MarketWire" }, NOINDEX];

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  return <CompanyList list={loaderData} />;
}
