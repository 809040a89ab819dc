import { data } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { ClientReportView, ReportDownloads } from "~/components/reports/client-report-view";
import { NewsletterNotice } from "~/components/site/newsletter-notice";
import { REPORT_LINK_TEXTS, reportLinkCsvPath, reportLinkPdfPath } from "~/lib/client-report";
import { formatDate, formatUtcMinute } from "~/lib/format";
import { clientReport } from "~/server/reports/client-report.server";
import { openReportLink, REPORT_LINK_HEADERS } from "~/server/reports/report-links.server";

import type { Route } from "./+types/reports.$token";

const gone = () => data({ state: "gone" as const }, { status: 410, headers: REPORT_LINK_HEADERS });

/**
 * PRODUCT.md "Client reports": the report a shared link opens, without an account: the link's company over
 * its fixed period. An unknown, expired or revoked link answers 410 with one message, never saying which.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await openReportLink(params.token);
  if (!link) return gone();
  const report = await clientReport(link.slug, link.period);
  if (!report) return gone();
  return data(
    {
      state: "open" as const,
      report,
      generatedText: formatUtcMinute(new Date(report.generatedAt)),
      csvHref: reportLinkCsvPath(params.token),
      pdfHref: reportLinkPdfPath(params.token),
    },
    { headers: REPORT_LINK_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => REPORT_LINK_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.state === "open" ? `Report: ${loaderData.report.company.name} | MarketWire` : "Report link | MarketWire" },
  { name: "robots", content: "noindex" },
  // The token is in the address: no page it links to learns it, whatever the server's header says.
  { name: "referrer", content: "no-referrer" },
];

export default function SharedReport({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "gone") {
    return (
      <NewsletterNotice tone="error" title={REPORT_LINK_TEXTS.gone}>
        <p>{REPORT_LINK_TEXTS.goneHint}</p>
      </NewsletterNotice>
    );
  }
  const { report, generatedText, csvHref, pdfHref } = loaderData;
  const { company, period } = report;
  return (
    <div className={PAGE_CONTAINER}>
      <PageIntro eyebrow="Client report" title={company.name} tight>
        <p>
          {company.tickerLabel} · {formatDate(`${period.from}T00:00:00Z`)} to {formatDate(`${period.to}T00:00:00Z`)} · Generated{" "}
          <time dateTime={report.generatedAt}>{generatedText}</time>
        </p>
      </PageIntro>
      <div className="flex flex-col gap-6">
        <ReportDownloads csvHref={csvHref} pdfHref={pdfHref} />
        <ClientReportView report={report} />
      </div>
    </div>
  );
}
