/**
 * PRODUCT.md "Client reports": the report page's 'Share with the client' section. The form makes a link for
 * the page's company and period; the new address is shown once in a read-only field to copy; the table lists
 * the company's links with a 'Revoke' button on each active one.
 */
import { Form } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { REPORT_LINK_TEXTS, type ReportLinkStatus, type ReportPeriod } from "~/lib/client-report";
import { formatDate } from "~/lib/format";
import type { ShareCreated, ShareFailure, shareSection } from "~/server/reports/report-link-admin.server";

type ShareSection = Awaited<ReturnType<typeof shareSection>>;
type LinkRow = ShareSection["links"][number];

const day = (value: string) => formatDate(`${value}T00:00:00Z`);

const STATUS_VARIANTS: Record<ReportLinkStatus, "success" | "outline-muted" | "destructive"> = {
  active: "success",
  expired: "outline-muted",
  revoked: "outline-muted",
};

const COLUMNS: AdminColumn<LinkRow>[] = [
  {
    label: "Period",
    className: "pl-5",
    cellClassName: "pl-5 whitespace-normal",
    cell: (link) => `${day(link.period.from)} to ${day(link.period.to)}`,
  },
  {
    label: "Created",
    cellClassName: "whitespace-normal text-sm",
    cell: (link) => (
      <>
        <time dateTime={link.created.at}>{link.created.text}</time>
        <span className="block text-xs text-muted-foreground">by {link.createdBy}</span>
      </>
    ),
  },
  {
    label: "Expires",
    className: "hidden md:table-cell",
    cellClassName: "hidden text-sm md:table-cell",
    cell: (link) => <time dateTime={link.expires.at}>{link.expires.text}</time>,
  },
  { label: "Status", cell: (link) => <Badge variant={STATUS_VARIANTS[link.status]}>{link.statusLabel}</Badge> },
  {
    label: <span className="sr-only">Actions</span>,
    align: "right",
    className: "pr-5",
    cellClassName: "pr-5",
    cell: (link) =>
      link.status === "active" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="linkId" value={link.id} />
          <Button type="submit" variant="outline" size="sm" aria-label={`Revoke the link created ${link.created.text}`}>
            Revoke
          </Button>
        </Form>
      ) : null,
  },
];

export function ReportShare({
  share,
  period,
  answer,
}: {
  share: ShareSection;
  period: ReportPeriod;
  answer: ShareCreated | ShareFailure | undefined;
}) {
  const failure = answer && !answer.ok ? answer : undefined;
  const daysError = failure?.fields?.days?.[0];
  return (
    <section aria-labelledby="report-share-heading" className="flex flex-col gap-3">
      <h2 id="report-share-heading" className="text-lg font-semibold">
        Share with the client
      </h2>
      <p className="text-sm text-muted-foreground">
        A link that opens this report, {day(period.from)} to {day(period.to)}, without an account, until it expires or is revoked.
      </p>
      {failure ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
      {answer?.ok ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-gain/40 bg-gain/10 px-4 py-3 text-sm">
          <p className="font-semibold">{REPORT_LINK_TEXTS.created}</p>
          <Label htmlFor="report-link-url">Link (expires {answer.expires.text})</Label>
          <Input
            id="report-link-url"
            data-testid="report-link-url"
            readOnly
            value={answer.url}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="text-muted-foreground">{REPORT_LINK_TEXTS.shownOnce}</p>
        </div>
      ) : null}
      {/* A new key after each link made, so the field starts from the default again. */}
      <Form method="post" key={answer?.ok ? answer.url : "share"} className="flex flex-wrap items-end gap-3 rounded-lg border p-4">
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="from" value={period.from} />
        <input type="hidden" name="to" value={period.to} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="report-link-days">Expires after (days)</Label>
          {/* The field's own width is the input's w-full: a narrow box around it, not a second width on it. */}
          <div className="w-28">
            <Input
              id="report-link-days"
              name="days"
              type="number"
              inputMode="numeric"
              min={share.days.min}
              max={share.days.max}
              step={1}
              defaultValue={share.days.default}
              required
              aria-invalid={daysError ? true : undefined}
              aria-describedby={daysError ? "report-link-days-error" : undefined}
            />
          </div>
          {daysError ? (
            <p id="report-link-days-error" className="text-sm text-destructive">
              {daysError}
            </p>
          ) : null}
        </div>
        <Button type="submit">Create link</Button>
      </Form>
      <AdminTable columns={COLUMNS} rows={share.links} empty="No links to this company's reports yet." />
    </section>
  );
}
