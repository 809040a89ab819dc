import { Link } from "react-router";

import { ContentEditor } from "~/components/admin/content-editor";
import { DailyChart, type DailyPoint } from "~/components/admin/daily-chart";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { REVIEW_STATE_LABELS } from "~/lib/review";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { contentEditorAction, contentEditorLoader, contentTypeOfRequest } from "~/server/content/admin-content-handlers.server";
import { itemDailyTotals } from "~/server/counting/daily-stats.server";
import { pageUrl } from "~/server/http/page-url.server";
import { logError } from "~/server/log.server";
import { reviewSummary } from "~/server/review/review-queue.server";

import type { Route } from "./+types/admin.content.$id";

// PRODUCT.md "Editor": edit an item of any type (/admin/{slug}/{id}, see routes.ts).
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireRight(request, "content.read");
  const type = contentTypeOfRequest(request);
  const [editor, daily, review] = await Promise.all([
    contentEditorLoader(type, "edit", request, params.id, admin),
    itemFigures(type, params.id, request),
    reviewSummary(type, params.id),
  ]);
  return { ...editor, daily, review };
}

/**
 * PRODUCT.md "Views over time": the item's last 30 days (every type counts its views or listens). A failure
 * is logged and leaves the editor working: `{ failed: true }`.
 */
async function itemFigures(type: ContentType, id: string, request: Request): Promise<{ figures: DailyPoint[] } | { failed: true }> {
  const counter = CONTENT_REGISTRY[type].counter;
  try {
    const totals = await itemDailyTotals(type, id);
    return { figures: totals.map(({ day, hits }) => ({ day, [counter]: hits })) };
  } catch (error) {
    logError(`[admin] daily figures of ${type} ${id} failed (${pageUrl(request).pathname})`, error);
    return { failed: true };
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  // A contributor edits their own drafts (PRODUCT.md "Roles"): saveItem knows whose draft it is.
  const admin = await requireRight(request, "content.create");
  return contentEditorAction(contentTypeOfRequest(request), "edit", request, params.id, admin);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? adminTexts(loaderData.type).editHeading : "Edit"} | Admin | MarketWire` },
  NOINDEX,
];

export default function AdminContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { daily, review, ...editor } = loaderData;
  const counter = CONTENT_REGISTRY[editor.type].counter;
  const heading = counter === "listens" ? "Listens over time" : "Views over time";
  return (
    <div className="flex flex-col gap-8">
      {/* A new key per item, so moving between two edit screens starts from the new item's values. */}
      <ContentEditor key={`${editor.type}-${editor.id}`} editor={editor} actionData={actionData} notice={<ReviewLine review={review} />} />
      <section aria-labelledby="item-over-time">
        <Card>
          <CardHeader>
            <CardTitle>
              <span id="item-over-time" className="text-lg">
                {heading}
              </span>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {"figures" in daily ? (
              <DailyChart
                figures={daily.figures}
                series={[counter]}
                label={`${counter === "listens" ? "Listens" : "Views"} of this ${CONTENT_REGISTRY[editor.type].noun}, per day, last ${daily.figures.length} days`}
              />
            ) : (
              <p className="text-sm text-muted-foreground">The daily figures could not be loaded.</p>
            )}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

/** PRODUCT.md "Review": where the piece stands with compliance, and the way to its review page. */
function ReviewLine({ review }: { review: Awaited<ReturnType<typeof reviewSummary>> }) {
  return (
    <section aria-label="Compliance review" className="flex flex-col gap-1 rounded-lg border px-4 py-3 text-sm">
      <p>
        <span className="font-medium">Compliance review:</span> {review.state ? REVIEW_STATE_LABELS[review.state] : "Not submitted"}
        {review.pendingEdit ? " (an edit of the published piece: readers see the published text until it is approved)" : ""}.{" "}
        <Link to={review.href} className="text-primary hover:underline">
          Open the review page
        </Link>
        {" · "}
        {/* PRODUCT.md "Revisions": every save of the piece, compared and restored. */}
        <Link to="revisions" relative="path" className="text-primary hover:underline">
          Revisions
        </Link>
      </p>
      {review.reviewNote ? (
        <p className="whitespace-pre-line text-muted-foreground">
          {review.reviewedBy}: {review.reviewNote}
        </p>
      ) : null}
    </section>
  );
}
