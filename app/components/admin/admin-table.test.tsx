/** The admin lists' table (PRODUCT.md "Admin lists", "Paging"): its header, its rows, its empty line and its pager. */
import "../../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";

import { renderRoute } from "../../../tests/support/render";
import { AdminTable, type AdminColumn } from "./admin-table";

interface Account {
  id: string;
  email: string;
  createdAt: string;
}

const COLUMNS: AdminColumn<Account>[] = [
  { label: "Account", cell: (account) => <a href={`mailto:${account.email}`}>{account.email}</a> },
  { label: "Created", align: "right", className: "hidden md:table-cell", cellClassName: "hidden md:table-cell", cell: (a) => a.createdAt },
  { label: <span className="sr-only">Actions</span>, cell: (account) => <button type="button">Edit {account.email}</button> },
];

const ANN = { id: "a", email: "ann@example.com", createdAt: "Apr 2, 2026" };
const BO = { id: "b", email: "bo@example.com", createdAt: "Apr 1, 2026" };

interface Shown {
  rows: Account[];
  paging?: { page: number; totalPages: number };
}

function Page() {
  const { rows, paging } = useLoaderData() as Shown;
  return <AdminTable columns={COLUMNS} rows={rows} empty="No accounts found" paging={paging} />;
}

const show = (url: string, loaderData: Shown) => renderRoute(Page, url, { loaderData });

describe("AdminTable", () => {
  it("heads each column with its label, a hidden one included, and right-aligns a right column's header and cells", () => {
    show("/admin/users", { rows: [ANN] });
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["Account", "Created", "Actions"]);
    expect(headers[1]!.className).toContain("text-right");
    expect(screen.getByRole("cell", { name: "Apr 2, 2026" }).className).toContain("text-right");
    expect(screen.getByRole("cell", { name: "ann@example.com" }).className).not.toContain("text-right");
  });

  it("gives each row its cells in the columns' order, with each column's cell classes", () => {
    show("/admin/users", { rows: [ANN, BO] });
    const [, ...rows] = screen.getAllByRole("row");
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["ann@example.com", "Apr 2, 2026", "Edit ann@example.com"],
      ["bo@example.com", "Apr 1, 2026", "Edit bo@example.com"],
    ]);
    expect(within(rows[1]!).getAllByRole("cell")[1]!.className).toContain("hidden md:table-cell");
    expect(within(rows[1]!).getByRole("link", { name: "bo@example.com" }).getAttribute("href")).toBe("mailto:bo@example.com");
  });

  it("says the empty line instead of a table when there are no rows", () => {
    show("/admin/users", { rows: [] });
    expect(screen.getByText("No accounts found")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("puts the pager under the table, its links keeping the page's other query parameters", () => {
    show("/admin/users?q=ann&page=2", { rows: [ANN], paging: { page: 2, totalPages: 3 } });
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(screen.getByRole("table").compareDocumentPosition(pager) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const hrefOf = (name: string) => within(pager).getByRole("link", { name }).getAttribute("href");
    expect(hrefOf("Previous")).toBe("/admin/users?q=ann");
    expect(hrefOf("3")).toBe("/admin/users?q=ann&page=3");
    expect(hrefOf("Next")).toBe("/admin/users?q=ann&page=3");
    expect(within(pager).getByRole("link", { name: "2" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows no pager without paging, nor for a single page", () => {
    show("/admin/mail", { rows: [ANN] });
    expect(screen.queryByRole("navigation")).toBeNull();
    show("/admin/users", { rows: [ANN], paging: { page: 1, totalPages: 1 } });
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
