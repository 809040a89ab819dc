import { parseReportPeriod } from "~/lib/client-report";
import { COMPANY_TEXTS } from "~/lib/companies";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { clientReportPdfResponse } from "~/server/reports/client-report-pdf.server";
import { clientReport } from "~/server/reports/client-report.server";

import type { Route } from "./+types/admin.companies.$slug.report[.pdf]";

const plainText = (text: string, status: number) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /admin/companies/{slug}/report.pdf: the report page as a document for the client (PRODUCT.md "Client reports"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRight(request, "reports.read");
  const parsed = parseReportPeriod(pageUrl(request).searchParams);
  // As the CSV: a refused period or an unknown company is said as plain text, a download has no page.
  if (!parsed.ok) return plainText(parsed.error, 400);
  const report = await clientReport(params.slug, parsed.period);
  if (!report) return plainText(COMPANY_TEXTS.notFound, 404);
  return clientReportPdfResponse(report);
}
