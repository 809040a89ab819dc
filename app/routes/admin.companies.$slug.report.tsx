import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";

import { ReportChart } from "~/components/admin/report-chart";
import { TableCard } from "~/components/admin/table-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { clientReportCsvPath, clientReportPdfPath, DEVICE_LABELS, parseReportPeriod, REFERRER_LABELS } from "~/lib/client-report";
import { COMPANIES_PATH, COMPANY_TEXTS } from "~/lib/companies";
import { formatDate, formatUtcMinute } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { clientReport } from "~/server/reports/client-report.server";

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
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Client report${loaderData ? `: ${loaderData.company.name}` : ""} | MarketWire Admin` },
  NOINDEX,
];

const number = (n: number | null) => (n == null ? "—" : n.toLocaleString("en-US"));

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold tabular-nums">{number(value)}</span>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function AudienceTable({
  caption,
  lines,
  labels,
}: {
  caption: string;
  lines: { value: string; hits: number }[];
  labels: Record<string, string>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{caption}</CardTitle>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded in this period.</p>
        ) : (
          <Table>
            <caption className="sr-only">{caption}</caption>
            <TableColumns
              columns={[
                { label: caption === "Devices" ? "Device" : "Referrer", className: "pl-0" },
                { label: "Views and listens", align: "right" },
              ]}
            />
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.value}>
                  <TableCell className="pl-0">{labels[line.value] ?? line.value}</TableCell>
                  <TableCell className="text-right tabular-nums">{number(line.hits)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export default function AdminClientReport({ loaderData }: Route.ComponentProps) {
  const { company, period, generatedAt, generatedText, totals, daily, items, referrers, devices, disclosures, csvHref, pdfHref } =
    loaderData;
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
        <div className="flex flex-wrap gap-2">
          <a className={buttonVariants({ variant: "outline" })} href={csvHref} download>
            Download CSV
          </a>
          <a className={buttonVariants({ variant: "outline" })} href={pdfHref} download>
            Download PDF
          </a>
        </div>
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

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="report-totals">
        <StatCard label="Views" value={totals.views} />
        <StatCard label="Listens" value={totals.listens} />
        <StatCard label="Unique visitors (daily)" value={totals.uniques} />
        <StatCard label="Downloads (IAB)" value={totals.downloads} />
        <StatCard label="Listeners" value={totals.listeners} />
      </div>

      <Section title="Day by day">
        <Card>
          <CardContent>
            <ReportChart days={daily} />
          </CardContent>
        </Card>
      </Section>

      <Section title="Coverage">
        <TableCard empty={items.length === 0 ? `No published coverage of ${company.name} by the end of this period.` : null}>
          <Table>
            <caption className="sr-only">Each item's figures in the period</caption>
            <TableColumns
              columns={[
                { label: "Title", className: "pl-5" },
                { label: "Type", className: "hidden md:table-cell" },
                { label: "Views / listens", align: "right" },
                { label: "Uniques", align: "right" },
                { label: "Downloads", align: "right" },
                { label: "Listeners", align: "right", className: "pr-5" },
              ]}
            />
            <TableBody>
              {items.map((item) => (
                <TableRow key={`${item.type}:${item.id}`}>
                  <TableCell className="min-w-48 pl-5 whitespace-normal">
                    <a className="font-medium hover:underline" href={item.url}>
                      {item.title}
                    </a>
                    {/* Phones: the type sits under the title instead of in its own column. */}
                    <span className="block text-xs text-muted-foreground md:hidden">{item.typeLabel}</span>
                  </TableCell>
                  <TableCell className="hidden text-sm text-muted-foreground md:table-cell">{item.typeLabel}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {number(item.hits)} <span className="text-xs text-muted-foreground">{item.counter}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{number(item.uniques)}</TableCell>
                  <TableCell className="text-right tabular-nums">{number(item.downloads)}</TableCell>
                  <TableCell className="pr-5 text-right tabular-nums">{number(item.listeners)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableCard>
      </Section>

      <div className="grid gap-4 md:grid-cols-2">
        <AudienceTable caption="Referrers" lines={referrers} labels={REFERRER_LABELS} />
        <AudienceTable caption="Devices" lines={devices} labels={DEVICE_LABELS} />
      </div>

      <Section title="Disclosure register">
        <TableCard empty={disclosures.length === 0 ? `No paid piece about ${company.name} was published in this period.` : null}>
          <Table>
            <caption className="sr-only">Paid pieces published in the period</caption>
            <TableColumns
              columns={[
                { label: "Title", className: "pl-5" },
                { label: "Paid by" },
                { label: "Paid" },
                { label: "Agreed" },
                { label: "Published", className: "pr-5" },
              ]}
            />
            <TableBody>
              {disclosures.map((entry) => (
                <TableRow key={entry.key}>
                  <TableCell className="pl-5 whitespace-normal">
                    <a className="font-medium hover:underline" href={entry.url}>
                      {entry.title}
                    </a>
                    <span className="block text-xs text-muted-foreground">{entry.typeLabel}</span>
                  </TableCell>
                  <TableCell>{entry.payer ?? "not recorded"}</TableCell>
                  <TableCell>{entry.consideration ?? "not recorded"}</TableCell>
                  <TableCell>{entry.agreed ?? "not recorded"}</TableCell>
                  <TableCell className="pr-5">{formatDate(entry.publishedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableCard>
      </Section>
    </div>
  );
}
