import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { COMPANIES_PATH, COMPANY_TEXTS, sectorLabel } from "~/lib/companies";
import type { CompanyListItem } from "~/server/companies/companies.server";

import { DeleteDialog } from "./delete-dialog";
import { ListLayout, useListErrorToast, type ListPage } from "./list-layout";
import { RowActions } from "./row-actions";
import { useListDelete } from "./use-list-delete";

/** What the list loader gives the page. */
export interface CompanyListData extends ListPage {
  items: CompanyListItem[];
}

/** PRODUCT.md "Companies": search, 25-row pages, edit and delete (asked first), as the content lists do. */
export function CompanyList({ list }: { list: CompanyListData }) {
  useListErrorToast(list.error);
  const { toDelete, setToDelete, visibleItems, confirmDelete } = useListDelete(list.items);

  return (
    <ListLayout
      texts={COMPANY_TEXTS}
      searchLabel={COMPANY_TEXTS.searchLabel}
      createPath={`${COMPANIES_PATH}/new`}
      list={list}
      empty={visibleItems.length === 0}
      dialog={
        <DeleteDialog noun="company" itemTitle={toDelete?.name ?? null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
      }
    >
      <TableColumns
        columns={[
          { label: "Name", className: "pl-4" },
          { label: "Ticker" },
          { label: "Sector", className: "hidden md:table-cell" },
          { label: "Client", className: "hidden sm:table-cell" },
          { label: <span className="sr-only">Actions</span>, align: "right", className: "pr-4" },
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
    </ListLayout>
  );
}
