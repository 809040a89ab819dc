import { data, Form, Link, useActionData } from "react-router";

import { ClientReportView, ReportDownloads } from "~/components/reports/client-report-view";
import { ReportShare } from "~/components/reports/report-share";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { clientReportCsvPath, clientReportPdfPath, parseReportPeriod } from "~/lib/client-report";
import { COMPANIES_PATH, COMPANY_TEXTS } from "~/lib/companies";
import { formatDate, formatUtcMinute } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { clientReport } from "~/server/reports/client-report.server";
import { reportLinkAction, shareSection, type ShareCreated, type ShareFailure } from "~/server/reports/report-link-admin.server";

import type { Route } from "./+types/admin.companies.$slug.report";

// PRODUCT.md "Client reports": a company's coverage and its reach over a period, for editors, compliance and admins.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRight(request, "reports.read");
  const parsed = parseReportPeriod(pageUrl(request).searchParams);
  // A period the schema refuses is answered 400 with its message, shown by the admin error page.
  if (!parsed.ok) throw data(parsed.error, { status: 400 });
  const report = await clientReport(params.slug, parsed.period);
  if (!report) throw data(COMPANY_TEXTS.notFound, { status: 404 });
  const query = new URLSearchParams({ from: parsed.period.from, to: parsed.period.to }).toString();
  return {
    ...report,
    generatedText: formatUtcMinute(new Date(report.generatedAt)),
    csvHref: `${clientReportCsvPath(report.company.slug)}?${query}`,
    pdfHref: `${clientReportPdfPath(report.company.slug)}?${query}`,
    share: await shareSection(report.company.slug),
  };
}

// PRODUCT.md "Client reports": 'Share with the client' makes a link for this company and period, or revokes one.
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireRight(request, "reports.read");
  return reportLinkAction(request, params.slug, user);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Client report${loaderData ? `: ${loaderData.company.name}` : ""} | MarketWire Admin` },
  NOINDEX,
];

export default function AdminClientReport({ loaderData }: Route.ComponentProps) {
  const { company, period, generatedAt, generatedText, csvHref, pdfHref, share } = loaderData;
  const answer = useActionData<ShareCreated | ShareFailure>();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Link className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "w-fit")} to={COMPANIES_PATH}>
            <Icon name="arrow-left" />
            {COMPANY_TEXTS.backButton}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Client report: {company.name}</h1>
          <p className="text-muted-foreground">
            {company.tickerLabel} · {formatDate(`${period.from}T00:00:00Z`)} to {formatDate(`${period.to}T00:00:00Z`)} ·{" "}
            <span>
              Generated <time dateTime={generatedAt}>{generatedText}</time>
            </span>
          </p>
        </div>
        <ReportDownloads csvHref={csvHref} pdfHref={pdfHref} />
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border p-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="report-from">From</Label>
          <Input id="report-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="report-to">To</Label>
          <Input id="report-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <Button type="submit">Show</Button>
      </Form>

      <ClientReportView report={loaderData} />

      <ReportShare share={share} period={period} answer={answer} />
    </div>
  );
}
