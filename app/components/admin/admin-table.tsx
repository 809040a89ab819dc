import type { ReactNode } from "react";

import { Pager } from "~/components/pager";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import { TableCard } from "./table-card";

/** One column of an admin table: its header, and the cell it gives each row. */
export interface AdminColumn<Row> {
  /** Text, or an element (a visually hidden 'Actions'). */
  label: ReactNode;
  /** `right` for figures and dates (and a row's buttons): the header and the cells alike. */
  align?: "left" | "right";
  /** The header's classes: its padding, the width it shows from. */
  className?: string;
  cell: (row: Row) => ReactNode;
  cellClassName?: string;
  /** `top` for cells that run to several lines. */
  verticalAlign?: "middle" | "top";
}

/**
 * An admin list's table on its card (PRODUCT.md "Admin lists"): a header row from `columns`, a row per item
 * (keyed by its id), the line `empty` instead when there are none, and, given `paging`, the pager under the
 * card (its links keep the page's other query parameters).
 */
export function AdminTable<Row extends { id: string | number }>({
  columns,
  rows,
  empty,
  paging,
}: {
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  empty: string;
  paging?: { page: number; totalPages: number };
}) {
  return (
    <>
      <TableCard empty={rows.length === 0 ? empty : null}>
        <Table>
          <TableColumns columns={columns} />
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {columns.map((column, index) => (
                  <TableCell
                    key={index}
                    verticalAlign={column.verticalAlign}
                    className={cn(column.align === "right" && "text-right", column.cellClassName)}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableCard>
      {paging ? <Pager page={paging.page} totalPages={paging.totalPages} /> : null}
    </>
  );
}
