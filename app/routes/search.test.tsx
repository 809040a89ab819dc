import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { searchContent } from "~/server/search/search.server";

import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import { clearContent, insertItem } from "../../tests/support/search-fixtures";
import SearchPage, { loader } from "./search";

// The real search, wrapped so one test can make the database call fail.
vi.mock("~/server/search/search.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/server/search/search.server")>();
  return { ...real, searchContent: vi.fn(real.searchContent) };
});

const load = (path: string) => callRoute(loader, new Request(`http://localhost${path}`), { throws: false });

/** Renders the page at `path` with the given loader data. */
const render = (path: string, loaderData: unknown) => renderRoute(SearchPage, path, { loaderData });

/** The content-type checkbox for `type`. */
const checkbox = (type: string) => screen.getAllByRole<HTMLInputElement>("checkbox").find((input) => input.value === type)!;

/** Where every link on the page goes. */
const hrefs = () => screen.getAllByRole("link").map((a) => a.getAttribute("href"));

beforeEach(clearContent);

describe("search loader: the page number never errors", () => {
  beforeEach(async () => {
    for (let i = 0; i < 14; i++) await insertItem("video", { title: `Copper ${i}`, publishedAt: new Date(Date.UTC(2026, 0, i + 1)) });
  });

  it.each(["0", "-1", "abc", "2.5", "", "%20"])("page=%j is page 1", async (page) => {
    const { body, status } = await load(`/search?q=copper&page=${page}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, page: 1, total: 14, totalPages: 2 });
    if (body.ok) expect(body.results).toHaveLength(12);
  });

  it("page 2 has the rest", async () => {
    const { body } = await load("/search?q=copper&page=2");
    expect(body).toMatchObject({ ok: true, page: 2, total: 14 });
    if (body.ok) expect(body.results.map((r) => r.title)).toEqual(["Copper 1", "Copper 0"]);
  });

  it("a page past the end is the empty state with the exact total and a link back to page 1", async () => {
    const { body, status } = await load("/search?q=copper&types=video&page=40");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, page: 40, total: 14, results: [] });
    render("/search?q=copper&types=video&page=40", body);
    expect(screen.getByText("No results found")).toBeTruthy();
    expect(hrefs()).toContain("/search?q=copper&types=video");
    expect(screen.getByRole("link", { name: "Back to page 1" })).toBeTruthy();
  });

  it("reads q, types (unknown ignored) and keeps them for the form and pager", async () => {
    await insertItem("blog", { title: "Copper blog" });
    const { body } = await load("/search?q=%20copper%20&types=blog,movies");
    expect(body).toMatchObject({ ok: true, q: "copper", types: ["blog"], total: 1 });
  });
});

describe("search page markup", () => {
  it("cuts a description at 150 characters, strips its markup, and shows 3 tags then '+N more'", async () => {
    const long = `<p>${"Growth ".repeat(40)}</p>`; // 280 characters of text
    await insertItem("podcast", {
      title: "Long podcast",
      description: long,
      tags: ["one", "two", "three", "four", "five"],
      count: 2500,
      publishedAt: new Date("2026-02-03T10:00:00Z"),
    });
    const { body } = await load("/search?q=long");
    if (!body.ok) throw new Error("search failed");
    const excerpt = body.results[0]!.excerpt;
    expect(excerpt).toHaveLength(153);
    expect(excerpt.endsWith("...")).toBe(true);
    expect(excerpt).not.toContain("<p>");

    render("/search?q=long", body);
    expect(screen.getByText(excerpt)).toBeTruthy();
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["one", "two", "three", "+2 more"]);
    expect(screen.getByText("2.5K listens")).toBeTruthy();
    expect(screen.getByText("Feb 3, 2026")).toBeTruthy();
    expect(screen.getByText('1 result for "long"')).toBeTruthy();
    expect(screen.getByRole("link", { name: "Long podcast" }).getAttribute("href")).toMatch(/^\/podcast\//);
    expect(screen.getByText("Podcast")).toBeTruthy();
  });

  it("shows views for other types, links interviews and features to their own pages", async () => {
    const interview = await insertItem("interview", { title: "Chat with a CEO", count: 12 });
    const feature = await insertItem("special_feature", { title: "Chat feature", count: 1_200_000 });
    const { body } = await load("/search?q=chat");
    render("/search?q=chat", body);
    expect(hrefs()).toContain(`/interviews/${interview}`);
    expect(hrefs()).toContain(`/special-features/${feature}`);
    expect(screen.getByText("12 views")).toBeTruthy();
    expect(screen.getByText("1.2M views")).toBeTruthy();
    expect(screen.getByText("Special Feature")).toBeTruthy();
  });

  it("prefills the box and ticks the selected types; the pager keeps q and types", async () => {
    for (let i = 0; i < 80; i++) await insertItem("blog", { title: `Rates ${i}`, publishedAt: new Date(Date.UTC(2025, 0, 1, i)) });
    const path = "/search?q=rates&types=blog&page=2";
    const { body } = await load(path);
    render(path, body);
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "Search for" });
    expect([box.name, box.value]).toEqual(["q", "rates"]);
    expect(checkbox("blog").checked).toBe(true);
    expect(checkbox("video").name).toBe("types");
    expect(checkbox("video").checked).toBe(false);
    // 80 results, 7 pages, page 2: buttons 1-5, an ellipsis, then 7 (PRODUCT.md "Search").
    expect(hrefs()).toEqual(
      expect.arrayContaining(["/search?q=rates&types=blog&page=3", "/search?q=rates&types=blog&page=7", "/search?q=rates&types=blog"]),
    );
    expect(screen.getByText("…")).toBeTruthy();
    expect(hrefs().filter((href) => href?.endsWith("page=6"))).toEqual([]);
  });

  it("says 'No results found' when nothing matches", async () => {
    await insertItem("video", { title: "Something" });
    const { body } = await load("/search?q=nothing-like-this");
    render("/search?q=nothing-like-this", body);
    expect(screen.getByText("No results found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search terms or filters")).toBeTruthy();
    expect(screen.queryByText("Back to page 1")).toBeNull();
  });
});

describe('the companies block (PRODUCT.md "Search")', () => {
  beforeEach(async () => {
    const db = await getDb();
    await db.execute(sql`truncate content_companies`);
    await db.execute(sql`delete from companies`);
    // 13 items, so there is a page 2: the interview names the company without saying its ticker.
    const interview = await insertItem("interview", {
      title: "Why we are not chasing ounces",
      publishedAt: new Date(Date.UTC(2026, 1, 1)),
    });
    for (let i = 0; i < 12; i++) await insertItem("blog", { title: `IBG note ${i}`, publishedAt: new Date(Date.UTC(2026, 0, i + 1)) });
    const [ironbark] = await db
      .insert(schema.companies)
      .values({
        name: "Ironbark Gold",
        slug: "ironbark-gold",
        ticker: "IBG",
        exchange: "ASX",
        sector: "mining",
        logoUrl: "/media/companies/ironbark-gold.svg",
      })
      .returning();
    const [other] = await db
      .insert(schema.companies)
      .values({ name: "Gold Ibgee", slug: "gold-ibgee", ticker: "GIB", exchange: "NYSE" })
      .returning();
    await db.insert(schema.contentCompanies).values([
      { contentType: "interview", contentId: interview, companyId: ironbark!.id },
      { contentType: "interview", contentId: interview, companyId: other!.id },
    ]);
  });

  it("shows the matching companies above the results on page 1, the exact ticker first, each a link to its page", async () => {
    const { body } = await load("/search?q=ibg");
    if (!body.ok) throw new Error("search failed");
    expect(body.total).toBe(13);
    expect(body.results[0]!.title).toBe("Why we are not chasing ounces");
    render("/search?q=ibg", body);
    const block = screen.getByRole("region", { name: "Companies" });
    const links = within(block).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Ironbark Gold ASX:IBG · Mining", "/companies/ironbark-gold"],
      ["Gold Ibgee NYSE:GIB", "/companies/gold-ibgee"],
    ]);
    // The dot between ticker and sector is decoration, not part of the name.
    expect(screen.getByRole("link", { name: "Ironbark Gold ASX:IBG Mining" })).toBeTruthy();
    // Above the count line and the results.
    const count = screen.getByTestId("result-count");
    expect(block.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("is not on page 2, nor without a query, nor when no company matches", async () => {
    for (const path of ["/search?q=ibg&page=2", "/search", "/search?q=note"]) {
      const { body } = await load(path);
      if (!body.ok) throw new Error("search failed");
      expect(body.companies, path).toEqual([]);
      render(path, body);
      expect(screen.queryByRole("region", { name: "Companies" }), path).toBeNull();
    }
  });

  it("is shown with the empty state when only companies match", async () => {
    const { body } = await load("/search?q=ironbark");
    if (!body.ok) throw new Error("search failed");
    expect(body).toMatchObject({ total: 0, companies: [{ name: "Ironbark Gold" }] });
    render("/search?q=ironbark", body);
    expect(
      within(screen.getByRole("region", { name: "Companies" }))
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/companies/ironbark-gold");
    expect(screen.getByText("No results found")).toBeTruthy();
  });
});

describe("search loader: database failure", () => {
  it("answers 503 with the search failure message, logs once and is not cached", async () => {
    vi.mocked(searchContent).mockRejectedValueOnce(new Error("connection refused"));
    // The shared setup fails a test on console.error; this one expects exactly one.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { body, status, headers } = await load("/search?q=oil");
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toMatchObject({ ok: false, q: "oil" });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain("/search?q=oil");
    logged.mockReset();
    render("/search?q=oil", body);
    expect(screen.getByText("Error loading search results. Please try again.")).toBeTruthy();
  });
});
