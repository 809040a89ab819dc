import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLoaderData, useSubmit, type ShouldRevalidateFunction } from "react-router";

import { EditLoadingPlaceholder, usePendingEditNavigation } from "~/components/admin/edit-loading";
import { Pager } from "~/components/pager";
import { notify } from "~/components/toasts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ADMIN_TYPES, adminTexts, type AdminContentType } from "~/lib/admin-content";
import { featureTypeLabel } from "~/lib/content-types";
import { formatDate } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { AdminListItem, contentListLoader, ListActionResult } from "~/server/admin-content.server";

const numberFormat = new Intl.NumberFormat("en-US");

/** PRODUCT.md "Admin lists": published and draft have their own badge; any other status is outlined. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const variant = status === "published" ? "success" : status === "draft" ? "secondary" : "outline";
  return (
    <Badge variant={variant} className={cn("capitalize", className)}>
      {status}
    </Badge>
  );
}

/**
 * The list reloads after every one of its actions, failed ones included: React Router skips that after
 * a 4xx/5xx, so a row deleted in another tab would stay on screen after 'Failed to delete …'.
 */
export const revalidateAfterListAction: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus != null && actionStatus >= 400 ? true : defaultShouldRevalidate;

function showResultToast(result: ListActionResult | undefined) {
  if (!result) return;
  if (result.ok) notify("success", "Success", result.message);
  else notify("error", "Error", result.message);
}

/** PRODUCT.md "Admin lists", for every type: search, 25-row pages, status, counts, edit, delete, feature. */
export function ContentList({ type }: { type: AdminContentType }) {
  const { q, items, total, page, totalPages, error } = useLoaderData<typeof contentListLoader>();
  const config = ADMIN_TYPES[type];
  const texts = adminTexts(type);
  const pendingEdit = usePendingEditNavigation(type);
  const hydrated = useHydrated();

  // PRODUCT.md "Admin list messages": an 'Error' toast besides the inline message.
  useEffect(() => {
    if (error) notify("error", "Error", error);
  }, [error]);

  // One fetcher for deletes, owned by the list so its toast survives the row disappearing.
  const deleteFetcher = useFetcher<ListActionResult>();
  const [toDelete, setToDelete] = useState<AdminListItem | null>(null);
  useEffect(() => showResultToast(deleteFetcher.data), [deleteFetcher.data]);
  const deletingId = deleteFetcher.formData?.get("id");
  const visibleItems = items.filter((item) => item.id !== deletingId);

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
        <Button asChild>
          <Link to={`${config.listPath}/new`}>
            <Icon name="plus" />
            {texts.addButton}
          </Link>
        </Button>
      </div>

      <SearchBox q={q} label={`Search ${config.plural}`} />

      {error ? (
        <Card>
          <CardContent className="py-6 text-center text-destructive" role="alert">
            {error}. Please try again.
          </CardContent>
        </Card>
      ) : visibleItems.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
            <p className="text-lg font-medium">{texts.empty}</p>
            {q ? (
              <p className="text-sm text-muted-foreground">Try a different search.</p>
            ) : (
              <Button asChild>
                <Link to={`${config.listPath}/new`}>
                  <Icon name="plus" />
                  {texts.createFirst}
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card className="py-0">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">Title</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden md:table-cell">Created</TableHead>
                <TableHead className="hidden text-right sm:table-cell">{config.counter === "listens" ? "Listens" : "Views"}</TableHead>
                <TableHead className="pr-4 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visibleItems.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="max-w-md pl-4">
                    <Link to={`${config.listPath}/${item.id}`} className="line-clamp-2 font-medium break-words hover:underline">
                      {item.title}
                    </Link>
                    {subtitle(type, item) ? <p className="truncate text-xs text-muted-foreground">{subtitle(type, item)}</p> : null}
                    {/* Phones: the status sits under the title instead of in its own column. */}
                    <StatusBadge status={item.status} className="mt-1 sm:hidden" />
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusBadge status={item.status} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDate(item.createdAt)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{numberFormat.format(item.count)}</TableCell>
                  <TableCell className="pr-4">
                    <div className="flex items-center justify-end gap-0.5 sm:gap-1">
                      {config.featurable ? <FeatureButton item={item} /> : null}
                      <Link
                        to={`${config.listPath}/${item.id}`}
                        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8 sm:size-9")}
                        aria-label={`Edit ${item.title}`}
                        title="Edit"
                      >
                        <Icon name="pencil" />
                      </Link>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8 text-destructive hover:text-destructive sm:size-9"
                        aria-label={`Delete ${item.title}`}
                        title="Delete"
                        onClick={() => setToDelete(item)}
                      >
                        <Icon name="trash" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      <Pager page={page} totalPages={totalPages} />

      {/* PRODUCT.md "Admin lists": delete asks for confirmation. */}
      <AlertDialog open={toDelete != null} onOpenChange={(open) => (open ? null : setToDelete(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this {config.noun}?</AlertDialogTitle>
            <AlertDialogDescription>
              &ldquo;{toDelete?.title}&rdquo; will be permanently deleted. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                if (toDelete) deleteFetcher.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
                setToDelete(null);
              }}
            >
              Delete
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function subtitle(type: AdminContentType, item: AdminListItem): string | null {
  if (type === "special-features") return featureTypeLabel(item.subtitle);
  return item.subtitle || null;
}

/**
 * PRODUCT.md "Admin lists": 'Featured' / 'Feature', disabled while the request runs, shown optimistically.
 * A plain form, so it also works before JavaScript loads.
 */
function FeatureButton({ item }: { item: AdminListItem }) {
  const fetcher = useFetcher<ListActionResult>();
  const pending = fetcher.formData?.get("featured");
  const featured = pending != null ? pending === "true" : !!item.featured;
  useEffect(() => showResultToast(fetcher.data), [fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="featured" value={String(!featured)} />
      <Button
        type="submit"
        size="sm"
        variant={featured ? "default" : "outline"}
        className="size-8 sm:h-8 sm:w-auto"
        disabled={fetcher.state !== "idle"}
        aria-pressed={featured}
        aria-label={featured ? `Featured: ${item.title}` : `Feature: ${item.title}`}
      >
        <Icon name="star" className={cn(featured && "fill-current")} />
        <span className="hidden sm:inline">{featured ? "Featured" : "Feature"}</span>
      </Button>
    </fetcher.Form>
  );
}

/**
 * Server-side search (PRODUCT.md "Admin lists": a new search starts at page 1, q kept in the URL). A GET
 * form, so Enter works without JavaScript; with it, typing submits after a short pause.
 */
function SearchBox({ q, label }: { q: string; label: string }) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward changes q: mirror it unless the admin is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" role="search" className="relative max-w-md" onSubmit={() => clearTimeout(timer.current)}>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={inputRef}
        type="search"
        name="q"
        defaultValue={q}
        aria-label={label}
        placeholder={`${label}...`}
        className="pl-9"
        onChange={(event) => {
          const value = event.currentTarget.value.trim();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            submit(value ? { q: value } : {}, { method: "get", replace: true, preventScrollReset: true });
          }, 300);
        }}
      />
    </Form>
  );
}
