import { useEffect } from "react";
import { Link, type ShouldRevalidateFunction } from "react-router";

import { EditLoadingPlaceholder, usePendingEditNavigation } from "~/components/admin/edit-loading";
import { Pager } from "~/components/pager";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { featureTypeLabel } from "~/lib/feature-types";
import { formatDate } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import type { AdminListItem } from "~/server/content/admin-content.server";

import { ContentSearchBox } from "./content-search-box";
import { DeleteDialog } from "./delete-dialog";
import { FeatureButton, useListFeature } from "./feature-button";
import { ListPlaceholder } from "./list-placeholder";
import { RowActions } from "./row-actions";
import { StatusBadge } from "./status-badge";
import { useListDelete } from "./use-list-delete";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * The list reloads after every one of its actions, failed ones included: React Router skips that after
 * a 4xx/5xx, so a row deleted in another tab would stay on screen after 'Failed to delete …'.
 */
export const revalidateAfterListAction: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus != null && actionStatus >= 400 ? true : defaultShouldRevalidate;

/** What the list loader gives the page. */
export interface ContentListData {
  type: ContentType;
  q: string;
  items: AdminListItem[];
  total: number;
  page: number;
  totalPages: number;
  /** PRODUCT.md "Admin list messages": 'Failed to fetch …' when the list could not be read. */
  error: string | null;
}

/** PRODUCT.md "Admin lists", for every type: search, 25-row pages, status, counts, edit, delete, feature. */
export function ContentList({ list }: { list: ContentListData }) {
  const { type, q, items, total, page, totalPages, error } = list;
  const info = CONTENT_REGISTRY[type];
  const texts = adminTexts(type);
  const pendingEdit = usePendingEditNavigation(type);
  const hydrated = useHydrated();

  // PRODUCT.md "Admin list messages": an 'Error' toast besides the inline message.
  useEffect(() => {
    if (error) notify("error", "Error", error);
  }, [error]);

  const { toDelete, setToDelete, visibleItems, confirmDelete } = useListDelete(items);
  const featureFetcher = useListFeature();

  if (pendingEdit) return <EditLoadingPlaceholder type={type} />;

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
        <NewItemLink type={type}>{texts.addButton}</NewItemLink>
      </div>

      <ContentSearchBox q={q} label={`Search ${info.plural}`} />

      {error || visibleItems.length === 0 ? (
        <ListPlaceholder
          error={error}
          empty={texts.empty}
          searching={Boolean(q)}
          createFirst={<NewItemLink type={type}>{texts.createFirst}</NewItemLink>}
        />
      ) : (
        <Card className="py-0">
          <Table>
            <TableColumns
              columns={[
                { label: "Title", className: "pl-4" },
                { label: "Status", className: "hidden sm:table-cell" },
                { label: "Created", className: "hidden md:table-cell" },
                { label: info.counter === "listens" ? "Listens" : "Views", className: "hidden text-right sm:table-cell" },
                { label: <span className="sr-only">Actions</span>, className: "pr-4 text-right" },
              ]}
            />
            <TableBody>
              {visibleItems.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="max-w-md pl-4">
                    <Link to={`${info.adminPath}/${item.id}`} className="line-clamp-2 font-medium break-words hover:underline">
                      {item.title}
                    </Link>
                    {subtitle(type, item) ? <p className="truncate text-xs text-muted-foreground">{subtitle(type, item)}</p> : null}
                    {/* Phones: the status sits under the title instead of in its own column. */}
                    <StatusBadge status={item.status} scheduledFor={scheduledFor(item)} className="mt-1 sm:hidden" />
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusBadge status={item.status} scheduledFor={scheduledFor(item)} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDate(item.createdAt)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{numberFormat.format(item.count)}</TableCell>
                  <TableCell className="pr-4">
                    <RowActions name={item.title} editHref={`${info.adminPath}/${item.id}`} onDelete={() => setToDelete(item)}>
                      {info.featurable ? <FeatureButton item={item} fetcher={featureFetcher} /> : null}
                    </RowActions>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      <Pager page={page} totalPages={totalPages} />

      <DeleteDialog noun={info.noun} itemTitle={toDelete?.title ?? null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
    </div>
  );
}

/** PRODUCT.md "Scheduled publishing": the time a scheduled item appears (the server decided it is ahead). */
function scheduledFor(item: AdminListItem): Date | null {
  return item.scheduled ? item.publishedAt : null;
}

function subtitle(type: ContentType, item: AdminListItem): string | null {
  if (type === "special_feature") return featureTypeLabel(item.subtitle);
  return item.subtitle || null;
}

/** 'Add Video' above the list and 'Create your first video' in an empty one: both open the create screen. */
function NewItemLink({ type, children }: { type: ContentType; children: string }) {
  return (
    <Button asChild>
      <Link to={`${CONTENT_REGISTRY[type].adminPath}/new`}>
        <Icon name="plus" />
        {children}
      </Link>
    </Button>
  );
}
