/**
 * PRODUCT.md "Client reports": the links that show one company's report over a fixed period without an
 * account. A link's token is 32 random bytes (base64url), shown once when it is made, like an API key; only
 * its SHA-256 is stored, so neither a copy of the database nor the audit log can open a report. A plain hash
 * is enough: the token is random and long, so nothing can be guessed from its hash (no key needed, and the
 * links survive a change of the server secret).
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { ReportLinkStatus, ReportPeriod } from "~/lib/client-report";

import { actorOf, appendAudit, type AuditPerson } from "../audit/audit-log.server";
import { getDb, schema } from "../db/db.server";

const { reportLinks, companies, users } = schema;

const DAY_MS = 86_400_000;

/** 32 random bytes in base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newReportLinkToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the table keeps of a token: its SHA-256 in hex. */
export function reportLinkTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** One of a company's links, as the report page lists it. */
export interface ReportLinkRow {
  id: string;
  period: ReportPeriod;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  status: ReportLinkStatus;
}

/** Revoked wins over expired: the list says what someone did, then what time did. */
export function reportLinkStatus(link: { expiresAt: Date; revokedAt: Date | null }, now = new Date()): ReportLinkStatus {
  if (link.revokedAt) return "revoked";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

type Executor = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

function audit(
  tx: Executor,
  person: AuditPerson,
  action: "report-link-create" | "report-link-revoke",
  company: { id: string; name: string },
  detail: string,
) {
  return appendAudit(tx, {
    actor: actorOf(person),
    action,
    item: { type: "company", id: company.id, title: company.name },
    detail,
    address: person.address ?? null,
  });
}

/** The link's line in the audit log: which link and what it shows ('link 1a2b3c4d: 2025-03-01 to 2025-03-31'). */
const linkDetail = (id: string, period: ReportPeriod) => `link ${id.slice(0, 8)}: ${period.from} to ${period.to}`;

/**
 * A new link to `company`'s report over `period`, lasting `days` days from `now`, with its audit entry in the
 * same transaction. The token is returned here and never again.
 */
export async function createReportLink(
  company: { id: string; name: string },
  period: ReportPeriod,
  days: number,
  person: AuditPerson,
  now = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = newReportLinkToken();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportLinks)
      .values({
        companyId: company.id,
        periodFrom: period.from,
        periodTo: period.to,
        tokenHash: reportLinkTokenHash(token),
        createdBy: person.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: reportLinks.id });
    await audit(tx, person, "report-link-create", company, `${linkDetail(row!.id, period)}, expires ${expiresAt.toISOString()}`);
    return { id: row!.id, token, expiresAt };
  });
}

export type RevokeOutcome = "revoked" | "alreadyRevoked" | "notFound";

/**
 * Revokes one of `company`'s links. Idempotent: a link revoked before stays as it was (its first revocation's
 * time and person) and writes no second entry. A link of another company is "notFound", as an unknown one is.
 */
export async function revokeReportLink(
  company: { id: string; name: string },
  linkId: string,
  person: AuditPerson,
  now = new Date(),
): Promise<RevokeOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reportLinks)
      .set({ revokedAt: now, revokedBy: person.id })
      .where(and(eq(reportLinks.id, linkId), eq(reportLinks.companyId, company.id), isNull(reportLinks.revokedAt)))
      .returning({ id: reportLinks.id, from: reportLinks.periodFrom, to: reportLinks.periodTo });
    if (row) {
      await audit(tx, person, "report-link-revoke", company, linkDetail(row.id, { from: row.from, to: row.to }));
      return "revoked";
    }
    const [existing] = await tx
      .select({ id: reportLinks.id })
      .from(reportLinks)
      .where(and(eq(reportLinks.id, linkId), eq(reportLinks.companyId, company.id)));
    return existing ? "alreadyRevoked" : "notFound";
  });
}

/** The company's links, newest first, each with its status at `now`. */
export async function reportLinksOf(companyId: string, now = new Date()): Promise<ReportLinkRow[]> {
  const db = await getDb();
  const creator = alias(users, "creator");
  const rows = await db
    .select({
      id: reportLinks.id,
      from: reportLinks.periodFrom,
      to: reportLinks.periodTo,
      createdByName: sql<string | null>`coalesce(nullif(${creator.name}, ''), ${creator.email})`,
      createdAt: reportLinks.createdAt,
      expiresAt: reportLinks.expiresAt,
      revokedAt: reportLinks.revokedAt,
    })
    .from(reportLinks)
    .leftJoin(creator, eq(creator.id, reportLinks.createdBy))
    .where(eq(reportLinks.companyId, companyId))
    .orderBy(desc(reportLinks.createdAt), desc(reportLinks.id));
  return rows.map(({ from, to, ...row }) => ({ ...row, period: { from, to }, status: reportLinkStatus(row, now) }));
}

/**
 * What a link's token opens: the company (by slug, for the report) and the period, or null when the token is
 * malformed, unknown, expired at `now` or revoked. Callers answer all four alike (PRODUCT.md "Client reports").
 */
export async function openReportLink(token: unknown, now = new Date()): Promise<{ slug: string; period: ReportPeriod } | null> {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: companies.slug, from: reportLinks.periodFrom, to: reportLinks.periodTo, expiresAt: reportLinks.expiresAt })
    .from(reportLinks)
    .innerJoin(companies, eq(companies.id, reportLinks.companyId))
    .where(and(eq(reportLinks.tokenHash, reportLinkTokenHash(token)), isNull(reportLinks.revokedAt)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { slug: row.slug, period: { from: row.from, to: row.to } };
}

/**
 * Headers of the pages a link opens (/reports/{token} and its CSV): one client's figures, so never stored by
 * a browser or a shared cache (nor by our page cache: http/page-cache.server.ts never caches /reports), kept
 * out of search engines, and the token in the address never sent to another site as a Referer. The page has
 * no form, so `no-referrer` costs nothing here (compare the newsletter's pages).
 */
export const REPORT_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;
