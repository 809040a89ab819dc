/**
 * The loaders and actions of the company admin (PRODUCT.md "Companies"), in the content routes' patterns
 * (admin-content-handlers.server.ts): the route modules call `requireRight(request, …)` first and hand its
 * result here, so the check cannot be forgotten. The queries are in `companies.server.ts`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { clientReportPath } from "~/lib/client-report";
import { COMPANIES_PATH, COMPANY_PARSE_OPTIONS, COMPANY_TEXTS, companySchema, emptyCompanyValues } from "~/lib/companies";
import { parsePage } from "~/lib/pagination";
import { can } from "~/lib/roles";
import { parseQuery } from "~/lib/search";
import { pageUrl } from "~/server/http/page-url.server";

import type { CurrentUser } from "../auth/session.server";
import { parseSubmission } from "../form-submission.server";
import { logError } from "../log.server";
import { readForm } from "../request-form.server";
import { redirectWithToast } from "../toast.server";
import { companyValuesFromRow, createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from "./companies.server";

function logFailure(what: string, request: Request, error: unknown) {
  logError(`[admin] ${what} failed (${request.method} ${pageUrl(request).pathname})`, error);
}

export async function companyListLoader(request: Request, _admin: CurrentUser) {
  const url = pageUrl(request);
  // PRODUCT.md "Admin lists": control characters in the query become spaces.
  const q = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  try {
    return { q, ...(await listCompanies({ q, page })), error: null };
  } catch (error) {
    logFailure("listing companies", request, error);
    return data({ q, items: [], total: 0, page, totalPages: 0, error: COMPANY_TEXTS.fetchFailed }, { status: 503 });
  }
}

export interface CompanyListActionResult {
  ok: boolean;
  intent: string;
  id?: string;
  message: string;
}

/** The list's one mutation, delete (asked first in the page, PRODUCT.md "Admin lists"). */
export async function companyListAction(request: Request, admin: CurrentUser) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const reply = (result: CompanyListActionResult, status = 200) => data(result, { status });
  if (intent !== "delete") return reply({ ok: false, intent, id, message: "Unknown action" }, 400);
  try {
    return (await deleteCompany(id, admin))
      ? reply({ ok: true, intent, id, message: COMPANY_TEXTS.deleted })
      : reply({ ok: false, intent, id, message: COMPANY_TEXTS.deleteFailed }, 404);
  } catch (error) {
    logFailure(`deleting company ${id}`, request, error);
    return reply({ ok: false, intent, id, message: COMPANY_TEXTS.deleteFailed }, 503);
  }
}

export type CompanyEditorMode = "create" | "edit";

export async function companyEditorLoader(mode: CompanyEditorMode, request: Request, id: string | undefined, user: CurrentUser) {
  // PRODUCT.md "Review": only an admin sets the client flag; others see it, unchangeable.
  const canSetClient = can(user.role, "companies.setClient");
  if (mode === "create") return { mode, id: null, values: emptyCompanyValues(), canSetClient, reportHref: null };
  let row: Awaited<ReturnType<typeof getCompany>>;
  try {
    row = await getCompany(id ?? "");
  } catch (error) {
    logFailure(`loading company ${id}`, request, error);
    throw await redirectWithToast(COMPANIES_PATH, { type: "error", title: "Error", description: COMPANY_TEXTS.loadFailed });
  }
  if (!row) throw await redirectWithToast(COMPANIES_PATH, { type: "error", title: "Error", description: COMPANY_TEXTS.notFound });
  // PRODUCT.md "Client reports": those who may read it find the company's report from its edit screen.
  const reportHref = can(user.role, "reports.read") ? clientReportPath(row.slug) : null;
  return { mode, id: row.id, values: companyValuesFromRow(row), canSetClient, reportHref };
}

/** Conform's reply: field errors and the values as typed; `formErrors` holds a failed save's text (an 'Error' toast). */
export interface CompanyEditorActionData {
  result: SubmissionResult<string[]>;
}

/**
 * Saves the form. Bad input or a taken slug or ticker: 400 with field messages and the values as typed.
 * Database failure: 503 with the failure text. Success: back to the list with a 'Success' toast.
 */
export async function companyEditorAction(mode: CompanyEditorMode, request: Request, id: string | undefined, admin: CurrentUser) {
  const submission = parseSubmission(await readForm(request), companySchema, COMPANY_PARSE_OPTIONS);
  if (submission.status !== "success") return data<CompanyEditorActionData>({ result: submission.reply() }, { status: 400 });
  try {
    const saved = mode === "create" ? await createCompany(submission.value, admin) : await updateCompany(id ?? "", submission.value, admin);
    if (saved.ok) {
      return redirectWithToast(COMPANIES_PATH, {
        type: "success",
        title: "Success",
        description: mode === "create" ? COMPANY_TEXTS.created : COMPANY_TEXTS.updated,
      });
    }
    if (saved.conflict) {
      const { field, message } = saved.conflict;
      return data<CompanyEditorActionData>({ result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status: 400 });
    }
    return redirectWithToast(COMPANIES_PATH, { type: "error", title: "Error", description: COMPANY_TEXTS.notFound });
  } catch (error) {
    logFailure(`${mode === "create" ? "creating" : "updating"} company`, request, error);
    const failure = mode === "create" ? COMPANY_TEXTS.createFailed : COMPANY_TEXTS.updateFailed;
    return data<CompanyEditorActionData>({ result: submission.reply({ formErrors: [failure] }) }, { status: 503 });
  }
}
