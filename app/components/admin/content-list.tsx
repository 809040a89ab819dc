import { Link, type ShouldRevalidateFunction } from "react-router";

import { EditLoadingPlaceholder, usePendingEditNavigation } from "~/components/admin/edit-loading";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { featureTypeLabel } from "~/lib/feature-types";
import { formatDate } from "~/lib/format";
import { isEpisodeType } from "~/lib/measurement";
import type { AdminListItem } from "~/server/content/admin-content.server";

import { DeleteDialog } from "./delete-dialog";
import { FeatureButton, useListFeature } from "./feature-button";
import { ListLayout, useListErrorToast, type ListPage } from "./list-layout";
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
export interface ContentListData extends ListPage {
  type: ContentType;
  items: AdminListItem[];
}

/** PRODUCT.md "Admin lists", for every type: search, 25-row pages, status, counts, edit, delete, feature. */
export function ContentList({ list }: { list: ContentListData }) {
  const { type } = list;
  const info = CONTENT_REGISTRY[type];
  const pendingEdit = usePendingEditNavigation(type);
  useListErrorToast(list.error);
  const { toDelete, setToDelete, visibleItems, confirmDelete } = useListDelete(list.items);
  const featureFetcher = useListFeature();

  if (pendingEdit) return <EditLoadingPlaceholder type={type} />;
  const episodes = isEpisodeType(type);

  return (
    <ListLayout
      texts={adminTexts(type)}
      searchLabel={`Search ${info.plural}`}
      createPath={`${info.adminPath}/new`}
      list={list}
      empty={visibleItems.length === 0}
      dialog={
        <DeleteDialog noun={info.noun} itemTitle={toDelete?.title ?? null} onClose={() => setToDelete(null)} onConfirm={confirmDelete} />
      }
    >
      <TableColumns
        columns={[
          { label: "Title", className: "pl-4" },
          { label: "Status", className: "hidden sm:table-cell" },
          { label: "Created", className: "hidden md:table-cell" },
          { label: info.counter === "listens" ? "Listens" : "Views", align: "right", className: "hidden sm:table-cell" },
          // PRODUCT.md "Measurement": downloads from the podcast feed, for the types the feed lists.
          ...(episodes ? [{ label: "Downloads", align: "right" as const, className: "hidden sm:table-cell" }] : []),
          { label: <span className="sr-only">Actions</span>, align: "right", className: "pr-4" },
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
              {/* PRODUCT.md "Transcripts": published audio and video owe readers a transcript. */}
              {item.needsTranscript ? (
                <Badge variant="warning" className="mt-1">
                  <Icon name="captions" />
                  Needs transcript
                </Badge>
              ) : null}
              {/* Phones: the status sits under the title instead of in its own column. */}
              <StatusBadge status={item.status} scheduledFor={scheduledFor(item)} className="mt-1 sm:hidden" />
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <StatusBadge status={item.status} scheduledFor={scheduledFor(item)} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{formatDate(item.createdAt)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{numberFormat.format(item.count)}</TableCell>
            {episodes ? (
              <TableCell className="hidden text-right tabular-nums sm:table-cell">{numberFormat.format(item.downloads ?? 0)}</TableCell>
            ) : null}
            <TableCell className="pr-4">
              <RowActions name={item.title} editHref={`${info.adminPath}/${item.id}`} onDelete={() => setToDelete(item)}>
                {info.featurable ? <FeatureButton item={item} fetcher={featureFetcher} /> : null}
              </RowActions>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListLayout>
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
