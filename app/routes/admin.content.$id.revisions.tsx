import { data, Form, Link, useActionData } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { restoreRevisionSchema } from "~/lib/review";
import { can } from "~/lib/roles";
import { NOINDEX } from "~/lib/seo";
import { requireRight, ROLE_REFUSAL } from "~/server/auth/session.server";
import { contentTypeOfRequest } from "~/server/content/admin-content-handlers.server";
import { compareRevisions, restoreRevision, revisionHistory, type DiffPart } from "~/server/content/revision-history.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { readForm } from "~/server/request-form.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin.content.$id.revisions";

/** '2026-11-28 21:40 UTC': revisions are read to the minute. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

// PRODUCT.md "Revisions": /admin/{slug}/{id}/revisions, every staff role reads it; restoring is a save.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRight(request, "content.read");
  const type = contentTypeOfRequest(request);
  const history = await revisionHistory(type, params.id);
  if (!history) throw data("Not Found", { status: 404 });
  const url = pageUrl(request);
  const [newest, previous] = history.revisions;
  // Unless chosen, the newest revision against the one before it.
  const toId = url.searchParams.get("to") || newest?.id;
  const fromId = url.searchParams.get("from") || previous?.id || toId;
  const comparison = fromId && toId ? await compareRevisions(type, params.id, fromId, toId) : null;
  return {
    type,
    id: params.id,
    title: history.title,
    editHref: `${CONTENT_REGISTRY[type].adminPath}/${params.id}`,
    revisions: history.revisions.map((revision) => ({ ...revision, at: when(revision.at) })),
    fromId: comparison ? fromId : null,
    toId: comparison ? toId : null,
    comparison,
    mayRestore: can(user.role, "content.edit") || can(user.role, "content.editOwnDraft"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  // A contributor restores in their own drafts only (PRODUCT.md "Roles"): saveItem knows whose draft it is.
  const user = await requireRight(request, "content.create");
  const type = contentTypeOfRequest(request);
  const submission = parseSubmission(await readForm(request), restoreRevisionSchema);
  if (submission.status !== "success")
    return data({ error: Object.values(submission.error ?? {}).flat()[0] ?? "Choose a revision" }, { status: 400 });
  const result = await restoreRevision(type, params.id, submission.value.revisionId, user);
  switch (result.status) {
    case "saved": {
      const description = result.pending
        ? "Restored for review: readers see the published version until compliance approves it."
        : "Revision restored: it is now the current text.";
      return redirectWithToast(pageUrl(request).pathname, { type: "success", title: "Success", description });
    }
    case "refused":
      return data({ error: Object.values(result.fieldErrors).flat()[0] ?? "This revision cannot be restored." }, { status: 409 });
    case "unknownRevision":
      return data({ error: "Choose a revision from the list" }, { status: 400 });
    case "notFound":
      throw data("Not Found", { status: 404 });
    case "forbidden":
      throw data({ error: ROLE_REFUSAL }, { status: 403 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Revisions of ${loaderData?.title ?? "an item"} | Admin | MarketWire` },
  NOINDEX,
];

export default function RevisionsPage({ loaderData }: Route.ComponentProps) {
  const { title, editHref, revisions, fromId, toId, comparison, mayRestore } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link
          to={editHref}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Icon name="arrow-left" className="size-4" />
          Back to the editor
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Revisions</h1>
        <p className="text-muted-foreground">{title}</p>
      </div>

      {actionData?.error ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {actionData.error}
        </p>
      ) : null}

      {revisions.length > 1 ? (
        <Card>
          <CardHeader>
            <h2 className="leading-tight font-semibold">Compare</h2>
            <CardDescription>Words removed are struck through; words added are underlined.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            {/* Keyed by the pair shown, so the choices follow a new revision after a restore. */}
            <Form key={`${fromId}-${toId}`} method="get" className="flex flex-wrap items-end gap-3">
              <RevisionChoice name="from" label="From" revisions={revisions} value={fromId} />
              <RevisionChoice name="to" label="To" revisions={revisions} value={toId} />
              <Button type="submit" variant="outline">
                Compare
              </Button>
            </Form>
            {comparison ? (
              <section aria-labelledby="comparison-heading" className="space-y-3">
                <h3 id="comparison-heading" className="font-semibold">
                  Revision {comparison.from} → revision {comparison.to}
                </h3>
                {comparison.fields.some((field) => field.changed) ? (
                  <dl className="space-y-3">
                    {comparison.fields
                      .filter((field) => field.changed)
                      .map((field) => (
                        <div key={field.label} className="rounded-md border p-3">
                          <dt className="text-sm font-medium">{field.label}</dt>
                          <dd className="mt-1 text-sm whitespace-pre-wrap">
                            <Diff parts={field.parts} />
                          </dd>
                        </div>
                      ))}
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">The two revisions say the same.</p>
                )}
                {comparison.fields.some((field) => !field.changed) ? (
                  <p className="text-sm text-muted-foreground">
                    Unchanged:{" "}
                    {comparison.fields
                      .filter((field) => !field.changed)
                      .map((field) => field.label)
                      .join(", ")}
                    .
                  </p>
                ) : null}
              </section>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">All revisions</h2>
          <CardDescription>Every save is kept. Restoring saves an older text as a new revision; nothing is rewritten.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Revision</TableHead>
                <TableHead scope="col">When</TableHead>
                <TableHead scope="col">Who</TableHead>
                <TableHead scope="col">Why</TableHead>
                <TableHead scope="col">Status</TableHead>
                {mayRestore ? (
                  <TableHead scope="col">
                    <span className="sr-only">Restore</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {revisions.map((revision, index) => (
                <TableRow key={revision.id}>
                  <TableCell className="font-medium">{revision.number}</TableCell>
                  <TableCell className="whitespace-nowrap">{revision.at}</TableCell>
                  <TableCell>{revision.by}</TableCell>
                  <TableCell>
                    {revision.why}
                    {revision.note ? <span className="block text-xs text-muted-foreground">{revision.note}</span> : null}
                  </TableCell>
                  <TableCell className="capitalize">{revision.status}</TableCell>
                  {mayRestore ? (
                    <TableCell>
                      {index > 0 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="restore" />
                          <input type="hidden" name="revisionId" value={revision.id} />
                          <Button type="submit" size="sm" variant="outline" aria-label={`Restore revision ${revision.number}`}>
                            Restore
                          </Button>
                        </Form>
                      ) : (
                        <span className="text-xs text-muted-foreground">Current</span>
                      )}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

function RevisionChoice({
  name,
  label,
  revisions,
  value,
}: {
  name: string;
  label: string;
  revisions: { id: string; number: number; why: string; at: string }[];
  value: string | null | undefined;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`compare-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={`compare-${name}`} name={name} defaultValue={value ?? undefined} className="w-auto">
        {revisions.map((revision) => (
          <option key={revision.id} value={revision.id}>
            Revision {revision.number}: {revision.why}, {revision.at}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A field's words: removed ones struck through, added ones underlined, each said in words for screen readers too. */
function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.change === "removed" ? (
          <del key={index} className="bg-red-500/15 text-red-900 dark:text-red-200">
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : part.change === "added" ? (
          <ins key={index} className="bg-green-500/15 text-green-900 underline dark:text-green-200">
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
