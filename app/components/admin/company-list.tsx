import { useEffect } from "react";
import { Link } from "react-router";

import { Pager } from "~/components/pager";
import { notify } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { COMPANIES_PATH, COMPANY_TEXTS, sectorLabel } from "~/lib/companies";
import { useHydrated } from "~/lib/use-hydrated";
import type { CompanyListItem } from "~/server/companies/companies.server";

import { ContentSearchBox } from "./content-search-box";
import { DeleteDialog } from "./delete-dialog";
import { ListPlaceholder } from "./list-placeholder";
import { RowActions } from "./row-actions";
import { useListDelete } from "./use-list-delete";

const numberFormat = new Intl.NumberFormat("en-US");

/** What the list loader gives the page. */
export interface CompanyListData {
  q: string;
  items: CompanyListItem[];
  total: number;
  page: number;
  totalPages: number;
  error: string | null;
}

/** PRODUCT.md "Companies": search, 25-row pages, edit and delete (asked first), as the content lists do. */
export function CompanyList({ list }: { list: CompanyListData }) {
  const { q, items, total, page, totalPages, error } = list;
  const hydrated = useHydrated();

  useEffect(() => {
    if (error) notify("error", "Error", error);
  }, [error]);

  const { toDelete, setToDelete, visibleItems, confirmDelete } = useListDelete(items);

  return (
    // data-hydrated: lets end-to-end tests wait until the list's scripts run.
    <div className="space-y-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{COMPANY_TEXTS.listHeading}</h1>
          <p className="text-sm text-muted-foreground">
            {q ? `${numberFormat.format(total)} matching "${q}"` : `${numberFormat.format(total)} in total`}
          </p>
        </div>
        <NewCompanyLink>{COMPANY_TEXTS.addButton}</NewCompanyLink>
      </div>

      <ContentSearchBox q={q} label={COMPANY_TEXTS.searchLabel} />

      {error || visibleItems.length === 0 ? (
        <ListPlaceholder
          error={error}
          empty={COMPANY_TEXTS.empty}
          searching={Boolean(q)}
          createFirst={<NewCompanyLink>{COMPANY_TEXTS.createFirst}</NewCompanyLink>}
        />
      ) : (
        <Card className="py-0">
          <Table>
            <TableColumns
              columns={[
                { label: "Name", className: "pl-4" },
                { label: "Ticker" },
                { label: "Sector", className: "hidden md:table-cell" },
                { label: "Client", className: "hidden sm:table-cell" },
                { label: <span className="sr-only">Actions</span>, className: "pr-4 text-right" },
              ]}
            />
            <TableBody>
              {visibleItems.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="max-w-md pl-4">
                    <Link to={`${COMPANIES_PATH}/${item.id}`} className="line-clamp-2 font-medium break-words hover:underline">
                      {item.name}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">{item.slug}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {item.exchange}:{item.ticker}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">{sectorLabel(item.sector) ?? "—"}</TableCell>
                  <TableCell className="hidden sm:table-cell">{item.isClient ? <Badge>Client</Badge> : null}</TableCell>
                  <TableCell className="pr-4">
                    <RowActions name={item.name} editHref={`${COMPANIES_PATH}/${item.id}`} onDelete={() => setToDelete(item)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      <Pager page={page} totalPages={totalPages} />

      <DeleteDialog noun="company" itemTitle={toDelete?.name ?? null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
    </div>
  );
}

/** 'Add Company' above the list and 'Create your first company' in an empty one: both open the create screen. */
function NewCompanyLink({ children }: { children: string }) {
  return (
    <Button asChild>
      <Link to={`${COMPANIES_PATH}/new`}>
        <Icon name="plus" />
        {children}
      </Link>
    </Button>
  );
}
