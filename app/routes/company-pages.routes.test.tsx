/**
 * The public company pages (PRODUCT.md "Company pages") on a real database: `/companies/{slug}` lists
 * exactly its published, live coverage newest first, paged, and answers 404 for an unknown slug;
 * `/companies` lists only companies with coverage visitors can see, A–Z, by sector; `/clients` lists the
 * client companies A–Z.
 */
import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { publicPageHeaders } from "~/lib/cache-headers";
import { INVESTMENT_NOTICE_DEFAULT } from "~/lib/disclosure";
import { NOINDEX } from "~/lib/seo";
import * as companyPages from "~/server/companies/company-pages.server";
import { COMPANIES_PAGE_SIZE, COVERAGE_PAGE_SIZE } from "~/server/companies/company-pages.server";
import { getDb, schema } from "~/server/db/db.server";
import { previewVersion } from "~/server/seo/preview-images.server";

import { day, insertBlogs, insertInterviews, insertPodcasts, insertSpecialFeatures, insertVideos } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import ClientsPage, { headers as clientsHeaders, loader as clientsLoader } from "./clients";
import CompaniesPage, { headers as companiesHeaders, loader as companiesLoader } from "./companies";
import CompanyPage, { headers as companyHeaders, loader as companyLoader, meta as companyMeta } from "./companies.$slug";

type Company = typeof schema.companies.$inferSelect;

async function insertCompany(values: Partial<typeof schema.companies.$inferInsert> & { name: string }): Promise<Company> {
  const db = await getDb();
  const slug = values.slug ?? values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const ticker = values.ticker ?? slug.replace(/-/g, "").slice(0, 5).toUpperCase();
  const [row] = await db
    .insert(schema.companies)
    .values({ exchange: "ASX", ...values, slug, ticker })
    .returning();
  return row!;
}

async function tag(company: Company, type: (typeof schema.contentCompanies.$inferInsert)["contentType"], ...items: { id: string }[]) {
  const db = await getDb();
  await db.insert(schema.contentCompanies).values(items.map((item) => ({ contentType: type, contentId: item.id, companyId: company.id })));
}

const tomorrow = () => new Date(Date.now() + 86_400_000);

const loadCompany = (slug: string, query = "") =>
  callRoute(companyLoader, `/companies/${encodeURIComponent(slug)}${query}`, { params: { slug }, throws: false });
const loadCompanies = (query = "") => callRoute(companiesLoader, `/companies${query}`, { throws: false });
const loadClients = () => callRoute(clientsLoader, "/clients", { throws: false });

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, videos, podcasts, blogs, interviews, special_features`,
  );
});
restoreEnvAfterEach(["INVESTMENT_NOTICE", "PUBLIC_URL"]);

/** Ironbark with one visible item of each type, and everything a visitor must not see. */
async function seedIronbark() {
  const ironbark = await insertCompany({
    name: "Ironbark Gold",
    slug: "ironbark-gold",
    ticker: "IBG",
    sector: "mining",
    website: "https://www.ironbark.example/investors",
    logoUrl: "/media/ironbark.svg",
    description: "A gold producer in Western Australia.",
    isClient: true,
  });
  const other = await insertCompany({ name: "Other Co" });
  const [video] = await insertVideos([{ title: "Ironbark video", publishedAt: day(1), thumbnailUrl: "/media/v.svg" }]);
  const [podcast] = await insertPodcasts([{ title: "Ironbark podcast", publishedAt: day(2) }]);
  const [blog] = await insertBlogs([{ title: "Ironbark post", publishedAt: day(3) }]);
  const [interview] = await insertInterviews([{ title: "Ironbark interview", publishedAt: day(5) }]);
  const [feature] = await insertSpecialFeatures([{ title: "Ironbark feature", publishedAt: day(4) }]);
  await tag(ironbark, "video", video!);
  await tag(ironbark, "podcast", podcast!);
  await tag(ironbark, "blog", blog!);
  await tag(ironbark, "interview", interview!);
  await tag(ironbark, "special_feature", feature!);
  // Hidden: a draft, an archived item, one scheduled for tomorrow, and another company's item.
  const [draft] = await insertBlogs([{ title: "Draft post", status: "draft", publishedAt: null }]);
  const [archived] = await insertVideos([{ title: "Archived video", status: "archived", publishedAt: null }]);
  const [scheduled] = await insertInterviews([{ title: "Scheduled interview", publishedAt: tomorrow() }]);
  const [othersItem] = await insertBlogs([{ title: "Other Co post", publishedAt: day(9) }]);
  await tag(ironbark, "blog", draft!);
  await tag(ironbark, "video", archived!);
  await tag(ironbark, "interview", scheduled!);
  await tag(other, "blog", othersItem!);
  return { ironbark, other };
}

describe("/companies/{slug} loader", () => {
  it("gives the company with its labels and exactly its visible coverage, newest first, and the investment notice", async () => {
    await seedIronbark();
    const { status, body, headers } = await loadCompany("ironbark-gold");
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBeNull();
    expect(body.company).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Ironbark Gold",
      slug: "ironbark-gold",
      tickerLabel: "ASX:IBG",
      sectorLabel: "Mining",
      logoUrl: "/media/ironbark.svg",
      description: "A gold producer in Western Australia.",
      website: { url: "https://www.ironbark.example/investors", host: "ironbark.example" },
    });
    expect(body.coverage!.items.map((item) => [item.typeLabel, item.title])).toEqual([
      ["Interview", "Ironbark interview"],
      ["Special Feature", "Ironbark feature"],
      ["Blog", "Ironbark post"],
      ["Podcast", "Ironbark podcast"],
      ["Video", "Ironbark video"],
    ]);
    expect(body.coverage!.items[4]).toMatchObject({ image: "/media/v.svg", publishedAt: day(1).toISOString() });
    expect(body.coverage!.items[0]!.url).toMatch(/^\/interviews\/[0-9a-f-]{36}$/);
    expect(body.coverage).toMatchObject({ total: 5, page: 1, totalPages: 1 });
    expect(body.notice).toBe(INVESTMENT_NOTICE_DEFAULT);
  });

  it("pages the coverage 12 at a time with the exact total; a page past the end is empty, never an error", async () => {
    const company = await insertCompany({ name: "Busy Co" });
    const posts = await insertBlogs(
      Array.from({ length: COVERAGE_PAGE_SIZE + 3 }, (_, i) => ({ title: `Post ${i}`, publishedAt: day(i) })),
    );
    await tag(company, "blog", ...posts);
    const second = await loadCompany("busy-co", "?page=2");
    expect(second.body.coverage!.items.map((item) => item.title)).toEqual(["Post 2", "Post 1", "Post 0"]);
    expect(second.body.coverage).toMatchObject({ total: COVERAGE_PAGE_SIZE + 3, page: 2, totalPages: 2 });
    const first = await loadCompany("busy-co", "?page=abc");
    expect(first.body.coverage!.items).toHaveLength(COVERAGE_PAGE_SIZE);
    expect(first.body.coverage!.items[0]!.title).toBe(`Post ${COVERAGE_PAGE_SIZE + 2}`);
    const past = await loadCompany("busy-co", "?page=9");
    expect(past.status).toBe(200);
    expect(past.body.coverage).toMatchObject({ items: [], total: COVERAGE_PAGE_SIZE + 3, page: 9, totalPages: 2 });
  });

  it("uses INVESTMENT_NOTICE when it is set", async () => {
    setEnv({ INVESTMENT_NOTICE: "Not advice. Read the disclosure." });
    await insertCompany({ name: "Plain Co" });
    expect((await loadCompany("plain-co")).body.notice).toBe("Not advice. Read the disclosure.");
  });

  it("describes a company without a description or logo by its name, with the site's preview image", async () => {
    await insertCompany({ name: "Plain Co", ticker: "PLN", exchange: "NYSE" });
    const { body } = await loadCompany("plain-co");
    const tags = companyMeta({ loaderData: body } as Parameters<typeof companyMeta>[0]);
    expect(tags).toContainEqual({
      name: "description",
      content: "Interviews, articles and videos about Plain Co (NYSE:PLN) on MarketWire.",
    });
    expect(tags).toContainEqual({ property: "og:image", content: "http://localhost:3000/og/default.jpg" });
    const corporation = tags.find(
      (tag) => "script:ld+json" in tag && (tag["script:ld+json"] as { "@type": string })["@type"] === "Corporation",
    );
    expect(corporation).toEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Corporation",
        name: "Plain Co",
        tickerSymbol: "NYSE PLN",
        url: "http://localhost:3000/companies/plain-co",
      },
    });
  });

  it.each(["no-such-company", "Ironbark-Gold", "ironbark--gold", "' or 1=1", "x".repeat(101)])(
    "answers 404 with the not-found state, never cached, for the unknown or malformed slug %j",
    async (slug) => {
      await seedIronbark();
      const result = await loadCompany(slug);
      expect(result.status).toBe(404);
      expect(result.headers.get("Cache-Control")).toBe("no-store");
      expect(result.body).toEqual({
        company: null,
        coverage: null,
        register: null,
        marketHtml: null,
        notice: null,
        embedPath: null,
        meta: [{ title: "Company Not Found | MarketWire" }, NOINDEX],
      });
    },
  );

  it("lets a database failure reach the error boundary, as the detail pages do", async () => {
    const failure = vi.spyOn(companyPages, "getCompanyPage").mockRejectedValueOnce(new Error("connection refused"));
    await expect(loadCompany("ironbark-gold")).rejects.toThrow("connection refused");
    failure.mockRestore();
  });

  it("is titled '{Name} ({EXCHANGE}:{TICKER}) | MarketWire' with its canonical address, link preview and Corporation", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    await seedIronbark();
    const { body } = await loadCompany("ironbark-gold");
    const tags = companyMeta({ loaderData: body } as Parameters<typeof companyMeta>[0]);
    expect(tags).toContainEqual({ title: "Ironbark Gold (ASX:IBG) | MarketWire" });
    expect(tags).toContainEqual({ name: "description", content: "A gold producer in Western Australia." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://news.example.com/companies/ironbark-gold" });
    expect(tags).toContainEqual({ property: "og:title", content: "Ironbark Gold (ASX:IBG)" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: `https://news.example.com/og/companies/ironbark-gold.jpg?v=${previewVersion("/media/ironbark.svg")}`,
    });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Ironbark Gold logo" });
    expect(tags).toContainEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Corporation",
        name: "Ironbark Gold",
        tickerSymbol: "ASX IBG",
        url: "https://news.example.com/companies/ironbark-gold",
        description: "A gold producer in Western Australia.",
        logo: "https://news.example.com/media/ironbark.svg",
        sameAs: ["https://www.ironbark.example/investors"],
      },
    });
    expect(tags).toContainEqual({ "script:ld+json": expect.objectContaining({ "@type": "BreadcrumbList" }) });
    const second = await loadCompany("ironbark-gold", "?page=2");
    const secondTags = companyMeta({ loaderData: second.body } as Parameters<typeof companyMeta>[0]);
    expect(secondTags).toContainEqual({ title: "Ironbark Gold (ASX:IBG), page 2 | MarketWire" });
    expect(secondTags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://news.example.com/companies/ironbark-gold?page=2",
    });
  });

  it("sends the public pages' cache headers", () => {
    expect(companyHeaders).toBe(publicPageHeaders);
  });
});

describe('/companies/{slug} disclosure register (PRODUCT.md "Company pages")', () => {
  it("lists every paid piece about the company visitors can see, newest first, with who paid, what and when agreed", async () => {
    const { ironbark, other } = await seedIronbark();
    const paidBy = { paidPromotion: true, agreementDate: "2026-03-02" } as const;
    const [byCompany] = await insertInterviews([
      {
        ...paidBy,
        title: "Paid by Ironbark",
        publishedAt: day(7),
        sponsorCompanyId: ironbark.id,
        considerationForm: "cash",
        considerationAmount: "7500.00",
        considerationCurrency: "AUD",
      },
    ]);
    const [byFirm] = await insertBlogs([
      {
        ...paidBy,
        title: "Paid by a firm",
        publishedAt: day(8),
        disclosureSponsor: "Halcyon IR",
        considerationForm: "shares",
        considerationUnits: "250000",
      },
    ]);
    const [legacy] = await insertVideos([
      { paidPromotion: true, title: "Paid, amount kept as text", publishedAt: day(6), disclosureSponsor: "Old Sponsor" },
    ]);
    // Not in it: a paid draft, a paid piece scheduled for tomorrow, an unpaid piece, a paid piece about another company.
    const [draft] = await insertBlogs([{ ...paidBy, title: "Paid draft", status: "draft", publishedAt: null, disclosureSponsor: "X" }]);
    const [later] = await insertInterviews([{ ...paidBy, title: "Paid tomorrow", publishedAt: tomorrow(), disclosureSponsor: "X" }]);
    const [elsewhere] = await insertBlogs([{ ...paidBy, title: "Paid, about Other Co", publishedAt: day(2), disclosureSponsor: "X" }]);
    await tag(ironbark, "interview", byCompany!, later!);
    await tag(ironbark, "blog", byFirm!, draft!);
    await tag(ironbark, "video", legacy!);
    await tag(other, "blog", elsewhere!);

    const { body } = await loadCompany("ironbark-gold");
    expect(body.register!.map(({ key: _key, url: _url, publishedAt: _at, ...entry }) => entry)).toEqual([
      { typeLabel: "Blog", title: "Paid by a firm", payer: "Halcyon IR", consideration: "250,000 shares", agreed: "2 March 2026" },
      {
        typeLabel: "Interview",
        title: "Paid by Ironbark",
        payer: "Ironbark Gold (ASX:IBG)",
        consideration: "A$7,500 in cash",
        agreed: "2 March 2026",
      },
      { typeLabel: "Video", title: "Paid, amount kept as text", payer: "Old Sponsor", consideration: null, agreed: null },
    ]);
    expect(body.register![1]!.url).toBe(`/interviews/${byCompany!.id}`);

    renderRoute(CompanyPage, "/companies/ironbark-gold", { path: "/companies/:slug", loaderData: body });
    const register = screen.getByRole("list", { name: "Paid promotion about Ironbark Gold" });
    expect(
      within(register)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Paid by a firm", "Paid by Ironbark", "Paid, amount kept as text"]);
    expect(register.textContent).toContain("Paid by Ironbark Gold (ASX:IBG)");
    expect(register.textContent).toContain("Paid A$7,500 in cash");
    expect(register.textContent).toContain("Paid not recorded");
  });

  it("says when nothing about the company was paid for", async () => {
    await seedIronbark();
    const { body } = await loadCompany("ironbark-gold");
    expect(body.register).toEqual([]);
    renderRoute(CompanyPage, "/companies/ironbark-gold", { path: "/companies/:slug", loaderData: body });
    expect(screen.getByRole("heading", { level: 2, name: "Disclosure register" })).toBeTruthy();
    expect(screen.getByText("MarketWire has published no paid promotion about Ironbark Gold.")).toBeTruthy();
  });
});

describe("/companies/{slug} page", () => {
  it("shows the company, its coverage as links named by their titles, and ends with the investment notice", async () => {
    await seedIronbark();
    const { body } = await loadCompany("ironbark-gold");
    const { container } = renderRoute(CompanyPage, "/companies/ironbark-gold", { path: "/companies/:slug", loaderData: body });
    expect(screen.getByRole("heading", { level: 1, name: "Ironbark Gold" })).toBeTruthy();
    expect(screen.getByText("ASX:IBG")).toBeTruthy();
    expect(screen.getByText("Mining")).toBeTruthy();
    const website = screen.getByRole("link", { name: "ironbark.example" });
    expect(website.getAttribute("href")).toBe("https://www.ironbark.example/investors");
    expect(website.getAttribute("rel")).toBe("noopener");
    expect(container.querySelector('img[src="/media/ironbark.svg"]')?.getAttribute("alt")).toBe("");
    expect(screen.getByRole("heading", { level: 2, name: "Coverage" })).toBeTruthy();
    const coverage = screen.getByRole("list", { name: "Coverage of Ironbark Gold" });
    const links = within(coverage).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Ironbark interview",
      "Ironbark feature",
      "Ironbark post",
      "Ironbark podcast",
      "Ironbark video",
    ]);
    expect(links[0]!.getAttribute("href")).toBe(body.coverage!.items[0]!.url);
    expect(within(coverage).getByText("January 6, 2025")).toBeTruthy();
    expect(screen.getByText("5 items")).toBeTruthy();
    // The notice ends the page, after the coverage.
    const notice = screen.getByText(INVESTMENT_NOTICE_DEFAULT);
    expect(notice.nextElementSibling).toBeNull();
    expect(coverage.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("says when a company has no coverage yet", async () => {
    await insertCompany({ name: "Quiet Co" });
    const { body } = await loadCompany("quiet-co");
    renderRoute(CompanyPage, "/companies/quiet-co", { path: "/companies/:slug", loaderData: body });
    expect(screen.getByRole("heading", { name: "No coverage yet" })).toBeTruthy();
    expect(screen.getByText("We haven't published anything about Quiet Co yet. Check back soon.")).toBeTruthy();
  });

  it("pages with the pager, and a page past the end leads back to the first", async () => {
    const company = await insertCompany({ name: "Busy Co" });
    await tag(company, "blog", ...(await insertBlogs(Array.from({ length: COVERAGE_PAGE_SIZE + 1 }, () => ({})))));
    const { body } = await loadCompany("busy-co");
    renderRoute(CompanyPage, "/companies/busy-co", { path: "/companies/:slug", loaderData: body });
    expect(screen.getByRole("link", { name: /Next/ }).getAttribute("href")).toBe("/companies/busy-co?page=2");
    const past = await loadCompany("busy-co", "?page=5");
    renderRoute(CompanyPage, "/companies/busy-co?page=5", { path: "/companies/:slug", loaderData: past.body });
    expect(screen.getByRole("heading", { name: "No coverage on this page." })).toBeTruthy();
    expect(screen.getByText("There are only 2 pages of coverage.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/companies/busy-co");
  });

  it("shows 'Company Not Found' with a way to every company", async () => {
    const { body } = await loadCompany("no-such-company");
    renderRoute(CompanyPage, "/companies/no-such-company", { path: "/companies/:slug", loaderData: body });
    expect(screen.getByRole("heading", { level: 1, name: "Company Not Found" })).toBeTruthy();
    expect(screen.getByText("The company you're looking for doesn't exist or may have been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Companies" }).getAttribute("href")).toBe("/companies");
  });
});

describe("/companies", () => {
  it("lists only companies with coverage visitors can see, A–Z, with their sector and item counts", async () => {
    const { ironbark } = await seedIronbark();
    const hiddenOnly = await insertCompany({ name: "Aardvark Hidden" });
    const [draft] = await insertBlogs([{ status: "draft", publishedAt: null }]);
    const [scheduled] = await insertVideos([{ publishedAt: tomorrow() }]);
    await tag(hiddenOnly, "blog", draft!);
    await tag(hiddenOnly, "video", scheduled!);
    await insertCompany({ name: "Untagged Co" });
    const helios = await insertCompany({ name: "Helios Semiconductor", sector: "technology", ticker: "HLIO", exchange: "NASDAQ" });
    await tag(helios, "blog", ...(await insertBlogs([{}])));

    const { status, body } = await loadCompanies();
    expect(status).toBe(200);
    expect(body.companies).toEqual([
      {
        name: "Helios Semiconductor",
        slug: "helios-semiconductor",
        tickerLabel: "NASDAQ:HLIO",
        sectorLabel: "Technology",
        logoUrl: null,
        items: 1,
      },
      {
        name: "Ironbark Gold",
        slug: ironbark.slug,
        tickerLabel: "ASX:IBG",
        sectorLabel: "Mining",
        logoUrl: "/media/ironbark.svg",
        items: 5,
      },
      { name: "Other Co", slug: "other-co", tickerLabel: "ASX:OTHER", sectorLabel: null, logoUrl: null, items: 1 },
    ]);
    expect(body).toMatchObject({ total: 3, page: 1, totalPages: 1, sector: null });
    expect(body.sectors).toEqual([
      { value: "mining", label: "Mining" },
      { value: "technology", label: "Technology" },
    ]);

    renderRoute(CompaniesPage, "/companies", { loaderData: body });
    const list = screen.getByRole("list", { name: "Companies" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Helios Semiconductor", "/companies/helios-semiconductor"],
      ["Ironbark Gold", "/companies/ironbark-gold"],
      ["Other Co", "/companies/other-co"],
    ]);
    expect(within(list).getByText("5 items")).toBeTruthy();
    expect(within(list).getAllByText("1 item")).toHaveLength(2);
    const sectors = screen.getByRole("navigation", { name: "Sectors" });
    expect(within(sectors).getByRole("link", { name: "All sectors" }).getAttribute("aria-current")).toBe("page");
    expect(within(sectors).getByRole("link", { name: "Mining" }).getAttribute("href")).toBe("/companies?sector=mining");
  });

  it("filters by sector; an unknown sector lists them all; a sector with none says so", async () => {
    await seedIronbark();
    const helios = await insertCompany({ name: "Helios Semiconductor", sector: "technology" });
    await tag(helios, "blog", ...(await insertBlogs([{}])));

    const mining = await loadCompanies("?sector=mining");
    expect(mining.body.companies.map((company) => company.name)).toEqual(["Ironbark Gold"]);
    expect(mining.body).toMatchObject({ total: 1, sector: { value: "mining", label: "Mining" } });
    expect(mining.body.meta).toContainEqual({ title: "Mining Companies | MarketWire" });
    expect(mining.body.meta).toContainEqual(
      expect.objectContaining({ rel: "canonical", href: "http://localhost:3000/companies?sector=mining" }),
    );
    renderRoute(CompaniesPage, "/companies?sector=mining", { loaderData: mining.body });
    expect(screen.getByRole("link", { name: "Mining" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("1 company in Mining")).toBeTruthy();

    const unknown = await loadCompanies("?sector=gold%27%20or%201=1");
    expect(unknown.status).toBe(200);
    expect(unknown.body.companies.map((company) => company.name)).toEqual(["Helios Semiconductor", "Ironbark Gold", "Other Co"]);
    expect(unknown.body.sector).toBeNull();
    expect(unknown.body.meta).toContainEqual(expect.objectContaining({ rel: "canonical", href: "http://localhost:3000/companies" }));

    const energy = await loadCompanies("?sector=energy");
    expect(energy.body).toMatchObject({ companies: [], total: 0, sector: { value: "energy", label: "Energy" } });
    renderRoute(CompaniesPage, "/companies?sector=energy", { loaderData: energy.body });
    expect(screen.getByRole("heading", { name: "No Energy companies yet." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Show all companies" }).getAttribute("href")).toBe("/companies");
  });

  it("pages 25 companies at a time, keeping the sector; a page past the end leads back to the first", async () => {
    const [post] = await insertBlogs([{}]);
    for (let i = 0; i < COMPANIES_PAGE_SIZE + 2; i++) {
      const company = await insertCompany({ name: `Miner ${String(i).padStart(2, "0")}`, ticker: `M${i}`, sector: "mining" });
      await tag(company, "blog", post!);
    }
    const second = await loadCompanies("?sector=mining&page=2");
    expect(second.body.companies.map((company) => company.name)).toEqual(["Miner 25", "Miner 26"]);
    expect(second.body).toMatchObject({ total: COMPANIES_PAGE_SIZE + 2, page: 2, totalPages: 2 });
    expect(second.body.meta).toContainEqual({ title: "Mining Companies (page 2) | MarketWire" });
    renderRoute(CompaniesPage, "/companies?sector=mining&page=2", { loaderData: second.body });
    expect(screen.getByRole("link", { name: /Previous/ }).getAttribute("href")).toBe("/companies?sector=mining");

    const past = await loadCompanies("?sector=mining&page=7");
    expect(past.status).toBe(200);
    renderRoute(CompaniesPage, "/companies?sector=mining&page=7", { loaderData: past.body });
    expect(screen.getByRole("heading", { name: "No companies on this page." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/companies?sector=mining");
  });

  it("says when no company is covered yet", async () => {
    await insertCompany({ name: "Untagged Co" });
    const { body } = await loadCompanies();
    renderRoute(CompaniesPage, "/companies", { loaderData: body });
    expect(screen.getByRole("heading", { name: "No companies covered yet." })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Sectors" })).toBeNull();
  });

  it("answers 503, never cached, with its message when the database fails", async () => {
    vi.spyOn(companyPages, "listCoveredCompanies").mockRejectedValueOnce(new Error("connection refused"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers, body } = await loadCompanies();
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(logged).toHaveBeenCalledTimes(1);
    renderRoute(CompaniesPage, "/companies", { loaderData: body });
    expect(screen.getByRole("heading", { name: "Failed to load companies. Please try again later." })).toBeTruthy();
  });

  it("sends the public pages' cache headers", () => {
    expect(companiesHeaders).toBe(publicPageHeaders);
  });
});

describe("/clients", () => {
  it("lists only the client companies, A–Z, each with its logo, ticker and a link to its page, with or without coverage", async () => {
    await seedIronbark();
    await insertCompany({ name: "Helios Semiconductor", slug: "helios-semiconductor", ticker: "HLIO", exchange: "NASDAQ", isClient: true });
    await insertCompany({ name: "Quokka Pay", slug: "quokka-pay", ticker: "QPY", isClient: false });
    await insertCompany({ name: "Aurora Clients", slug: "aurora-clients", ticker: "AUR", isClient: true, logoUrl: "javascript:alert(1)" });
    const { status, body } = await loadClients();
    expect(status).toBe(200);
    expect(body.clients.map((company) => company.name)).toEqual(["Aurora Clients", "Helios Semiconductor", "Ironbark Gold"]);

    const { container } = renderRoute(ClientsPage, "/clients", { loaderData: body });
    expect(screen.getByRole("heading", { level: 1, name: "Our Clients" })).toBeTruthy();
    const list = screen.getByRole("list", { name: "Client companies" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Aurora Clients", "/companies/aurora-clients"],
      ["Helios Semiconductor", "/companies/helios-semiconductor"],
      ["Ironbark Gold", "/companies/ironbark-gold"],
    ]);
    expect(within(list).getByText("NASDAQ:HLIO")).toBeTruthy();
    expect(screen.queryByText("Quokka Pay")).toBeNull();
    // Only a logo a media field accepts is shown.
    expect([...container.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual(["/media/ironbark.svg"]);
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
  });

  it("says when there are no clients", async () => {
    await insertCompany({ name: "Quokka Pay", isClient: false });
    const { body } = await loadClients();
    renderRoute(ClientsPage, "/clients", { loaderData: body });
    expect(screen.getByRole("heading", { name: "No clients listed yet." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact us" })).toBeTruthy();
  });

  it("sends the public pages' cache headers", () => {
    expect(clientsHeaders).toBe(publicPageHeaders);
  });
});
