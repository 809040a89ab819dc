import { data, Form, Link, useActionData, useNavigation } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { CONTENT_REGISTRY, contentTypeBySlug } from "~/lib/content-registry";
import { formatDate } from "~/lib/format";
import { REVIEW_NOTE_MAX, REVIEW_STATE_LABELS, reviewActionSchema, type ReviewState } from "~/lib/review";
import { can } from "~/lib/roles";
import { NOINDEX } from "~/lib/seo";
import { requireRight, ROLE_REFUSAL } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { readForm } from "~/server/request-form.server";
import { reviewItem } from "~/server/review/review-item.server";
import { itemReview, reviewTextView, type ReviewTextView } from "~/server/review/review-queue.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin.review.$slug.$id";

function typeOf(slug: string) {
  const type = contentTypeBySlug(slug);
  if (!type) throw data("Not Found", { status: 404 });
  return type;
}

// PRODUCT.md "Review": one piece's review: the text under review (beside what readers see, for an edit of a
// published piece), the notes, and the buttons each role may use.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRight(request, "content.read");
  const type = typeOf(params.slug);
  const item = await itemReview(type, params.id);
  if (!item) throw data("Not Found", { status: 404 });
  const review = item.review;
  const state = (review?.state ?? null) as ReviewState | null;
  const mayEdit =
    can(user.role, "content.edit") || (can(user.role, "content.editOwnDraft") && item.createdBy === user.id && item.itemStatus === "draft");
  return {
    type,
    id: item.id,
    title: item.title,
    itemStatus: item.itemStatus,
    editHref: mayEdit ? `${CONTENT_REGISTRY[type].adminPath}/${item.id}` : null,
    state,
    stateLabel: state ? REVIEW_STATE_LABELS[state] : "Not submitted",
    pendingEdit: review?.pendingRevisionId != null,
    submitted: review?.submittedBy
      ? { by: review.submittedBy, at: review.submittedAt ? formatDate(review.submittedAt) : null, note: review.submitNote }
      : null,
    reviewed: review?.reviewedBy
      ? { by: review.reviewedBy, at: review.reviewedAt ? formatDate(review.reviewedAt) : null, note: review.reviewNote }
      : null,
    underReview: item.underReview
      ? { revisionId: item.underReview.revision.id, number: item.underReview.revision.number, text: reviewTextView(type, item.underReview) }
      : null,
    current: reviewTextView(type, item.current),
    mayAnswer: can(user.role, "content.review") && state === "submitted",
    maySubmit: can(user.role, "content.submit") && state !== "submitted" && (can(user.role, "content.edit") || mayEdit),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireRight(request, "content.read");
  const type = typeOf(params.slug);
  const submission = parseSubmission(await readForm(request), reviewActionSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await reviewItem(type, params.id, submission.value, user);
  switch (result.status) {
    case "done":
      return redirectWithToast(pageUrl(request).pathname, { type: "success", title: "Success", description: result.message });
    case "refused":
      return data({ result: submission.reply({ formErrors: [result.message] }) }, { status: 409 });
    case "notFound":
      throw data("Not Found", { status: 404 });
    case "forbidden":
      throw data({ error: ROLE_REFUSAL }, { status: 403 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Review: ${loaderData?.title ?? "Piece"} | MarketWire Admin` },
  NOINDEX,
];

export default function AdminReviewItem({ loaderData }: Route.ComponentProps) {
  const { title, state, stateLabel, pendingEdit, submitted, reviewed, underReview, current, editHref } = loaderData;
  const answer = useActionData<typeof action>();
  const formError = answer?.result.error?.[""]?.[0];
  const noteError = answer?.result.error?.note?.[0];
  const busy = useNavigation().state !== "idle";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">
          <Link to="/admin/review" className="hover:underline">
            Review
          </Link>{" "}
          / {CONTENT_REGISTRY[loaderData.type].label}
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {pendingEdit ? (
          <p className="text-sm text-muted-foreground">
            An edit of a published piece: readers see the published text until it is approved.
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={state === "approved" ? "default" : "outline"}>{stateLabel}</Badge>
          {editHref ? (
            <Link to={editHref} className="text-sm text-primary hover:underline">
              Open in the editor
            </Link>
          ) : null}
        </div>
      </div>

      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {formError}
        </p>
      ) : null}

      {submitted || reviewed ? (
        <dl className="grid gap-4 sm:grid-cols-2">
          {submitted ? <Note heading="Sent for review" by={submitted.by} at={submitted.at} note={submitted.note} /> : null}
          {reviewed ? (
            <Note
              heading={state === "approved" ? "Approved" : "Compliance's answer"}
              by={reviewed.by}
              at={reviewed.at}
              note={reviewed.note}
            />
          ) : null}
        </dl>
      ) : null}

      {loaderData.mayAnswer && underReview ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Your answer</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="revisionId" value={underReview.revisionId} />
              <NoteField label="Note to the author (required to request changes)" error={noteError} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="approve" disabled={busy}>
                  Approve revision {underReview.number}
                </Button>
                <Button type="submit" name="intent" value="request-changes" variant="outline" disabled={busy}>
                  Request changes
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      {loaderData.maySubmit ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Submit for review</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-3">
              <NoteField label="Note to compliance (optional)" error={noteError} />
              <Button type="submit" name="intent" value="submit" disabled={busy} className="self-start">
                Submit for review
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      <div className={pendingEdit && underReview ? "grid gap-6 lg:grid-cols-2" : "flex flex-col gap-6"}>
        {underReview && (pendingEdit || state !== "approved") ? (
          <TextCard
            heading={`Under review: revision ${underReview.number}`}
            text={underReview.text}
            changedFrom={pendingEdit ? current : undefined}
          />
        ) : null}
        {!underReview || pendingEdit || state === "approved" ? (
          <TextCard heading={loaderData.itemStatus === "published" ? "What readers see" : "The current text"} text={current} />
        ) : null}
      </div>
    </div>
  );
}

function Note({ heading, by, at, note }: { heading: string; by: string; at: string | null; note: string | null }) {
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-sm font-medium">
        {heading}: {by}
        {at ? <span className="text-muted-foreground">, {at}</span> : null}
      </dt>
      <dd className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{note || "No note."}</dd>
    </div>
  );
}

function NoteField({ label, error }: { label: string; error: string | undefined }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="review-note">{label}</Label>
      <Textarea
        id="review-note"
        name="note"
        rows={3}
        maxLength={REVIEW_NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "review-note-error" : undefined}
      />
      {error ? (
        <p id="review-note-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `changedFrom`: the published text, so each field the edit changes is marked 'Changed'. */
function TextCard({ heading, text, changedFrom }: { heading: string; text: ReviewTextView; changedFrom?: ReviewTextView }) {
  const before = new Map(changedFrom?.rows.map((row) => [row.label, row.value]));
  const changed = (label: string, value: string) => changedFrom !== undefined && before.get(label) !== value;
  const companiesText = (view: ReviewTextView) =>
    view.companies.length === 0
      ? "—"
      : view.companies
          .map((company) => `${company.name} (${company.exchange}:${company.ticker})${company.isClient ? ", a client" : ""}`)
          .join("; ");
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{heading}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {text.rows.map((row) => (
            <div key={row.label} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium">
                {row.label}
                {changed(row.label, row.value) ? <ChangedMark /> : null}
              </dt>
              <dd className="break-words text-muted-foreground">{row.value}</dd>
            </div>
          ))}
          <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium">
              Companies
              {changedFrom && companiesText(changedFrom) !== companiesText(text) ? <ChangedMark /> : null}
            </dt>
            <dd className="text-muted-foreground">{companiesText(text)}</dd>
          </div>
          {changedFrom && changedFrom.contentHtml !== text.contentHtml ? (
            <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium">
                Content
                <ChangedMark />
              </dt>
              <dd className="text-muted-foreground">Below</dd>
            </div>
          ) : null}
        </dl>
        {text.contentHtml ? (
          <div className="prose-content mt-6 max-w-3xl border-t pt-6" dangerouslySetInnerHTML={{ __html: text.contentHtml }} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ChangedMark() {
  return (
    <Badge variant="outline" className="ml-2 align-middle">
      Changed
    </Badge>
  );
}
