import { Link } from "react-router";

import { TableCard } from "~/components/admin/table-card";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { EDITION_TEXTS, EDITIONS_PATH } from "~/lib/newsletter-editions";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { editionListLoader } from "~/server/newsletter/edition-handlers.server";

import type { Route } from "./+types/admin.newsletter";

// PRODUCT.md "Newsletter editions": every edition with its mails' counts.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "newsletter.read");
  return editionListLoader();
}

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | MarketWire Admin" }, NOINDEX];

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { editions, confirmed } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{EDITION_TEXTS.listHeading}</h1>
          <p className="text-muted-foreground">
            {confirmed === 1 ? "1 confirmed subscriber" : `${confirmed.toLocaleString("en-US")} confirmed subscribers`} ·{" "}
            <Link to="/newsletter" className="underline">
              Public archive
            </Link>
          </p>
        </div>
        <Link className={buttonVariants()} to={`${EDITIONS_PATH}/new`}>
          <Icon name="plus" />
          New edition
        </Link>
      </div>
      <TableCard empty={editions.length === 0 ? "No editions yet." : null}>
        <Table>
          <TableColumns
            columns={[
              { label: "Subject", className: "pl-5" },
              { label: "Status" },
              { label: "Sent · waiting · failed", align: "right", className: "pr-5" },
            ]}
          />
          <TableBody>
            {editions.map((edition) => (
              <TableRow key={edition.id}>
                <TableCell className="pl-5 font-medium whitespace-normal">
                  <Link to={`${EDITIONS_PATH}/${edition.id}`} className="hover:underline">
                    {edition.subject}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={edition.status === "sent" ? "success" : "outline"}>{edition.when}</Badge>
                </TableCell>
                <TableCell className="pr-5 text-right text-sm whitespace-nowrap text-muted-foreground">
                  {edition.status === "sent"
                    ? `${edition.counts.sent} · ${edition.counts.queued + edition.counts.sending} · ${edition.counts.failed}`
                    : "—"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableCard>
    </div>
  );
}
