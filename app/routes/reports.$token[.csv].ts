import { REPORT_LINK_TEXTS } from "~/lib/client-report";
import { csvDownload, csvFilename, toCsv } from "~/server/inbox/inbox.server";
import { CLIENT_REPORT_HEADER, clientReport, clientReportRows } from "~/server/reports/client-report.server";
import { openReportLink, REPORT_LINK_HEADERS } from "~/server/reports/report-links.server";

import type { Route } from "./+types/reports.$token[.csv]";

const gone = () =>
  new Response(`${REPORT_LINK_TEXTS.gone}\n`, {
    status: 410,
    headers: { ...REPORT_LINK_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });

/** GET /reports/{token}.csv: the shared report's rows, as the admin's CSV has them (PRODUCT.md "Client reports"). */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await openReportLink(params.token);
  if (!link) return gone();
  const report = await clientReport(link.slug, link.period);
  if (!report) return gone();
  const { from, to } = report.period;
  const response = csvDownload({
    filename: csvFilename(`client-report-${report.company.slug}-${from}-to-${to}`),
    csv: toCsv(CLIENT_REPORT_HEADER, clientReportRows(report)),
  });
  for (const [name, value] of Object.entries(REPORT_LINK_HEADERS)) response.headers.set(name, value);
  return response;
}
