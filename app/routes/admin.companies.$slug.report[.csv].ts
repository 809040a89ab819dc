import { csvDownload, csvFilename, toCsv } from "~/server/inbox/inbox.server";
import { CLIENT_REPORT_HEADER, clientReportRows } from "~/server/reports/client-report.server";
import { requestedReport } from "~/server/reports/report-download.server";

import type { Route } from "./+types/admin.companies.$slug.report[.csv]";

/** GET /admin/companies/{slug}/report.csv: the report page's per-item table and its total (PRODUCT.md "Client reports"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const report = await requestedReport(request, params.slug);
  if (report instanceof Response) return report;
  const { from, to } = report.period;
  return csvDownload({
    filename: csvFilename(`client-report-${report.company.slug}-${from}-to-${to}`),
    csv: toCsv(CLIENT_REPORT_HEADER, clientReportRows(report)),
  });
}
