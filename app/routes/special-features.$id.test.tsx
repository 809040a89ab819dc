import "../../tests/support/dom";

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { FeatureCard } from "~/components/content/feature-card";
import * as toasts from "~/components/toasts";
import { publicPageHeaders } from "~/lib/cache-headers";
import { NOINDEX } from "~/lib/seo";
import * as specialFeaturesServer from "~/server/content/special-features.server";
import { schema } from "~/server/db/db.server";

import { day, emptyBeforeEach, insertSpecialFeatures, MISSING_ID } from "../../tests/support/content";
import { describeItemPromotion } from "../../tests/support/item-promotion";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import SpecialFeaturePage, { headers, loader, meta } from "./special-features.$id";

const loadFeature = (id: string) => callRoute(loader, `/special-features/${id}`, { params: { id }, throws: false });
const render = (id: string, loaderData: unknown) =>
  renderRoute(SpecialFeaturePage, `/special-features/${id}`, { path: "/special-features/:id", loaderData });
const metaOf = (loaderData: unknown) => meta({ loaderData } as Parameters<typeof meta>[0]);

emptyBeforeEach(schema.specialFeatures);

describe("/special-features/{id} loader", () => {
  it("returns the published feature with sanitised content, read time and up to 3 other features, newest first", async () => {
    const rows = await insertSpecialFeatures(Array.from({ length: 5 }, (_, i) => ({ title: `F${i}` })));
    await insertSpecialFeatures([{ title: "Hidden draft", status: "draft", publishedAt: day(30) }]);
    const [main] = await insertSpecialFeatures([
      {
        title: "Main",
        publishedAt: day(20),
        featureType: "deep_dive",
        featuredImageUrl: "/media/feature.jpg",
        videoUrl: "https://youtu.be/V4ZDealMRJY",
        readTime: null,
        views: 1200,
        tags: ["copper"],
        description: "Copper, dug deep.",
        content: `<h2>Supply</h2><p onclick="steal()">${"word ".repeat(250)}<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>`,
      },
    ]);
    const { status, body, headers: answerHeaders } = await loadFeature(main.id);
    expect(status).toBe(200);
    expect(answerHeaders.get("Cache-Control")).toBeNull();
    expect(body.feature).toMatchObject({
      id: main.id,
      title: "Main",
      featureType: "deep_dive",
      featuredImageUrl: "/media/feature.jpg",
      videoUrl: "https://youtu.be/V4ZDealMRJY",
      readTimeMinutes: 2,
      views: 1200,
      tags: ["copper"],
      description: "Copper, dug deep.",
      publishedAt: day(20),
    });
    expect(body.feature!.contentHtml).toContain("<h2>Supply</h2>");
    expect(body.feature!.contentHtml).not.toMatch(/script|onclick|javascript:/);
    expect(body.feature).not.toHaveProperty("content");
    expect(body.moreFeatures.map((f) => f.title)).toEqual(["F4", "F3", "F2"]);
    expect(body.moreFeatures.map((f) => f.id)).toEqual([rows[4].id, rows[3].id, rows[2].id]);
  });

  it("keeps a stored read time and never lists the feature itself among the others", async () => {
    const rows = await insertSpecialFeatures([{ title: "F0" }, { title: "F1", readTime: 7 }, { title: "F2" }]);
    const { body } = await loadFeature(rows[1].id);
    expect(body.feature!.readTimeMinutes).toBe(7);
    expect(body.moreFeatures.map((f) => f.title)).toEqual(["F2", "F0"]);
  });

  it("has no other features when it is the only one", async () => {
    const [only] = await insertSpecialFeatures([{ content: null }]);
    const { body } = await loadFeature(only.id);
    expect(body.moreFeatures).toEqual([]);
    expect(body.feature).toMatchObject({ contentHtml: "", readTimeMinutes: 1 });
  });

  it.each(["draft", "archived"] as const)("answers 404 with the not-found state, never cached, for a %s feature", async (status) => {
    const [row] = await insertSpecialFeatures([{ status, publishedAt: null }]);
    const result = await loadFeature(row.id);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ feature: null, moreFeatures: [], meta: [{ title: "Feature Not Found | MarketWire" }, NOINDEX] });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([MISSING_ID, "not-a-uuid", "1", "%27%20or%201=1"])("answers 404 for the unknown or malformed id %j", async (id) => {
    await insertSpecialFeatures([{}]);
    const result = await loadFeature(id);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ feature: null, moreFeatures: [], meta: [{ title: "Feature Not Found | MarketWire" }, NOINDEX] });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lets a database failure reach the error boundary, as the other detail pages do", async () => {
    const failure = vi.spyOn(specialFeaturesServer, "getPublishedSpecialFeature").mockRejectedValueOnce(new Error("connection refused"));
    await expect(loadFeature(MISSING_ID)).rejects.toThrow("connection refused");
    failure.mockRestore();
  });

  it("sends the public pages' cache headers", () => {
    expect(headers).toBe(publicPageHeaders);
  });
});

describe("/special-features/{id} page", () => {
  it("shows the feature with its type, facts, picture, video and the other features", async () => {
    const [other] = await insertSpecialFeatures([{ title: "Other feature", featureType: null }]);
    const [main] = await insertSpecialFeatures([
      {
        title: "Main feature",
        publishedAt: day(20),
        featureType: "market_analysis",
        featuredImageUrl: "/media/feature.jpg",
        videoUrl: "https://youtu.be/V4ZDealMRJY",
        readTime: 6,
        views: 28_740,
        tags: ["sectors", "earnings"],
        description: "Where momentum builds.",
        content: "<p>The whole analysis.</p>",
      },
    ]);
    const { body } = await loadFeature(main.id);
    render(main.id, body);
    expect(screen.getByRole("heading", { level: 1, name: "Main feature" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Special Features" }).getAttribute("href")).toBe("/special-features");
    expect(screen.getByTestId("feature-type").textContent).toBe("Market Analysis");
    expect(screen.getByText("January 21, 2025")).toBeTruthy();
    expect(screen.getByText("6 min read")).toBeTruthy();
    expect(screen.getByText("28.7K views")).toBeTruthy();
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["sectors", "earnings"]);
    const image = screen.getByRole("img", { name: "Main feature" });
    expect(image.getAttribute("src")).toBe("/media/feature.jpg");
    expect(image.getAttribute("fetchpriority")).toBe("high");
    expect(screen.getByRole("button", { name: "Play video: Main feature" })).toBeTruthy();
    expect(screen.getByText("Where momentum builds.")).toBeTruthy();
    expect(screen.getByText("The whole analysis.")).toBeTruthy();
    const more = screen.getByRole("complementary", { name: "More Features" });
    const link = within(more).getByRole("link", { name: /Other feature/ });
    expect(link.getAttribute("href")).toBe(`/special-features/${other.id}`);
    expect(link.textContent).toContain("General");
  });

  it("has no player without a video, and says when there are no other features", async () => {
    const [main] = await insertSpecialFeatures([{ title: "Plain", videoUrl: null }]);
    const { body } = await loadFeature(main.id);
    const { container } = render(main.id, body);
    expect(container.querySelector("iframe, video")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Video" })).toBeNull();
    expect(screen.getByText("No other features yet.")).toBeTruthy();
  });

  it('has a Share button that copies the page\'s address and says so (PRODUCT.md "Detail pages")', async () => {
    const [main] = await insertSpecialFeatures([{ title: "Shared" }]);
    const { body } = await loadFeature(main!.id);
    render(main!.id, body);
    const copied = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const notified = vi.spyOn(toasts, "notify").mockImplementation(() => {});
    try {
      fireEvent.click(screen.getByRole("button", { name: "Share" }));
      await waitFor(() =>
        expect(notified).toHaveBeenCalledWith("success", "Link copied!", "Feature link has been copied to your clipboard."),
      );
      expect(copied).toHaveBeenCalledWith(window.location.href);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("shows 'Feature Not Found' with a way to every feature", async () => {
    const { body } = await loadFeature(MISSING_ID);
    render(MISSING_ID, body);
    expect(screen.getByRole("heading", { level: 1, name: "Feature Not Found" })).toBeTruthy();
    expect(screen.getByText("The feature you're looking for doesn't exist or may have been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Features" }).getAttribute("href")).toBe("/special-features");
  });

  it("is titled after the feature, described by its description cut for search engines, with its preview and structured data", async () => {
    const [main] = await insertSpecialFeatures([{ title: "Main feature", description: "y".repeat(200) }]);
    const { body } = await loadFeature(main.id);
    const tags = metaOf(body);
    expect(tags).toContainEqual({ title: "Main feature | MarketWire" });
    expect(tags).toContainEqual({ name: "description", content: `${"y".repeat(157)}...` });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual(
      expect.objectContaining({
        tagName: "link",
        rel: "canonical",
        href: expect.stringMatching(new RegExp(`/special-features/${main.id}$`)),
      }),
    );
    expect(tags).toContainEqual({ "script:ld+json": expect.objectContaining({ "@type": "NewsArticle", headline: "Main feature" }) });
    expect(metaOf({ feature: null, moreFeatures: [], meta: [{ title: "Feature Not Found | MarketWire" }] })).toEqual([
      { title: "Feature Not Found | MarketWire" },
    ]);
  });
});

describe("the feature card on /special-features", () => {
  it("keeps its anchor and links its title to the feature's page", async () => {
    const [row] = await insertSpecialFeatures([
      { title: "Card feature", videoUrl: "https://youtu.be/V4ZDealMRJY", content: "<p>Text</p>" },
    ]);
    const feature = { ...row, contentHtml: "<p>Text</p>", readTimeMinutes: 1 };
    const { container } = renderRoute(() => <FeatureCard feature={feature} />, "/special-features");
    const card = container.querySelector("article")!;
    expect(card.id).toBe(row.id);
    const heading = screen.getByRole("heading", { level: 2, name: "Card feature" });
    expect(within(heading).getByRole("link", { name: "Card feature" }).getAttribute("href")).toBe(`/special-features/${row.id}`);
    // No link or control inside another.
    expect(container.querySelectorAll("a a, a button, button a, a summary, summary a")).toHaveLength(0);
  });
});

describeItemPromotion({
  type: "special_feature",
  insert: async (row) => (await insertSpecialFeatures([row]))[0]!,
  load: async (id) => {
    const { body } = await loadFeature(id);
    return { item: body.feature!, meta: body.meta };
  },
});
