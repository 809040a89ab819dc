import { clientReportPdfResponse } from "~/server/reports/client-report-pdf.server";
import { requestedReport } from "~/server/reports/report-download.server";

import type { Route } from "./+types/admin.companies.$slug.report[.pdf]";

/** GET /admin/companies/{slug}/report.pdf: the report page as a document for the client (PRODUCT.md "Client reports"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const report = await requestedReport(request, params.slug);
  return report instanceof Response ? report : clientReportPdfResponse(report);
}
