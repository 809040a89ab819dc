import { parseReportPeriod } from "~/lib/client-report";
import { COMPANY_TEXTS } from "~/lib/companies";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { csvDownload, csvFilename, toCsv } from "~/server/inbox/inbox.server";
import { CLIENT_REPORT_HEADER, clientReport, clientReportRows } from "~/server/reports/client-report.server";

import type { Route } from "./+types/admin.companies.$slug.report[.csv]";

const plainText = (text: string, status: number) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /admin/companies/{slug}/report.csv: the report page's per-item table and its total (PRODUCT.md "Client reports"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRight(request, "reports.read");
  const parsed = parseReportPeriod(pageUrl(request).searchParams);
  // A refused period or an unknown company is said as plain text: a download has no page.
  if (!parsed.ok) return plainText(parsed.error, 400);
  const report = await clientReport(params.slug, parsed.period);
  if (!report) return plainText(COMPANY_TEXTS.notFound, 404);
  const { from, to } = report.period;
  return csvDownload({
    filename: csvFilename(`client-report-${report.company.slug}-${from}-to-${to}`),
    csv: toCsv(CLIENT_REPORT_HEADER, clientReportRows(report)),
  });
}
