import { useEffect, useId, useRef, useState } from "react";
import { data, Link, useActionData, useFetcher, useRevalidator, type ShouldRevalidateFunction } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteDialog } from "~/components/admin/delete-dialog";
import { UploadStatus, useFileUpload } from "~/components/admin/upload-status";
import { notify } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { formatDate, formatDuration } from "~/lib/format";
import { formatBytes, mediaTypeLabel, smallestImageUrl, UPLOAD_ACCEPT } from "~/lib/media-library";
import { parsePage, totalPages } from "~/lib/pagination";
import { NOINDEX } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { ensureCan, requireRight } from "~/server/auth/session.server";
import { getEnv } from "~/server/env.server";
import { pageUrl } from "~/server/http/page-url.server";
import { logError } from "~/server/log.server";
import { deleteMediaFile, listMediaFiles, MEDIA_PAGE_SIZE } from "~/server/media/media-library.server";
import { receiveUpload } from "~/server/media/media-upload.server";
import { readForm } from "~/server/request-form.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin.media";

// PRODUCT.md "Media library": every upload, newest first, 25 a page, with where it is used.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "media.read");
  const page = parsePage(pageUrl(request).searchParams.get("page"));
  const { items, total } = await listMediaFiles({ page });
  const limits = getEnv().UPLOAD_MAX_BYTES;
  return {
    page,
    total,
    totalPages: totalPages(total, MEDIA_PAGE_SIZE),
    limits: { image: formatBytes(limits.image), audio: formatBytes(limits.audio) },
    files: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      url: item.url,
      previewUrl: item.kind === "image" ? smallestImageUrl(item.url) : null,
      name: item.originalName,
      type: mediaTypeLabel(item.mimeType),
      size: formatBytes(item.sizeBytes),
      details: item.width && item.height ? `${item.width} × ${item.height}` : item.duration != null ? formatDuration(item.duration) : "",
      uploadedAt: formatDate(item.createdAt),
      usedBy: item.usedBy.map((use) => ({ ...use, typeLabel: CONTENT_REGISTRY[use.type].label })),
    })),
  };
}

export interface MediaActionResult {
  ok: boolean;
  intent: string;
  message: string;
}

/**
 * An upload from the page's own form (multipart, read as a stream like the upload endpoint: the way
 * without scripts), or a delete (intent=delete, URL-encoded as the page's fetcher sends it), refused
 * while the file is used.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "media.read");
  const reply = (result: MediaActionResult, status = 200) => data(result, { status });
  if (request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    await ensureCan(admin, "media.upload", request);
    const result = await receiveUpload(request, admin);
    if (!result.ok) return reply({ ok: false, intent: "upload", message: result.error }, result.status);
    return redirectWithToast(pageUrl(request).pathname, { type: "success", title: "Success", description: "File uploaded" });
  }

  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "delete") return reply({ ok: false, intent, message: "Unknown action" }, 400);
  await ensureCan(admin, "media.delete", request);
  try {
    const deleted = await deleteMediaFile(String(form.get("id") ?? ""), admin);
    switch (deleted.outcome) {
      case "deleted":
        return reply({ ok: true, intent, message: "File deleted successfully" });
      case "not-found":
        return reply({ ok: false, intent, message: "Failed to delete file: it no longer exists" }, 404);
      case "in-use": {
        const titles = deleted.usedBy.map((use) => `"${use.title}"`).join(", ");
        const count = deleted.usedBy.length === 1 ? "1 item" : `${deleted.usedBy.length} items`;
        return reply({ ok: false, intent, message: `This file is used by ${count} (${titles}): remove it there first.` }, 409);
      }
    }
  } catch (error) {
    logError(`[admin] deleting a media file failed (${request.method} ${pageUrl(request).pathname})`, error);
    return reply({ ok: false, intent, message: "Failed to delete file" }, 503);
  }
}

/** The list reloads after a failed delete too (React Router skips that after a 4xx), as the content lists do. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus != null && actionStatus >= 400 ? true : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [{ title: "Media Library | MarketWire Admin" }, NOINDEX];

type MediaFile = Route.ComponentProps["loaderData"]["files"][number];

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { files, total, page, totalPages, limits } = loaderData;
  const hydrated = useHydrated();
  const deleteFetcher = useFetcher<MediaActionResult>();
  const [toDelete, setToDelete] = useState<MediaFile | null>(null);
  useEffect(() => {
    const result = deleteFetcher.data;
    if (result) notify(result.ok ? "success" : "error", result.ok ? "Success" : "Error", result.message);
  }, [deleteFetcher.data]);
  const deletingId = deleteFetcher.formData?.get("id");
  const visibleFiles = files.filter((file) => file.id !== deletingId);
  const columns = mediaColumns(setToDelete);

  return (
    // data-hydrated: lets end-to-end tests wait until the page's scripts run.
    <div className="flex flex-col gap-6" data-hydrated={hydrated || undefined}>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Media Library</h1>
        <p className="text-muted-foreground">{total === 1 ? "1 file" : `${total.toLocaleString("en-US")} files`}</p>
      </div>

      <UploadCard limits={limits} />

      <AdminTable columns={columns} rows={visibleFiles} empty="No files uploaded yet" paging={{ page, totalPages }} />

      <DeleteDialog
        noun="file"
        itemTitle={toDelete?.name ?? null}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void deleteFetcher.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
        }}
      />
    </div>
  );
}

/** The library's columns: narrow screens show a file's facts and uses under its name (PRODUCT.md "Media library"). */
function mediaColumns(onDelete: (file: MediaFile) => void): AdminColumn<MediaFile>[] {
  return [
    {
      label: <span className="sr-only">Preview</span>,
      className: "w-14 pl-4 sm:w-16",
      verticalAlign: "top",
      cellClassName: "pl-4 sm:align-middle",
      cell: (file) => <Preview file={file} />,
    },
    {
      label: "File",
      verticalAlign: "top",
      cellClassName: "max-w-64 whitespace-normal sm:align-middle",
      cell: (file) => (
        <>
          <a
            href={file.url}
            className="font-medium break-all hover:underline sm:line-clamp-2 md:break-words"
            target="_blank"
            rel="noreferrer"
          >
            {file.name}
          </a>
          {/* Narrow screens: the facts and the uses under the name instead of in their columns. */}
          <p className="text-xs text-muted-foreground md:hidden">{[file.type, file.size, file.details].filter(Boolean).join(" · ")}</p>
          <p className="text-xs text-muted-foreground lg:hidden">Uploaded {file.uploadedAt}</p>
          <UsedIn file={file} className="mt-2 sm:hidden" />
        </>
      ),
    },
    {
      label: "Type",
      className: "hidden md:table-cell",
      cellClassName: "hidden whitespace-nowrap md:table-cell",
      cell: (file) => file.type,
    },
    {
      label: "Size",
      align: "right",
      className: "hidden md:table-cell",
      cellClassName: "hidden whitespace-nowrap tabular-nums md:table-cell",
      cell: (file) => file.size,
    },
    {
      label: "Details",
      className: "hidden lg:table-cell",
      cellClassName: "hidden whitespace-nowrap tabular-nums lg:table-cell",
      cell: (file) => file.details,
    },
    {
      label: "Uploaded",
      className: "hidden lg:table-cell",
      cellClassName: "hidden whitespace-nowrap text-muted-foreground lg:table-cell",
      cell: (file) => file.uploadedAt,
    },
    {
      label: "Used in",
      className: "hidden sm:table-cell",
      cellClassName: "hidden max-w-64 whitespace-normal sm:table-cell",
      cell: (file) => <UsedIn file={file} />,
    },
    {
      label: <span className="sr-only">Actions</span>,
      align: "right",
      className: "pr-4",
      verticalAlign: "top",
      cellClassName: "pr-4 sm:align-middle",
      cell: (file) => (
        <Button
          type="button"
          variant="ghost-destructive"
          size="icon-row"
          aria-label={`Delete ${file.name}`}
          title="Delete"
          onClick={() => onDelete(file)}
        >
          <Icon name="trash" />
        </Button>
      ),
    },
  ];
}

/** The items using a file, each linked to its edit screen. */
function UsedIn({ file, className }: { file: MediaFile; className?: string }) {
  if (file.usedBy.length === 0) return <p className={cn("text-sm text-muted-foreground", className)}>Not used</p>;
  return (
    <ul className={cn("flex flex-col gap-1", className)} aria-label={`Where ${file.name} is used`}>
      {file.usedBy.map((use) => (
        <li key={`${use.type}-${use.id}`} className="flex items-baseline gap-1.5">
          <Badge variant="outline">{use.typeLabel}</Badge>
          <Link to={use.editPath} className="line-clamp-2 break-words hover:underline">
            {use.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Preview({ file }: { file: MediaFile }) {
  if (file.previewUrl) {
    return (
      <img
        src={file.previewUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className="size-12 rounded-md border object-cover"
      />
    );
  }
  return (
    <span className="flex size-10 items-center justify-center rounded-md border bg-muted sm:size-12" aria-hidden="true">
      <Icon name="headphones" className="size-5 text-muted-foreground" />
    </span>
  );
}

/**
 * The page's own upload: a plain multipart form to this page's action, so it works before the scripts
 * load; once they run, the same file goes to the upload endpoint with a progress bar.
 */
function UploadCard({ limits }: { limits: { image: string; audio: string } }) {
  const id = useId();
  const hydrated = useHydrated();
  const actionData = useActionData<MediaActionResult>();
  const revalidator = useRevalidator();
  const { state, upload, cancel, reset } = useFileUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const refusal = state.phase === "idle" && actionData?.intent === "upload" && !actionData.ok ? actionData.message : null;
  const uploading = state.phase === "uploading";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a file</CardTitle>
        <CardDescription id={hintId}>
          Images: JPEG, PNG, WebP, AVIF or GIF, up to {limits.image}. Audio: MP3, M4A/AAC or OGG, up to {limits.audio}. The type is read
          from the file itself.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-3"
          onSubmit={async (event) => {
            if (!hydrated) return;
            event.preventDefault();
            const form = event.currentTarget;
            const file = fileInput.current?.files?.[0];
            if (!file) return;
            const media = await upload(file);
            if (!media) return;
            form.reset();
            notify("success", "Success", "File uploaded");
            await revalidator.revalidate();
          }}
        >
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            File
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              name="file"
              required
              accept={`${UPLOAD_ACCEPT.image},${UPLOAD_ACCEPT.audio}`}
              aria-describedby={[hintId, refusal || state.phase === "failed" ? errorId : null].filter(Boolean).join(" ")}
              aria-invalid={refusal || state.phase === "failed" ? true : undefined}
              onChange={() => reset()}
              className="w-full min-w-0 rounded-md border border-input bg-transparent text-sm shadow-xs file:mr-3 file:border-0 file:border-r file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:max-w-md"
            />
            <Button type="submit" disabled={uploading}>
              {uploading ? "Uploading…" : "Upload"}
            </Button>
          </div>
          <UploadStatus state={state} id={errorId} onCancel={cancel} />
          {refusal ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
