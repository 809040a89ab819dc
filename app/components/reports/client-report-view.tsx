/**
 * PRODUCT.md "Client reports": the report's figures, the same on the admin page and on the page a shared link
 * opens (/reports/{token}): totals, the daily chart, the coverage, the audience and the disclosure register.
 * The admin-only parts (the period form, downloads, sharing) stay on the admin page.
 */
import type { ReactNode } from "react";

import { ReportChart } from "~/components/admin/report-chart";
import { TableCard } from "~/components/admin/table-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/format";
import type { ClientReport } from "~/server/reports/client-report.server";

const number = (n: number | null) => (n == null ? "—" : n.toLocaleString("en-US"));

const REFERRER_LABELS: Record<string, string> = {
  search: "Search",
  social: "Social",
  newsletter: "Newsletter",
  alert: "Company alert",
  internal: "Our pages",
  direct: "Direct",
  other: "Other sites",
};
const DEVICE_LABELS: Record<string, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" };

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

/** The figures of `report`, below the page's own heading. */
export function ClientReportView({
  report,
}: {
  report: Pick<ClientReport, "company" | "totals" | "daily" | "items" | "referrers" | "devices" | "disclosures">;
}) {
  const { company, totals, daily, items, referrers, devices, disclosures } = report;
  return (
    <>
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
    </>
  );
}
