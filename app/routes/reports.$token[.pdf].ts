import { REPORT_LINK_TEXTS } from "~/lib/client-report";
import { clientReportPdfResponse } from "~/server/reports/client-report-pdf.server";
import { clientReport } from "~/server/reports/client-report.server";
import { openReportLink, REPORT_LINK_HEADERS } from "~/server/reports/report-links.server";

import type { Route } from "./+types/reports.$token[.pdf]";

/** GET /reports/{token}.pdf: the shared report as the admin's PDF has it (PRODUCT.md "Client reports"). */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await openReportLink(params.token);
  const report = link ? await clientReport(link.slug, link.period) : null;
  if (!report) {
    return new Response(`${REPORT_LINK_TEXTS.gone}\n`, {
      status: 410,
      headers: { ...REPORT_LINK_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return clientReportPdfResponse(report, REPORT_LINK_HEADERS);
}
