import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";

import { Pager } from "~/components/pager";
import { notify } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table } from "~/components/ui/table";
import { useHydrated } from "~/lib/use-hydrated";

import { ContentSearchBox } from "./content-search-box";
import { ListPlaceholder } from "./list-placeholder";

const numberFormat = new Intl.NumberFormat("en-US");

/** What an admin list says about itself: 'Videos', 'Add Video', 'No videos yet', 'Create your first video'. */
export interface ListTexts {
  listHeading: string;
  addButton: string;
  empty: string;
  createFirst: string;
}

/** The page of an admin list as its loader reads it. */
export interface ListPage {
  q: string;
  total: number;
  page: number;
  totalPages: number;
  /** PRODUCT.md "Admin list messages": 'Failed to fetch …' when the list could not be read. */
  error: string | null;
}

/** PRODUCT.md "Admin list messages": an 'Error' toast besides the inline message. */
export function useListErrorToast(error: string | null) {
  useEffect(() => {
    if (error) notify("error", "Error", error);
  }, [error]);
}

/**
 * What every admin list shows around its rows (PRODUCT.md "Admin lists"): the heading with how many rows
 * it holds or match and the add button, the search, the table (`children`) or the placeholder when it
 * failed or is empty, the pager and the delete confirmation.
 */
export function ListLayout({
  texts,
  searchLabel,
  createPath,
  list,
  empty,
  dialog,
  children,
}: {
  texts: ListTexts;
  searchLabel: string;
  createPath: string;
  list: ListPage;
  /** No rows to show (those being deleted are hidden). */
  empty: boolean;
  dialog: ReactNode;
  /** The table's columns and body. */
  children: ReactNode;
}) {
  const { q, total, page, totalPages, error } = list;
  const hydrated = useHydrated();
  return (
    // data-hydrated: lets end-to-end tests wait until the list's scripts run.
    <div className="space-y-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{texts.listHeading}</h1>
          <p className="text-sm text-muted-foreground">
            {q ? `${numberFormat.format(total)} matching "${q}"` : `${numberFormat.format(total)} in total`}
          </p>
        </div>
        <CreateLink to={createPath}>{texts.addButton}</CreateLink>
      </div>

      <ContentSearchBox q={q} label={searchLabel} />

      {error || empty ? (
        <ListPlaceholder
          error={error}
          empty={texts.empty}
          searching={Boolean(q)}
          createFirst={<CreateLink to={createPath}>{texts.createFirst}</CreateLink>}
        />
      ) : (
        <Card spacing="flush">
          <Table>{children}</Table>
        </Card>
      )}

      <Pager page={page} totalPages={totalPages} />

      {dialog}
    </div>
  );
}

/** 'Add Video' above the list and 'Create your first video' in an empty one: both open the create screen. */
function CreateLink({ to, children }: { to: string; children: string }) {
  return (
    <Link className={buttonVariants()} to={to}>
      <Icon name="plus" />
      {children}
    </Link>
  );
}
