import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import * as blogsServer from "~/server/content/blogs.server";
import * as interviewsServer from "~/server/content/interviews.server";
import * as programmeServer from "~/server/content/programme.server";
import * as specialFeaturesServer from "~/server/content/special-features.server";

import { callRoute } from "../../tests/support/route";
import BlogList, { loader as blogLoader } from "./blog";
import Interviews, { loader as interviewsLoader } from "./interviews";
import Programme, { loader as programmeLoader } from "./programme";
import SpecialFeatures, { loader as specialFeaturesLoader } from "./special-features";

afterEach(() => vi.restoreAllMocks());

/** Server-renders a page with the given loader data (these pages read nothing else of their route props). */
function render(path: string, Page: (props: never) => ReactNode, loaderData: unknown) {
  const Component = Page as ComponentType<{ loaderData: unknown }>;
  const Stub = createRoutesStub([{ id: "page", path, Component: () => <Component loaderData={loaderData} /> }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

// PRODUCT.md "Lists": a list the database cannot give answers 503, never cached, logged once, and the
// page shows its failure state, like /videos, /podcasts and /search.
describe("a public list when the database fails", () => {
  it.each([
    [
      "/blog",
      () => vi.spyOn(blogsServer, "listPublishedBlogs"),
      blogLoader,
      BlogList,
      { ok: false, page: 1, meta: expect.arrayContaining([{ title: "Latest Articles | MarketWire" }]) },
      "Failed to load articles. Please try again later.",
    ],
    [
      "/interviews",
      () => vi.spyOn(interviewsServer, "listPublishedInterviews"),
      interviewsLoader,
      Interviews,
      { ok: false, interviews: [], meta: expect.arrayContaining([{ title: "Interviews | MarketWire" }]) },
      "Failed to load interviews. Please try again later.",
    ],
    [
      "/special-features",
      () => vi.spyOn(specialFeaturesServer, "listPublishedSpecialFeatures"),
      specialFeaturesLoader,
      SpecialFeatures,
      { ok: false, features: [], meta: expect.arrayContaining([{ title: "Special Features | MarketWire" }]) },
      "Failed to load special features. Please try again later.",
    ],
  ] as const)("%s", async (path, spy, loader, Page, failed, message) => {
    spy().mockRejectedValueOnce(new Error("connection refused"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, headers, body } = await callRoute(loader, path, { throws: false });
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toEqual(failed);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain(path);
    expect(render(path, Page, body)).toContain(message);
  });

  it("/programme keeps its cards without the video count", async () => {
    vi.spyOn(programmeServer, "getProgrammeStats").mockRejectedValueOnce(new Error("connection refused"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, headers, body } = await callRoute(programmeLoader, "/programme", { throws: false });
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toEqual({ ok: false, totalVideos: null, meta: expect.arrayContaining([{ title: "Programme | MarketWire" }]) });
    expect(logged).toHaveBeenCalledTimes(1);
    const html = render("/programme", Programme, body);
    expect(html).toContain("Special Features");
    expect(html).not.toContain("programme-video-count");
  });
});
