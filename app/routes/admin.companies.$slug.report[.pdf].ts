import { parseReportPeriod } from "~/lib/client-report";
import { COMPANY_TEXTS } from "~/lib/companies";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { clientReportPdf } from "~/server/reports/client-report-pdf.server";
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
  const { from, to } = report.period;
  const pdf = await clientReportPdf(report);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      // The CSV's name with .pdf: the company, the period, and the day it was downloaded.
      "Content-Disposition": `attachment; filename="client-report-${report.company.slug}-${from}-to-${to}-${report.generatedAt.slice(0, 10)}.pdf"`,
      "Content-Length": String(pdf.length),
      // Private figures: never kept by a browser or a proxy, as the CSV.
      "Cache-Control": "private, no-store",
    },
  });
}
