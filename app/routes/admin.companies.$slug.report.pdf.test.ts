/** PRODUCT.md "Client reports": /admin/companies/{slug}/report.pdf, who may have it, its errors, and its totals. */
import { beforeAll, describe, expect, it } from "vitest";

import type { Role } from "~/lib/roles";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { REPORT_PERIOD, seedClientReport } from "../../tests/support/client-report";
import { insertCompany } from "../../tests/support/companies";
import { pdfText } from "../../tests/support/pdf-text";
import { callRoute } from "../../tests/support/route";
import { loader } from "./admin.companies.$slug.report";
import { loader as csvLoader } from "./admin.companies.$slug.report[.csv]";
import { loader as pdfLoader } from "./admin.companies.$slug.report[.pdf]";

const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  for (const role of ["reader", "contributor", "editor", "compliance", "admin"] as const)
    cookies[role] = (await createSignedInUser({ role })).cookie;
});

const PERIOD_QUERY = `from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`;
const request = (file: string, slug: string, query: string, role: Role) =>
  appRequest(`/admin/companies/${slug}/${file}?${query}`, { cookie: cookies[role] });
const openPdf = (slug: string, query: string, role: Role = "editor") =>
  callRoute(pdfLoader, request("report.pdf", slug, query, role), { params: { slug } });

/** The PDF's bytes of an answer. */
const bytesOf = async (answer: { response?: Response }) => new Uint8Array(await answer.response!.arrayBuffer());

describe("who may download a client report's PDF", () => {
  it.each(["editor", "compliance", "admin"] as const)("%s may", async (role) => {
    const company = await insertCompany();
    const answer = await openPdf(company.slug, "", role);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("a contributor is sent back to the dashboard, a reader home, nobody signed in to the sign-in page", async () => {
    const company = await insertCompany();
    const contributor = await openPdf(company.slug, "", "contributor");
    expect([contributor.status, contributor.location]).toEqual([302, "/admin"]);
    const reader = await openPdf(company.slug, "", "reader");
    expect([reader.status, reader.location]).toEqual([302, "/"]);
    const anonymous = await callRoute(pdfLoader, appRequest(`/admin/companies/${company.slug}/report.pdf`), {
      params: { slug: company.slug },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth/);
  });
});

describe("errors, as plain text like the CSV's", () => {
  it("an unknown company is a 404", async () => {
    const answer = await openPdf("no-such-company", "", "admin");
    expect([answer.status, answer.headers.get("Content-Type"), answer.body]).toEqual([
      404,
      "text/plain; charset=utf-8",
      "Company not found\n",
    ]);
  });

  it.each([
    ["from=2026-02-30", "Dates must be written YYYY-MM-DD."],
    ["from=abc&to=2026-01-01", "Dates must be written YYYY-MM-DD."],
    ["from=2026-03-02&to=2026-03-01", "The period must end on or after its start."],
    ["from=2024-01-01&to=2025-06-30", "The period can be at most 366 days long."],
  ] as const)("?%s answers 400 with its message", async (query, message) => {
    const company = await insertCompany();
    const answer = await openPdf(company.slug, query);
    expect([answer.status, answer.headers.get("Content-Type"), answer.body]).toEqual([400, "text/plain; charset=utf-8", `${message}\n`]);
  });
});

describe("the PDF", () => {
  it("is a private download named for the company and the period", async () => {
    const { client } = await seedClientReport();
    const answer = await openPdf(client.slug, PERIOD_QUERY);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="client-report-${client.slug}-2025-03-01-to-2025-03-03-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = await bytesOf(answer);
    expect(answer.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  });

  it("holds the page's totals, the CSV's TOTAL row, every item's title and the register's rows of the period", async () => {
    const { client } = await seedClientReport();
    const page = await callRoute(loader, request("report", client.slug, PERIOD_QUERY, "editor"), { params: { slug: client.slug } });
    const csv = await callRoute(csvLoader, request("report.csv", client.slug, PERIOD_QUERY, "editor"), { params: { slug: client.slug } });
    const { pages, lines } = await pdfText(await bytesOf(await openPdf(client.slug, PERIOD_QUERY)));
    const text = lines.flat();
    expect(pages).toBe(2);

    expect(page.body.totals).toMatchObject({ views: 10, listens: 7, uniques: 15, downloads: 5, listeners: 5 });
    const csvTotal = String(csv.body).trim().split("\r\n").at(-1)!;
    expect(csvTotal).toBe('"TOTAL","","","","10","7","15","5","5","12","11","8","6","4","500","400","18","80","6"');
    // The CSV's TOTAL row without its empty cells, and the totals' cards: the page's five figures; then the
    // plays' total, its quarters as shares of the plays (11 of 12 is 92 %) and 500 seconds as 8:20.
    const { views, listens, uniques, downloads, listeners } = page.body.totals;
    const csvCells = csvTotal.replaceAll('"', "").split(",").filter(Boolean);
    // The mail's total: the CSV's last four cells with each channel's click rate (18 of 400, 6 of 80).
    expect(text.filter((line) => line.startsWith("TOTAL"))).toEqual([
      csvCells.slice(0, 6).join(" "),
      "TOTAL 12 92% 67% 50% 33% 8:20",
      "TOTAL 400 18 4.5% 80 6 7.5%",
    ]);
    expect(csvCells.slice(-4)).toEqual(["400", "18", "80", "6"]);
    expect(text).toContain(`TOTAL ${views} ${listens} ${uniques} ${downloads} ${listeners}`);
    expect(text).toContain(`${views} ${listens} ${uniques} ${downloads} ${listeners}`);

    expect(page.body.items.length).toBe(4);
    for (const item of page.body.items)
      expect(text.some((line) => line.startsWith(`${item.title} ${item.publishedAt.slice(0, 10)} `))).toBe(true);
    expect(text.some((line) => line.startsWith("Drill results "))).toBe(true);
    expect(text.some((line) => line.startsWith("Other video"))).toBe(false);
    expect(text).toContain("Client report: Halcyon Gold");
    expect(text).toContain("Search 3");
    expect(text).toContain("Desktop 8");
    // The register: the paid interview of the period, not the older paid video.
    const register = text.slice(text.indexOf("Disclosure register"));
    expect(register.filter((line) => line.startsWith("CEO interview"))).toHaveLength(1);
    expect(register.some((line) => line.startsWith("Old paid video"))).toBe(false);
  });
});
