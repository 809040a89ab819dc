/**
 * The loaders and actions of the admin content routes (PRODUCT.md "Admin content"), for every type; the
 * route modules call `requireRight(request, …)` first and hand its user to these, which check the rights an
 * intent needs on top (PRODUCT.md "Roles"), so the check cannot be forgotten. The queries they run are in `admin-content.server.ts`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY, contentTypeBySlug } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { emptyEditorValues, type EditorMode } from "~/lib/editor-values";
import { parsePage } from "~/lib/pagination";
import { REVIEW_MESSAGES } from "~/lib/review";
import { can } from "~/lib/roles";
import { parseQuery } from "~/lib/search";
import { pageUrl } from "~/server/http/page-url.server";

import { ensureCan, ROLE_REFUSAL, type CurrentUser } from "../auth/session.server";
import { parseSubmission } from "../form-submission.server";
import { logError } from "../log.server";
import { readForm } from "../request-form.server";
import { pendingEdit, type RevisionFields } from "../revisions/revisions.server";
import { redirectWithToast } from "../toast.server";
import { deleteContent, editorValuesFromRow, getContent, listContent, setFeatured } from "./admin-content.server";
import { companiesByIds, itemCompanies, type ItemCompanyRow } from "./item-companies.server";
import { saveItem, type SaveItemResult } from "./save-item.server";

function logFailure(what: string, request: Request, error: unknown) {
  logError(`[admin] ${what} failed (${request.method} ${pageUrl(request).pathname})`, error);
}

/** The content type of an admin content route, from its path: /admin/{slug}[/…]. */
export function contentTypeOfRequest(request: Request): ContentType {
  const type = contentTypeBySlug(pageUrl(request).pathname.split("/")[2] ?? "");
  if (!type) throw data("Not Found", { status: 404 });
  return type;
}

export async function contentListLoader(type: ContentType, request: Request, _admin: CurrentUser) {
  const url = pageUrl(request);
  // The public search's rule: control characters become spaces (PRODUCT.md "Security").
  const q = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  try {
    return { type, q, ...(await listContent(type, { q, page })), error: null };
  } catch (error) {
    logFailure(`listing ${type}`, request, error);
    // PRODUCT.md "Admin list messages": 'Error' / 'Failed to fetch videos' (shown by the page), with the
    // public lists' status for a database failure.
    return data({ type, q, items: [], total: 0, page, totalPages: 0, error: adminTexts(type).fetchFailed }, { status: 503 });
  }
}

export interface ListActionResult {
  ok: boolean;
  intent: string;
  id?: string;
  featured?: boolean;
  message: string;
}

/** The list's mutations, told apart by `intent`: delete and (videos, podcasts) feature. */
export async function contentListAction(type: ContentType, request: Request, user: CurrentUser) {
  const texts = adminTexts(type);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const reply = (result: ListActionResult, status = 200) => data(result, { status });

  if (intent === "delete") {
    await ensureCan(user, "content.delete", request);
    try {
      const deleted = await deleteContent(type, id, user);
      return deleted
        ? reply({ ok: true, intent, id, message: texts.deleted })
        : reply({ ok: false, intent, id, message: texts.deleteFailed }, 404);
    } catch (error) {
      logFailure(`deleting ${type} ${id}`, request, error);
      return reply({ ok: false, intent, id, message: texts.deleteFailed }, 503);
    }
  }

  if (intent === "feature" && CONTENT_REGISTRY[type].featurable) {
    await ensureCan(user, "content.feature", request);
    const value = form.get("featured");
    if (value !== "true" && value !== "false") return reply({ ok: false, intent, id, message: texts.featureFailed }, 400);
    const featured = value === "true";
    try {
      const updated = await setFeatured(type, id, featured, user);
      return updated
        ? reply({ ok: true, intent, id, featured, message: featured ? texts.featured : texts.unfeatured })
        : reply({ ok: false, intent, id, message: texts.featureFailed }, 404);
    } catch (error) {
      logFailure(`featuring ${type} ${id}`, request, error);
      return reply({ ok: false, intent, id, message: texts.featureFailed }, 503);
    }
  }

  return reply({ ok: false, intent, id, message: "Unknown action" }, 400);
}

export async function contentEditorLoader(
  type: ContentType,
  mode: EditorMode,
  request: Request,
  id: string | undefined,
  admin: CurrentUser,
) {
  // PRODUCT.md "Roles": a contributor's editor saves drafts only.
  const mayPublish = can(admin.role, "content.publish");
  // PRODUCT.md "Companies": the picker shows the chosen companies by name, so the loader gives them whole.
  if (mode === "create") return { type, mode, id: null, values: emptyEditorValues(type), companies: [] as ItemCompanyRow[], mayPublish };
  const texts = adminTexts(type);
  const listPath = CONTENT_REGISTRY[type].adminPath;
  let row: Record<string, unknown> | null;
  let companies: ItemCompanyRow[];
  try {
    [row, companies] = await Promise.all([getContent(type, id ?? ""), itemCompanies(type, id ?? "")]);
  } catch (error) {
    logFailure(`loading ${type} ${id}`, request, error);
    throw await redirectWithToast(listPath, { type: "error", title: "Error", description: texts.loadFailed });
  }
  if (!row) throw await redirectWithToast(listPath, { type: "error", title: "Error", description: texts.notFound });
  // PRODUCT.md "Review": an edit of a published piece waiting for approval opens in the editor, not the published text.
  const pending = await pendingEdit(type, String(row.id));
  if (pending) {
    const { companyIds, ...fields } = pending.fields as RevisionFields;
    const values = { ...editorValuesFromRow(type, { ...row, ...fields, status: pending.status }), companyIds };
    return { type, mode, id: String(row.id), values, companies: await companiesByIds(companyIds), mayPublish };
  }
  const values = { ...editorValuesFromRow(type, row), companyIds: companies.map((company) => company.id) };
  return { type, mode, id: String(row.id), values, companies, mayPublish };
}

/**
 * Conform's reply: field errors and the values as typed; `formErrors` holds the create/update failure
 * text, shown as the 'Error' toast (PRODUCT.md "Admin editor messages").
 */
export interface EditorActionData {
  result: SubmissionResult<string[]>;
  /** The companies chosen in the refused form, by name, so the picker can show them again without scripts. */
  companies: ItemCompanyRow[];
}

/** The submitted company ids, as the picker sent them (the reply's values hold one as text, several as a list). */
function submittedCompanyIds(result: SubmissionResult<string[]>): string[] {
  const value = result.initialValue?.companyIds;
  return (Array.isArray(value) ? value : value == null ? [] : [value]).filter((id): id is string => typeof id === "string");
}

/**
 * A refused or failed save's answer: Conform's reply and the chosen companies. When even the companies
 * cannot be read (the database is down), the failure is logged and the picker starts empty.
 */
async function editorReply(result: SubmissionResult<string[]>, status: 400 | 503, request: Request) {
  let companies: ItemCompanyRow[] = [];
  try {
    companies = await companiesByIds(submittedCompanyIds(result));
  } catch (error) {
    logFailure("reading the chosen companies", request, error);
  }
  return data<EditorActionData>({ result, companies }, { status });
}

/**
 * Reads and parses the form, hands it to `saveItem`, and answers. Bad input or a refused save: 400 with field
 * errors and the values as typed. Database failure: 503 with the failure message and the values. Success: back
 * to the list with the 'Success' toast (PRODUCT.md "Admin editor messages").
 */
export async function contentEditorAction(
  type: ContentType,
  mode: EditorMode,
  request: Request,
  id: string | undefined,
  user: CurrentUser,
) {
  const texts = adminTexts(type);
  const listPath = CONTENT_REGISTRY[type].adminPath;
  const submission = parseSubmission(await readForm(request), editorSchema(type, mode), EDITOR_PARSE_OPTIONS);
  if (submission.status !== "success") return editorReply(submission.reply(), 400, request);
  const input = submission.value;
  let result: SaveItemResult;
  try {
    result = await saveItem({ type, id: mode === "create" ? undefined : (id ?? ""), input, user });
  } catch (error) {
    logFailure(`${mode === "create" ? "creating" : "updating"} ${type}`, request, error);
    const failure = mode === "create" ? texts.createFailed : texts.updateFailed;
    return editorReply(submission.reply({ formErrors: [failure] }), 503, request);
  }
  switch (result.status) {
    case "saved": {
      const description = result.pending
        ? REVIEW_MESSAGES.pendingSaved
        : !result.created
          ? texts.updated
          : input.status === "published"
            ? texts.published
            : texts.savedDraft;
      return redirectWithToast(listPath, { type: "success", title: "Success", description });
    }
    case "refused":
      return editorReply(submission.reply({ fieldErrors: result.fieldErrors }), 400, request);
    case "notFound":
      return redirectWithToast(listPath, { type: "error", title: "Error", description: texts.notFound });
    case "forbidden":
      // PRODUCT.md "Roles": the route let a role that writes content in; the operation knows whose draft this is.
      throw data({ error: ROLE_REFUSAL }, { status: 403 });
  }
}
