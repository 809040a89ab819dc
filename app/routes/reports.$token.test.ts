/**
 * PRODUCT.md "Client reports": the links that share a report without an account. Made and revoked on the
 * report page (its action), opened at /reports/{token} and /reports/{token}.csv.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { REPORT_LINK_TEXTS } from "~/lib/client-report";
import type { Role } from "~/lib/roles";
import { getDb, schema } from "~/server/db/db.server";
import { reportLinkStatus, reportLinkTokenHash } from "~/server/reports/report-links.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { REPORT_PERIOD, seedClientReport } from "../../tests/support/client-report";
import { insertCompany } from "../../tests/support/companies";
import { pdfText as readPdf } from "../../tests/support/pdf-text";
import { callRoute } from "../../tests/support/route";
import { action, loader as reportLoader } from "./admin.companies.$slug.report";
import { loader as adminCsvLoader } from "./admin.companies.$slug.report[.csv]";
import { loader as adminPdfLoader } from "./admin.companies.$slug.report[.pdf]";
import { loader as publicLoader } from "./reports.$token";
import { loader as csvLoader } from "./reports.$token[.csv]";
import { loader as pdfLoader } from "./reports.$token[.pdf]";

const users = {} as Record<Role, { cookie: string; id: string }>;
beforeAll(async () => {
  for (const role of ["reader", "contributor", "editor", "compliance", "admin"] as const) {
    const { cookie, user } = await createSignedInUser({ role });
    users[role] = { cookie, id: user.id };
  }
});

const PERIOD_QUERY = `from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`;
const reportPath = (slug: string) => `/admin/companies/${slug}/report?${PERIOD_QUERY}`;

function post(slug: string, form: Record<string, string>, role: Role = "editor") {
  return callRoute(action, appRequest(reportPath(slug), { cookie: users[role].cookie, form }), { params: { slug } });
}
const share = (slug: string, days = "14", role: Role = "editor", period = REPORT_PERIOD) =>
  post(slug, { intent: "share", days, from: period.from, to: period.to }, role);
const revoke = (slug: string, linkId: string, role: Role = "editor") => post(slug, { intent: "revoke", linkId }, role);

/** The token at the end of a link's address. */
function tokenOf(answer: Awaited<ReturnType<typeof share>>) {
  expect(answer.status).toBe(200);
  const body = answer.body as { ok: true; url: string };
  expect(body.url).toMatch(/^http:\/\/localhost:3000\/reports\/[A-Za-z0-9_-]{43}$/);
  return body.url.split("/").pop()!;
}

const openPublic = (token: string) => callRoute(publicLoader, appRequest(`/reports/${token}`), { params: { token } });
const openCsv = (token: string) => callRoute(csvLoader, appRequest(`/reports/${token}.csv`), { params: { token } });
const openPdf = (token: string) => callRoute(pdfLoader, appRequest(`/reports/${token}.pdf`), { params: { token } });
const pdfLines = async (answer: { response?: Response }) =>
  (await readPdf(new Uint8Array(await answer.response!.arrayBuffer()))).lines.flat();

async function linksOf(companyId: string) {
  const db = await getDb();
  return db.select().from(schema.reportLinks).where(eq(schema.reportLinks.companyId, companyId)).orderBy(schema.reportLinks.createdAt);
}
async function auditOf(companyId: string) {
  const db = await getDb();
  const entries = await db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.itemId, companyId), inArray(schema.auditLog.action, ["report-link-create", "report-link-revoke"])))
    .orderBy(schema.auditLog.id);
  return entries.map(({ action, actorId, itemType, detail }) => ({ action, actorId, itemType, detail }));
}

const GONE = { status: 410, body: { state: "gone" } };
const PRIVATE = { "cache-control": "private, no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" };
const headersOf = (answer: { headers: Headers }) => ({
  "cache-control": answer.headers.get("Cache-Control"),
  "x-robots-tag": answer.headers.get("X-Robots-Tag"),
  "referrer-policy": answer.headers.get("Referrer-Policy"),
});

describe("a shared link opens the report without an account", () => {
  it("an editor makes a link; it opens the same figures as the admin page, and the same CSV", async () => {
    const { client } = await seedClientReport();
    const before = Date.now();
    const created = await share(client.slug, "7");
    const token = tokenOf(created);
    const expiresAt = Date.parse((created.body as { expires: { at: string } }).expires.at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const [row] = await linksOf(client.id);
    expect(row).toMatchObject({ periodFrom: "2025-03-01", periodTo: "2025-03-03", createdBy: users.editor.id, revokedAt: null });
    // Only the hash is kept, never the token itself.
    expect(row!.tokenHash).toBe(reportLinkTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await openPublic(token);
    expect(page.status).toBe(200);
    expect(headersOf(page)).toEqual(PRIVATE);
    const body = page.body as { state: "open"; report: { company: { name: string }; period: unknown; totals: unknown }; csvHref: string };
    expect(body.state).toBe("open");
    expect(body.report.company.name).toBe("Halcyon Gold");
    expect(body.report.period).toEqual(REPORT_PERIOD);
    expect(body.report.totals).toMatchObject({
      views: 10,
      listens: 7,
      uniques: 15,
      downloads: 5,
      listeners: 5,
      plays: { plays: 12, seconds: 6000 },
      mail: { newsletterSends: 400, newsletterClicks: 18, alertSends: 80, alertClicks: 6 },
    });
    expect(body.csvHref).toBe(`/reports/${token}.csv`);

    const admin = await callRoute(reportLoader, appRequest(reportPath(client.slug), { cookie: users.editor.cookie }), {
      params: { slug: client.slug },
    });
    const { generatedAt: _a, ...adminFigures } = admin.body as unknown as Record<string, unknown>;
    const { generatedAt: _b, ...publicFigures } = body.report as unknown as Record<string, unknown>;
    for (const key of ["company", "period", "items", "totals", "daily", "referrers", "devices", "disclosures"])
      expect(publicFigures[key], key).toEqual(adminFigures[key]);

    const csv = await openCsv(token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(headersOf(csv)).toEqual(PRIVATE);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('"TOTAL","","","","10","7","15","5","5","12","11","8","6","4","500","400","18","80","6"');
    const adminCsv = await callRoute(
      adminCsvLoader,
      appRequest(`/admin/companies/${client.slug}/report.csv?${PERIOD_QUERY}`, { cookie: users.editor.cookie }),
      {
        params: { slug: client.slug },
      },
    );
    expect(csv.body).toBe(adminCsv.body);
    expect(csv.headers.get("Content-Disposition")).toBe(adminCsv.headers.get("Content-Disposition"));

    // The PDF: the admin's, with the link's private headers.
    const pdf = await openPdf(token);
    expect([pdf.status, pdf.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    expect(headersOf(pdf)).toEqual(PRIVATE);
    const adminPdf = await callRoute(
      adminPdfLoader,
      appRequest(`/admin/companies/${client.slug}/report.pdf?${PERIOD_QUERY}`, { cookie: users.editor.cookie }),
      { params: { slug: client.slug } },
    );
    expect(pdf.headers.get("Content-Disposition")).toBe(adminPdf.headers.get("Content-Disposition"));
    const pdfText = await pdfLines(pdf);
    const totalsOf = (text: string[]) => text.filter((line) => line.startsWith("TOTAL"));
    expect(pdfText).toContain("Client report: Halcyon Gold");
    expect(totalsOf(pdfText)).toEqual(totalsOf(await pdfLines(adminPdf)));
    expect(totalsOf(pdfText)).toHaveLength(3);
    expect(totalsOf(pdfText).at(-1)).toBe("TOTAL 400 18 4.5% 80 6 7.5%");
  });

  it("a link for company A never shows company B", async () => {
    const { client, other } = await seedClientReport();
    const token = tokenOf(await share(other.slug));
    const page = await openPublic(token);
    const body = page.body as { report: { company: { slug: string }; items: { title: string }[]; totals: { views: number } } };
    expect(body.report.company.slug).toBe(other.slug);
    expect(body.report.items.map((item) => item.title).sort()).toEqual(["Other podcast", "Other video"]);
    expect(body.report.totals.views).toBe(1000);
    expect(JSON.stringify(page.body)).not.toContain(client.name);
    expect(String((await openCsv(token)).body)).not.toContain("Drill results");
  });

  it("compliance and admins may share too; the page lists each link with who made it", async () => {
    const company = await insertCompany();
    tokenOf(await share(company.slug, "14", "compliance"));
    tokenOf(await share(company.slug, "30", "admin"));
    const page = await callRoute(reportLoader, appRequest(reportPath(company.slug), { cookie: users.editor.cookie }), {
      params: { slug: company.slug },
    });
    const links = (page.body as { share: { days: unknown; links: { createdBy: string; status: string; statusLabel: string }[] } }).share;
    expect(links.days).toEqual({ min: 1, max: 90, default: 14 });
    expect(links.links.map((link) => [link.createdBy, link.status, link.statusLabel])).toEqual([
      [expect.stringMatching(/^Test User/), "active", "Active"],
      [expect.stringMatching(/^Test User/), "active", "Active"],
    ]);
  });
});

describe("unknown, expired and revoked links", () => {
  it.each([
    ["an unknown token", "A".repeat(43)],
    ["a malformed token", "not-a-token"],
    ["a token too long", "A".repeat(44)],
    ["a token with a dot", `${"A".repeat(40)}.cs`],
  ])("%s answers 410 with the one message and no report", async (_name, token) => {
    const page = await openPublic(token);
    expect(page).toMatchObject(GONE);
    expect(headersOf(page)).toEqual(PRIVATE);
    const csv = await openCsv(token);
    expect([csv.status, csv.body]).toEqual([410, `${REPORT_LINK_TEXTS.gone}\n`]);
    expect(headersOf(csv)).toEqual(PRIVATE);
    const pdf = await openPdf(token);
    expect([pdf.status, pdf.body]).toEqual([410, `${REPORT_LINK_TEXTS.gone}\n`]);
    expect(headersOf(pdf)).toEqual(PRIVATE);
  });

  it("a revoked link is refused; revoking again changes nothing and says so", async () => {
    const { client } = await seedClientReport();
    const token = tokenOf(await share(client.slug));
    const [link] = await linksOf(client.id);

    const revoked = await revoke(client.slug, link!.id, "compliance");
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe(reportPath(client.slug));
    expect(await openPublic(token)).toMatchObject(GONE);
    expect((await openCsv(token)).status).toBe(410);
    const [after] = await linksOf(client.id);
    expect(after!.revokedAt).not.toBeNull();
    expect(after!.revokedBy).toBe(users.compliance.id);

    const again = await revoke(client.slug, link!.id, "admin");
    expect(again.status).toBe(302);
    const [still] = await linksOf(client.id);
    expect([still!.revokedAt, still!.revokedBy]).toEqual([after!.revokedAt, users.compliance.id]);

    expect(await auditOf(client.id)).toEqual([
      {
        action: "report-link-create",
        actorId: users.editor.id,
        itemType: "company",
        detail: expect.stringMatching(/^link [0-9a-f]{8}: 2025-03-01 to 2025-03-03, expires /),
      },
      {
        action: "report-link-revoke",
        actorId: users.compliance.id,
        itemType: "company",
        detail: `link ${link!.id.slice(0, 8)}: 2025-03-01 to 2025-03-03`,
      },
    ]);
    expect(JSON.stringify(await auditOf(client.id))).not.toContain(token);
  });

  it("an expired link is refused, and listed as Expired", async () => {
    const { client } = await seedClientReport();
    const token = tokenOf(await share(client.slug, "1"));
    expect((await openPublic(token)).status).toBe(200);
    const db = await getDb();
    await db
      .update(schema.reportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.reportLinks.tokenHash, reportLinkTokenHash(token)));
    expect(await openPublic(token)).toMatchObject(GONE);
    expect((await openCsv(token)).status).toBe(410);
    const page = await callRoute(reportLoader, appRequest(reportPath(client.slug), { cookie: users.editor.cookie }), {
      params: { slug: client.slug },
    });
    expect((page.body as { share: { links: { status: string }[] } }).share.links.map((link) => link.status)).toEqual(["expired"]);
  });

  it("a link's status: revoked before expired, expired at its time exactly", () => {
    const expiresAt = new Date("2026-12-07T12:00:00Z");
    expect(reportLinkStatus({ expiresAt, revokedAt: null }, new Date("2026-12-07T11:59:59Z"))).toBe("active");
    expect(reportLinkStatus({ expiresAt, revokedAt: null }, expiresAt)).toBe("expired");
    expect(reportLinkStatus({ expiresAt, revokedAt: new Date("2026-12-01T00:00:00Z") }, expiresAt)).toBe("revoked");
  });
});

describe("who may share and revoke, and bad input", () => {
  it.each([
    ["contributor", 403],
    ["reader", 403],
  ] as const)("a %s can neither share nor revoke (%i), and nothing changes", async (role, status) => {
    const company = await insertCompany();
    const made = await share(company.slug, "14", role);
    expect(made.status).toBe(status);
    expect(await linksOf(company.id)).toEqual([]);

    tokenOf(await share(company.slug));
    const [link] = await linksOf(company.id);
    expect((await revoke(company.slug, link!.id, role)).status).toBe(status);
    expect((await linksOf(company.id))[0]!.revokedAt).toBeNull();
    expect((await auditOf(company.id)).map((entry) => entry.action)).toEqual(["report-link-create"]);
  });

  it("nobody signed in gets 401", async () => {
    const company = await insertCompany();
    const answer = await callRoute(
      action,
      appRequest(reportPath(company.slug), { form: { intent: "share", days: "14", ...REPORT_PERIOD } }),
      { params: { slug: company.slug } },
    );
    expect(answer.status).toBe(401);
    expect(await linksOf(company.id)).toEqual([]);
  });

  it.each([
    [{ intent: "share", days: "0" }, REPORT_LINK_TEXTS.days],
    [{ intent: "share", days: "91" }, REPORT_LINK_TEXTS.days],
    [{ intent: "share", days: "2.5" }, REPORT_LINK_TEXTS.days],
    [{ intent: "share", days: "" }, REPORT_LINK_TEXTS.days],
    [{ intent: "share", days: "14", from: "2025-03-04" }, REPORT_LINK_TEXTS.period],
    [{ intent: "share", days: "14", to: "2025-02-31" }, REPORT_LINK_TEXTS.period],
    [{ intent: "share", days: "14", from: "2024-01-01", to: "2025-06-30" }, REPORT_LINK_TEXTS.period],
    [{ intent: "delete-everything", days: "14" }, "Unknown action"],
    [{ days: "14" }, "Unknown action"],
  ])("%j answers 400 with its message, and nothing is made", async (fields, message) => {
    const company = await insertCompany();
    const answer = await post(company.slug, { ...REPORT_PERIOD, ...fields });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(message);
    expect(await linksOf(company.id)).toEqual([]);
    expect(await auditOf(company.id)).toEqual([]);
  });

  it("an unknown company is a 404", async () => {
    const answer = await share("no-such-company");
    expect([answer.status, (answer.body as { message: string }).message]).toEqual([404, "Company not found"]);
  });

  it("an unknown link, a malformed id, or another company's link is a 404 and changes nothing", async () => {
    const a = await insertCompany();
    const b = await insertCompany();
    const token = tokenOf(await share(b.slug));
    const [bLink] = await linksOf(b.id);
    for (const linkId of ["0b7a1c9e-8d36-4f43-9c1a-2f5e8f0b6a11", "x", bLink!.id]) {
      const answer = await revoke(a.slug, linkId);
      expect([answer.status, (answer.body as { message: string }).message]).toEqual([404, REPORT_LINK_TEXTS.notFound]);
    }
    expect((await linksOf(b.id))[0]!.revokedAt).toBeNull();
    expect((await openPublic(token)).status).toBe(200);
  });
});
