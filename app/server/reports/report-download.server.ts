/**
 * PRODUCT.md "Client reports": what the report's downloads (CSV, PDF) share: the right, the period of the
 * address and the company, each refused as plain text, since a download has no page to show a message on.
 */
import { parseReportPeriod } from "~/lib/client-report";
import { COMPANY_TEXTS } from "~/lib/companies";

import { requireRight } from "../auth/session.server";
import { pageUrl } from "../http/page-url.server";
import { clientReport, type ClientReport } from "./client-report.server";

const plainText = (text: string, status: number) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** The report a download asks for, or the answer refusing it (400 for the period, 404 for the company). */
export async function requestedReport(request: Request, slug: string | undefined): Promise<ClientReport | Response> {
  await requireRight(request, "reports.read");
  const parsed = parseReportPeriod(pageUrl(request).searchParams);
  if (!parsed.ok) return plainText(parsed.error, 400);
  const report = slug ? await clientReport(slug, parsed.period) : null;
  return report ?? plainText(COMPANY_TEXTS.notFound, 404);
}
