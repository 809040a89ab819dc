/**
 * PRODUCT.md "Client reports": the report page's 'Share with the client' section, what it lists and what its
 * forms do. The route has checked `reports.read`. A new link's address is answered in the action's data,
 * shown once and never again; a revocation goes back to the page with a toast.
 */
import { data } from "react-router";

import { NO_STORE } from "~/lib/cache-headers";
import {
  LINK_DAYS,
  REPORT_LINK_STATUS_LABELS,
  REPORT_LINK_TEXTS,
  reportLinkPath,
  revokeReportLinkSchema,
  shareReportSchema,
} from "~/lib/client-report";
import { COMPANY_TEXTS } from "~/lib/companies";
import { formatUtcMinute } from "~/lib/format";
import { z } from "~/lib/zod";

import type { CurrentUser } from "../auth/session.server";
import { companyBySlug } from "../companies/company-pages.server";
import { parseSubmission } from "../form-submission.server";
import { pageUrl } from "../http/page-url.server";
import { readForm } from "../request-form.server";
import { absoluteUrl } from "../seo/site-url.server";
import { redirectWithToast } from "../toast.server";
import { createReportLink, reportLinksOf, revokeReportLink } from "./report-links.server";

const when = (at: Date) => ({ at: at.toISOString(), text: formatUtcMinute(at) });

/** The share section's data for the report page of the company with this slug: the form's bounds and its links. */
export async function shareSection(slug: string, now = new Date()) {
  const company = await companyBySlug(slug);
  const links = company ? await reportLinksOf(company.id, now) : [];
  return {
    days: LINK_DAYS,
    links: links.map((link) => ({
      id: link.id,
      period: link.period,
      createdBy: link.createdByName ?? "a deleted account",
      created: when(link.createdAt),
      expires: when(link.expiresAt),
      revoked: link.revokedAt ? when(link.revokedAt) : null,
      status: link.status,
      statusLabel: REPORT_LINK_STATUS_LABELS[link.status],
    })),
  };
}

/** What a refused form answers: a message, and the fields' own messages when the form was wrong. */
export interface ShareFailure {
  ok: false;
  message: string;
  fields?: Record<string, string[] | null>;
}

/** A link just made: its address, shown once. */
export interface ShareCreated {
  ok: true;
  url: string;
  expires: { at: string; text: string };
}

const failure = (message: string, status: number, fields?: ShareFailure["fields"]) =>
  data<ShareFailure>({ ok: false, message, fields }, { status, headers: NO_STORE });

const intentSchema = z.object({ intent: z.enum(["share", "revoke"]) });

/** The report page's action: 'share' makes a link for the company and the period posted, 'revoke' ends one. */
export async function reportLinkAction(request: Request, slug: string, user: CurrentUser, now = new Date()) {
  const form = await readForm(request);
  const intent = intentSchema.safeParse({ intent: form.get("intent") });
  if (!intent.success) return failure(REPORT_LINK_TEXTS.unknownIntent, 400);
  const company = await companyBySlug(slug);
  if (!company) return failure(COMPANY_TEXTS.notFound, 404);

  if (intent.data.intent === "share") {
    const submission = parseSubmission(form, shareReportSchema);
    if (submission.status !== "success") {
      const fields = submission.error ?? undefined;
      return failure(fields?.days?.[0] ?? fields?.to?.[0] ?? fields?.from?.[0] ?? REPORT_LINK_TEXTS.days, 400, fields);
    }
    const { days, from, to } = submission.value;
    const link = await createReportLink(company, { from, to }, days, user, now);
    return data<ShareCreated>(
      { ok: true, url: absoluteUrl(reportLinkPath(link.token)), expires: when(link.expiresAt) },
      { headers: NO_STORE },
    );
  }

  const submission = parseSubmission(form, revokeReportLinkSchema);
  if (submission.status !== "success") return failure(REPORT_LINK_TEXTS.notFound, 404);
  const outcome = await revokeReportLink(company, submission.value.linkId, user, now);
  if (outcome === "notFound") return failure(REPORT_LINK_TEXTS.notFound, 404);
  const url = pageUrl(request);
  return redirectWithToast(`${url.pathname}${url.search}`, {
    type: "success",
    title: "Success",
    description: outcome === "revoked" ? REPORT_LINK_TEXTS.revoked : REPORT_LINK_TEXTS.alreadyRevoked,
  });
}
