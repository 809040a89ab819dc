import { data, Form, useActionData, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { exchangeDate, exchangeTime, formatPrice } from "~/lib/markets";
import { NOINDEX } from "~/lib/seo";
import { actorOf } from "~/server/audit/audit-log.server";
import { requireRight } from "~/server/auth/session.server";
import { describeImport, importMarketCsv, latestQuotes } from "~/server/markets/csv-import.server";
import { readCsvUpload } from "~/server/markets/csv-upload.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin.markets";

/** PRODUCT.md "CSV imports": the page's texts, written out so a line seen on screen can be found with grep. */
const TEXTS = {
  heading: "Markets",
  intro:
    "Import end-of-day prices or exchange announcements from a CSV file (at most 10 MB and 100,000 rows). A file with a bad line is refused whole, with the line named.",
  uploadHeading: "Import a CSV file",
  formats:
    "Prices: exchange,ticker,date,close and optionally previous_close, volume, currency, market_cap, source. Announcements: exchange,ticker,published_at,title,url,price_sensitive and optionally category, id.",
  quotesHeading: "Latest quotes",
  empty: "No quotes stored yet",
} as const;

// PRODUCT.md "CSV imports": admins only; the latest stored quote of each company, newest first.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "markets.manage");
  const quotes = await latestQuotes();
  return {
    quotes: quotes.map((quote) => ({
      id: `${quote.exchange}:${quote.ticker}`,
      name: quote.name,
      listing: `${quote.exchange}: ${quote.ticker}`,
      last: formatPrice(quote.last, quote.currency),
      asOf: {
        at: quote.asOf.toISOString(),
        text: `${exchangeDate(quote.exchange, quote.asOf)}, ${exchangeTime(quote.exchange, quote.asOf)}`,
      },
      source: quote.source,
    })),
  };
}

/** One CSV file (multipart, field `file`): imported whole and audited, or refused with its first bad line. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "markets.manage");
  const upload = await readCsvUpload(request);
  if (!upload.ok) return data({ error: upload.error }, { status: upload.status });
  const result = await importMarketCsv(upload.bytes, { actor: actorOf(admin), address: admin.address ?? null, fileName: upload.fileName });
  if (!result.ok) return data({ error: `${upload.fileName} was not imported. ${result.error}` }, { status: 422 });
  return redirectWithToast("/admin/markets", { type: "success", title: "Imported", description: describeImport(result.counts) });
}

export const meta: Route.MetaFunction = () => [{ title: "Markets | MarketWire Admin" }, NOINDEX];

type QuoteRow = Route.ComponentProps["loaderData"]["quotes"][number];

const COLUMNS: AdminColumn<QuoteRow>[] = [
  { label: "Company", className: "pl-5", cellClassName: "pl-5 whitespace-normal font-medium", cell: (quote) => quote.name },
  { label: "Ticker", cellClassName: "whitespace-nowrap", cell: (quote) => quote.listing },
  { label: "Last", align: "right", cellClassName: "whitespace-nowrap tabular-nums", cell: (quote) => quote.last },
  {
    label: "As of",
    className: "hidden md:table-cell",
    cellClassName: "hidden whitespace-nowrap text-sm text-muted-foreground md:table-cell",
    cell: (quote) => <time dateTime={quote.asOf.at}>{quote.asOf.text}</time>,
  },
  {
    label: "Source",
    className: "hidden pr-5 lg:table-cell",
    cellClassName: "hidden pr-5 whitespace-normal text-sm lg:table-cell",
    cell: (quote) => quote.source,
  },
];

export default function AdminMarkets({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const importing = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TEXTS.heading}</h1>
        <p className="text-muted-foreground">{TEXTS.intro}</p>
      </div>
      <Card className="max-w-3xl">
        <CardHeader>
          <h2 className="leading-tight font-semibold">{TEXTS.uploadHeading}</h2>
          <CardDescription>{TEXTS.formats}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="market-csv">CSV file</Label>
              <Input
                id="market-csv"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                aria-invalid={answer?.error ? true : undefined}
                aria-describedby={answer?.error ? "market-csv-error" : undefined}
              />
            </div>
            {answer?.error ? (
              <p id="market-csv-error" role="alert" className="text-sm whitespace-pre-line text-destructive">
                {answer.error}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={importing}>
                {importing ? "Importing…" : "Import"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <section className="flex flex-col gap-3" aria-labelledby="latest-quotes">
        <h2 id="latest-quotes" className="text-lg font-semibold">
          {TEXTS.quotesHeading}
        </h2>
        <AdminTable columns={COLUMNS} rows={loaderData.quotes} empty={TEXTS.empty} />
      </section>
    </div>
  );
}
