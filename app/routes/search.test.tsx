import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearContent, insertItem } from "~/server/search-fixtures.server";
import { searchContent } from "~/server/search.server";
import SearchPage, { loader } from "./search";

// The real search, wrapped so one test can make the database call fail.
vi.mock("~/server/search.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/server/search.server")>();
  return { ...real, searchContent: vi.fn(real.searchContent) };
});

type LoaderResult = Awaited<ReturnType<typeof loader>>;

/** Runs the loader as React Router would; returns the data and the status (200 unless data() set one). */
async function load(path: string) {
  const result = (await loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as never)) as
    | LoaderResult
    | { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { data: result.data as Exclude<LoaderResult, { init: unknown }>, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) };
  }
  return { data: result as Exclude<LoaderResult, { init: unknown }>, status: 200, headers: new Headers() };
}

/** Server-renders the page at `path` with the given loader data. */
function render(path: string, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "search", path: "/search", Component: SearchPage as never }]);
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { search: loaderData } }} />);
  return html.replaceAll("<!-- -->", ""); // React's markers between adjacent text parts
}

/** The checkbox `<input>` of one content type. */
function checkbox(html: string, type: string) {
  const inputs = html.match(/<input[^>]*>/g) ?? [];
  return inputs.find((tag) => tag.includes('type="checkbox"') && tag.includes(`value="${type}"`)) ?? "";
}

beforeEach(clearContent);

describe("search loader: the page number never errors", () => {
  beforeEach(async () => {
    for (let i = 0; i < 14; i++) await insertItem("video", { title: `Copper ${i}`, publishedAt: new Date(Date.UTC(2026, 0, i + 1)) });
  });

  it.each(["0", "-1", "abc", "2.5", "", "%20"])("page=%j is page 1", async (page) => {
    const { data, status } = await load(`/search?q=copper&page=${page}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, page: 1, total: 14, totalPages: 2 });
    if (data.ok) expect(data.results).toHaveLength(12);
  });

  it("page 2 has the rest", async () => {
    const { data } = await load("/search?q=copper&page=2");
    expect(data).toMatchObject({ ok: true, page: 2, total: 14 });
    if (data.ok) expect(data.results.map((r) => r.title)).toEqual(["Copper 1", "Copper 0"]);
  });

  it("a page past the end is the empty state with the exact total and a link back to page 1", async () => {
    const { data, status } = await load("/search?q=copper&types=video&page=40");
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, page: 40, total: 14, results: [] });
    const html = render("/search?q=copper&types=video&page=40", data);
    expect(html).toContain("No results found");
    expect(html).toContain('href="/search?q=copper&amp;types=video"');
    expect(html).toContain("Back to page 1");
  });

  it("reads q, types (unknown ignored) and keeps them for the form and pager", async () => {
    await insertItem("blog", { title: "Copper blog" });
    const { data } = await load("/search?q=%20copper%20&types=blog,movies");
    expect(data).toMatchObject({ ok: true, q: "copper", types: ["blog"], total: 1 });
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
    const { data } = await load("/search?q=long");
    if (!data.ok) throw new Error("search failed");
    const excerpt = data.results[0]!.excerpt;
    expect(excerpt).toHaveLength(153);
    expect(excerpt.endsWith("...")).toBe(true);
    expect(excerpt).not.toContain("<p>");

    const html = render("/search?q=long", data);
    expect(html).toContain(excerpt);
    expect(html).toContain(">one<");
    expect(html).toContain(">three<");
    expect(html).not.toContain(">four<");
    expect(html).toContain("+2 more");
    expect(html).toContain("2.5K listens");
    expect(html).toContain("Feb 3, 2026");
    expect(html).toContain('1 result for &quot;long&quot;');
    expect(html).toContain('href="/podcast/');
    expect(html).toContain(">Podcast<");
  });

  it("shows views for other types, links interviews and features to their list anchors", async () => {
    const interview = await insertItem("interview", { title: "Chat with a CEO", count: 12 });
    const feature = await insertItem("special_feature", { title: "Chat feature", count: 1_200_000 });
    const { data } = await load("/search?q=chat");
    const html = render("/search?q=chat", data);
    expect(html).toContain(`href="/interviews#${interview}"`);
    expect(html).toContain(`href="/special-features#${feature}"`);
    expect(html).toContain("12 views");
    expect(html).toContain("1.2M views");
    expect(html).toContain(">Special Feature<");
  });

  it("prefills the box and ticks the selected types; the pager keeps q and types", async () => {
    for (let i = 0; i < 80; i++) await insertItem("blog", { title: `Rates ${i}`, publishedAt: new Date(Date.UTC(2025, 0, 1, i)) });
    const path = "/search?q=rates&types=blog&page=2";
    const { data } = await load(path);
    const html = render(path, data);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="rates"/);
    expect(checkbox(html, "blog")).toContain('checked=""');
    expect(checkbox(html, "video")).toContain('name="types"');
    expect(checkbox(html, "video")).not.toContain("checked");
    // 80 results, 7 pages, page 2: buttons 1-5, an ellipsis, then 7 (spec §9).
    expect(html).toContain('href="/search?q=rates&amp;types=blog&amp;page=3"');
    expect(html).toContain('href="/search?q=rates&amp;types=blog&amp;page=7"');
    expect(html).toContain('href="/search?q=rates&amp;types=blog"');
    expect(html).toContain("…");
    expect(html).not.toContain("page=6\"");
  });

  it("says 'No results found' when nothing matches", async () => {
    await insertItem("video", { title: "Something" });
    const { data } = await load("/search?q=nothing-like-this");
    const html = render("/search?q=nothing-like-this", data);
    expect(html).toContain("No results found");
    expect(html).toContain("Try adjusting your search terms or filters");
    expect(html).not.toContain("Back to page 1");
  });
});

describe("search loader: database failure", () => {
  it("answers 503 with the spec's message, logs once and is not cached", async () => {
    vi.mocked(searchContent).mockRejectedValueOnce(new Error("connection refused"));
    // The shared setup fails a test on console.error; this one expects exactly one.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { data, status, headers } = await load("/search?q=oil");
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(data).toMatchObject({ ok: false, q: "oil" });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain("/search?q=oil");
    logged.mockReset();
    const html = render("/search?q=oil", data);
    expect(html).toContain("Error loading search results. Please try again.");
  });
});
