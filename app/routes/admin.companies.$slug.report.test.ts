/** PRODUCT.md "Client reports": /admin/companies/{slug}/report and its CSV, who may read them, and their errors. */
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import type { Role } from "~/lib/roles";
import { describeRouteError } from "~/lib/route-errors";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { REPORT_PERIOD, seedClientReport } from "../../tests/support/client-report";
import { insertCompany } from "../../tests/support/companies";
import { callRoute } from "../../tests/support/route";
import { loader as editLoader } from "./admin.companies.$id";
import { loader } from "./admin.companies.$slug.report";
import { loader as csvLoader } from "./admin.companies.$slug.report[.csv]";

const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  for (const role of ["reader", "contributor", "editor", "compliance", "admin"] as const)
    cookies[role] = (await createSignedInUser({ role })).cookie;
});

const PERIOD_QUERY = `from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`;
const openPage = (slug: string, query: string, role: Role = "editor") =>
  callRoute(loader, appRequest(`/admin/companies/${slug}/report?${query}`, { cookie: cookies[role] }), { params: { slug } });
const openCsv = (slug: string, query: string, role: Role = "editor") =>
  callRoute(csvLoader, appRequest(`/admin/companies/${slug}/report.csv?${query}`, { cookie: cookies[role] }), { params: { slug } });

/** A CSV body's lines without the byte-order mark. */
const csvLines = (body: unknown) =>
  String(body)
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");

describe("who may read a client report", () => {
  it.each(["editor", "compliance", "admin"] as const)("%s may read the page and the CSV", async (role) => {
    const company = await insertCompany();
    expect((await openPage(company.slug, "", role)).status).toBe(200);
    expect((await openCsv(company.slug, "", role)).status).toBe(200);
  });

  it("a contributor is sent back to the dashboard with 'Access Denied'", async () => {
    const company = await insertCompany();
    for (const open of [openPage, openCsv]) {
      const answer = await open(company.slug, "", "contributor");
      expect([answer.status, answer.location]).toEqual([302, "/admin"]);
    }
  });

  it("a reader is sent home, and nobody signed in to the sign-in page", async () => {
    const company = await insertCompany();
    for (const open of [openPage, openCsv]) {
      const answer = await open(company.slug, "", "reader");
      expect([answer.status, answer.location]).toEqual([302, "/"]);
    }
    const anonymous = await callRoute(loader, appRequest(`/admin/companies/${company.slug}/report`), { params: { slug: company.slug } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth/);
  });

  it("the company's edit screen links to its report for those who may read it", async () => {
    const company = await insertCompany();
    const edit = (role: Role) =>
      callRoute(editLoader, appRequest(`/admin/companies/${company.id}`, { cookie: cookies[role] }), { params: { id: company.id } });
    expect((await edit("editor")).body).toMatchObject({ reportHref: `/admin/companies/${company.slug}/report` });
    expect((await edit("contributor")).body).toMatchObject({ reportHref: null });
  });
});

describe("errors", () => {
  it("an unknown company is a 404, on the page and in the CSV", async () => {
    const page = await openPage("no-such-company", "", "admin");
    expect(page.status).toBe(404);
    expect(describeRouteError(new ErrorResponseImpl(page.status, "", page.body))).toMatchObject({
      status: 404,
      message: "Company not found",
    });
    const csv = await openCsv("no-such-company", "", "admin");
    expect([csv.status, csv.body]).toEqual([404, "Company not found\n"]);
  });

  const cases = [
    ["from=2026-02-30", "Dates must be written YYYY-MM-DD."],
    ["from=abc&to=2026-01-01", "Dates must be written YYYY-MM-DD."],
    ["from=2026-03-02&to=2026-03-01", "The period must end on or after its start."],
    ["from=2024-01-01&to=2025-06-30", "The period can be at most 366 days long."],
  ] as const;

  it.each(cases)("?%s answers 400 with its message on the page", async (query, message) => {
    const company = await insertCompany();
    const answer = await openPage(company.slug, query);
    expect(answer.status).toBe(400);
    expect(describeRouteError(new ErrorResponseImpl(answer.status, "", answer.body))).toMatchObject({ status: 400, message });
  });

  it.each(cases)("?%s answers 400 with its message as plain text in the CSV", async (query, message) => {
    const company = await insertCompany();
    const answer = await openCsv(company.slug, query);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe(`${message}\n`);
  });
});

describe("the page and its CSV", () => {
  it("shows the report of the period asked, with the CSV link keeping it", async () => {
    const { client } = await seedClientReport();
    const page = await openPage(client.slug, PERIOD_QUERY, "compliance");
    expect(page.status).toBe(200);
    expect(page.body.period).toEqual(REPORT_PERIOD);
    expect(page.body.totals).toMatchObject({
      views: 10,
      listens: 7,
      uniques: 15,
      downloads: 5,
      listeners: 5,
      plays: { plays: 12, seconds: 6000 },
      mail: { newsletterSends: 400, newsletterClicks: 18, alertSends: 80, alertClicks: 6 },
    });
    expect(page.body.items.find((item) => item.title === "Drill results")?.mail).toEqual({
      newsletterSends: 400,
      newsletterClicks: 18,
      alertSends: 50,
      alertClicks: 4,
    });
    expect(page.body.daily).toHaveLength(3);
    expect(page.body.disclosures.map((entry) => entry.title)).toEqual(["CEO interview"]);
    expect(page.body.csvHref).toBe(`/admin/companies/${client.slug}/report.csv?${PERIOD_QUERY}`);
  });

  it("without a period shows the last 30 days, today included", async () => {
    const company = await insertCompany();
    const page = await openPage(company.slug, "");
    const today = new Date().toISOString().slice(0, 10);
    expect(page.body.period.to).toBe(today);
    expect(page.body.daily).toHaveLength(30);
    expect(page.body.daily.at(-1)?.day).toBe(today);
  });

  it("the CSV has the page's rows and a TOTAL row, and the period in its name", async () => {
    const { client } = await seedClientReport();
    const page = await openPage(client.slug, PERIOD_QUERY);
    const csv = await openCsv(client.slug, PERIOD_QUERY);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="client-report-${client.slug}-2025-03-01-to-2025-03-03-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const [header, ...rows] = csvLines(csv.body);
    expect(header).toBe(
      '"Title","Type","URL","Published","Views","Listens","Uniques","Downloads","Listeners",' +
        '"Plays","Reached 25%","Reached 50%","Reached 75%","Completed","Average seconds played",' +
        // The mail's columns come last, so the ones before keep their places.
        '"Newsletter sends","Newsletter clicks","Alert sends","Alert clicks"',
    );
    const cell = (value: string | number | null) => (value == null ? '""' : `"${value}"`);
    expect(rows).toEqual([
      ...page.body.items.map((item) =>
        [
          item.title,
          item.typeLabel,
          item.url,
          item.publishedAt.slice(0, 10),
          item.counter === "views" ? item.hits : null,
          item.counter === "listens" ? item.hits : null,
          item.uniques,
          item.downloads,
          item.listeners,
          ...(item.plays
            ? [
                item.plays.plays,
                item.plays.q25,
                item.plays.q50,
                item.plays.q75,
                item.plays.q100,
                Math.round(item.plays.seconds / item.plays.plays) || null,
              ]
            : [null, null, null, null, null, null]),
          item.mail.newsletterSends,
          item.mail.newsletterClicks,
          item.mail.alertSends,
          item.mail.alertClicks,
        ]
          .map(cell)
          .join(","),
      ),
      // Plays: 6 + 6 of the video and the podcast; 6,000 seconds over 12 plays is 500 on average. Mail: the
      // video's edition (400 sends, 18 clicks) and the alerts of the video and the podcast (50 + 30, 4 + 2).
      '"TOTAL","","","","10","7","15","5","5","12","11","8","6","4","500","400","18","80","6"',
    ]);
    expect(rows).toHaveLength(5);
  });
});
