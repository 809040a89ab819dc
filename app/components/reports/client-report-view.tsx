/**
 * PRODUCT.md "Client reports": the report's figures, the same on the admin page and on the page a shared link
 * opens (/reports/{token}): totals, the daily chart, the coverage, plays, mail, the audience and the disclosure
 * register.
 * The admin-only parts (the period form, downloads, sharing) stay on the admin page.
 */
import type { ReactNode } from "react";

import { ReportChart } from "~/components/admin/report-chart";
import { TableCard } from "~/components/admin/table-card";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { clickRate, DEVICE_LABELS, REFERRER_LABELS, type MailFigures } from "~/lib/client-report";
import { formatDate, formatDuration } from "~/lib/format";
import { averageSeconds, completionPercent, type PlayFigures } from "~/lib/play-marks";
import type { AudienceLine, ClientReport } from "~/server/reports/client-report.server";

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

const AUDIENCE_COLUMNS = {
  Referrers: { label: "Referrer", figures: ["Views and listens"] },
  Devices: { label: "Device", figures: ["Views and listens"] },
  // PRODUCT.md "Embeds": a load is a view counted in the frame; plays as the frame's player reported them.
  Embeds: { label: "Site", figures: ["Loads", "Plays"] },
} as const;

const audienceLines = (lines: AudienceLine[]) => lines.map((line) => ({ value: line.value, figures: [line.hits] }));

function AudienceTable({
  caption,
  lines,
  labels,
}: {
  caption: keyof typeof AUDIENCE_COLUMNS;
  lines: { value: string; figures: number[] }[];
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
                { label: AUDIENCE_COLUMNS[caption].label, className: "pl-0" },
                ...AUDIENCE_COLUMNS[caption].figures.map((label) => ({ label, align: "right" as const })),
              ]}
            />
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.value}>
                  {/* A site's host may be long: it wraps rather than scroll its narrow card. */}
                  <TableCell className="pl-0 whitespace-normal [overflow-wrap:anywhere]">{labels[line.value] ?? line.value}</TableCell>
                  {line.figures.map((figure, index) => (
                    <TableCell key={index} className="text-right tabular-nums">
                      {number(figure)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * An item's title in the report's tables: a link to its page; a deleted item (PRODUCT.md "Client reports":
 * it keeps its figures, its page is gone) marked so, without a link; the total row (no url) in bold.
 */
function ItemTitle({ title, url, deleted = false }: { title: string; url: string | null; deleted?: boolean }) {
  if (deleted) {
    return (
      <>
        <span className="font-medium">{title}</span> <span className="text-xs text-muted-foreground">Deleted</span>
      </>
    );
  }
  if (!url) return <span className="font-semibold">{title}</span>;
  return (
    <a className="font-medium hover:underline" href={url}>
      {title}
    </a>
  );
}

const percent = (reached: number, figures: PlayFigures) => {
  const share = completionPercent(reached, figures.plays);
  return share == null ? "—" : `${share}%`;
};

/** PRODUCT.md "Client reports": plays, the share reaching each quarter and the average time, per played item. */
function PlaysTable({ rows }: { rows: { key: string; title: string; url: string | null; deleted?: boolean; plays: PlayFigures }[] }) {
  return (
    <Table>
      <caption className="sr-only">Plays and how far they went</caption>
      <TableColumns
        columns={[
          { label: "Title", className: "pl-5" },
          { label: "Plays", align: "right" },
          { label: "25%", align: "right" },
          { label: "50%", align: "right" },
          { label: "75%", align: "right" },
          { label: "Completed", align: "right" },
          { label: "Average time", align: "right", className: "pr-5" },
        ]}
      />
      <TableBody>
        {rows.map(({ key, title, url, deleted, plays }) => {
          const average = averageSeconds(plays);
          return (
            <TableRow key={key}>
              <TableCell className="min-w-48 pl-5 whitespace-normal">
                <ItemTitle title={title} url={url} deleted={deleted} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{number(plays.plays)}</TableCell>
              <TableCell className="text-right tabular-nums">{percent(plays.q25, plays)}</TableCell>
              <TableCell className="text-right tabular-nums">{percent(plays.q50, plays)}</TableCell>
              <TableCell className="text-right tabular-nums">{percent(plays.q75, plays)}</TableCell>
              <TableCell className="text-right tabular-nums">{percent(plays.q100, plays)}</TableCell>
              <TableCell className="pr-5 text-right tabular-nums">{average == null ? "—" : formatDuration(average)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * PRODUCT.md "Client reports": each item's newsletter and alert sends and clicks, with each channel's click
 * rate, then their total. Scrolls within its card on a phone, as the plays table does.
 */
function MailTable({ rows }: { rows: { key: string; title: string; url: string | null; deleted?: boolean; mail: MailFigures }[] }) {
  return (
    <Table>
      <caption className="sr-only">Newsletter and alert mails carrying each item, and the presses of its link</caption>
      <TableColumns
        columns={[
          { label: "Title", className: "pl-5" },
          { label: "Newsletter sends", align: "right" },
          { label: "Newsletter clicks", align: "right" },
          { label: "Newsletter click rate", align: "right" },
          { label: "Alert sends", align: "right" },
          { label: "Alert clicks", align: "right" },
          { label: "Alert click rate", align: "right", className: "pr-5" },
        ]}
      />
      <TableBody>
        {rows.map(({ key, title, url, deleted, mail }) => (
          <TableRow key={key}>
            {/* The title heads its row, so a screen reader names the item with each figure. */}
            <th scope="row" className="min-w-48 py-2 pr-2 pl-5 text-left align-middle font-normal whitespace-normal">
              <ItemTitle title={title} url={url} deleted={deleted} />
            </th>
            <TableCell className="text-right tabular-nums">{number(mail.newsletterSends)}</TableCell>
            <TableCell className="text-right tabular-nums">{number(mail.newsletterClicks)}</TableCell>
            <TableCell className="text-right tabular-nums">{clickRate(mail.newsletterClicks, mail.newsletterSends) ?? "—"}</TableCell>
            <TableCell className="text-right tabular-nums">{number(mail.alertSends)}</TableCell>
            <TableCell className="text-right tabular-nums">{number(mail.alertClicks)}</TableCell>
            <TableCell className="pr-5 text-right tabular-nums">{clickRate(mail.alertClicks, mail.alertSends) ?? "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 'Download CSV' and 'Download PDF', on the admin's page and the shared link's. */
export function ReportDownloads({ csvHref, pdfHref }: { csvHref: string; pdfHref: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a className={buttonVariants({ variant: "outline" })} href={csvHref} download>
        Download CSV
      </a>
      <a className={buttonVariants({ variant: "outline" })} href={pdfHref} download>
        Download PDF
      </a>
    </div>
  );
}

/** The figures of `report`, below the page's own heading. */
export function ClientReportView({
  report,
}: {
  report: Pick<ClientReport, "company" | "totals" | "daily" | "items" | "referrers" | "devices" | "embeds" | "disclosures">;
}) {
  const { company, totals, daily, items, referrers, devices, embeds, disclosures } = report;
  const played = items.flatMap((item) =>
    item.plays ? [{ key: `${item.type}:${item.id}`, title: item.title, url: item.url, deleted: item.deleted, plays: item.plays }] : [],
  );
  return (
    <>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="report-totals">
        <StatCard label="Views" value={totals.views} />
        <StatCard label="Listens" value={totals.listens} />
        <StatCard label="Unique visitors (daily)" value={totals.uniques} />
        <StatCard label="Downloads (IAB)" value={totals.downloads} />
        <StatCard label="Listeners" value={totals.listeners} />
      </div>
      <p className="text-sm text-muted-foreground">
        Listeners are each episode's distinct listeners per day, summed over the days and the episodes: one who downloads two episodes on a
        day counts for each.
      </p>

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
                    <ItemTitle title={item.title} url={item.url} deleted={item.deleted} />
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

      <Section title="Plays and completion">
        <TableCard empty={played.length === 0 ? "No video, interview or podcast in this report." : null}>
          <PlaysTable rows={[...played, { key: "total", title: "Total", url: null, plays: totals.plays }]} />
        </TableCard>
      </Section>

      <Section title="Mail">
        <TableCard empty={items.length === 0 ? `No published coverage of ${company.name} by the end of this period.` : null}>
          <MailTable
            rows={[
              ...items.map((item) => ({
                key: `${item.type}:${item.id}`,
                title: item.title,
                url: item.url,
                deleted: item.deleted,
                mail: item.mail,
              })),
              { key: "total", title: "Total", url: null, mail: totals.mail },
            ]}
          />
        </TableCard>
        <p className="text-sm text-muted-foreground">
          Sends are the newsletter editions and company alerts our mail server handed over carrying the item; clicks are presses of its link
          in them, once per reader in 30 minutes. Click rate: clicks as a share of sends.
        </p>
      </Section>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <AudienceTable caption="Referrers" lines={audienceLines(referrers)} labels={REFERRER_LABELS} />
        <AudienceTable caption="Devices" lines={audienceLines(devices)} labels={DEVICE_LABELS} />
        <AudienceTable
          caption="Embeds"
          lines={embeds.map((line) => ({ value: line.host, figures: [line.loads, line.plays] }))}
          labels={{}}
        />
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
