import * as reactRouter from "react-router";
import { describe, expect, it, vi } from "vitest";

import { NO_ROUTE, REMEMBERED_PATHS, routePatterns } from "./route-pattern.server";

// matchRoutes, counted: the lookup must not run it again for a path it has seen.
vi.mock("react-router", async (importOriginal) => {
  const original = await importOriginal<typeof reactRouter>();
  return { ...original, matchRoutes: vi.fn(original.matchRoutes) };
});

type Manifest = reactRouter.ServerBuild["routes"];

const manifest = {
  root: { id: "root", path: "" },
  layout: { id: "layout", parentId: "root" },
  home: { id: "home", parentId: "layout", index: true },
  video: { id: "video", parentId: "layout", path: "video/:id" },
  companies: { id: "companies", parentId: "layout", path: "companies" },
  company: { id: "company", parentId: "layout", path: "companies/:slug" },
} as unknown as Manifest;

describe("routePatterns (the access lines' route)", () => {
  it("names the pattern, never the id, and (no route) when nothing matches", () => {
    const routeOf = routePatterns(manifest);
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/video/0b0c6a3e-2f5d-4f7e-9a55-1d2a0f7c9e11")).toBe("/video/:id");
    expect(routeOf("/companies")).toBe("/companies");
    expect(routeOf("/companies/ironbark-gold")).toBe("/companies/:slug");
    expect(routeOf("/nothing/here/at/all")).toBe(NO_ROUTE);
  });

  it("matches a path once, however often it is asked (a spike asks for the same pages)", () => {
    const matchRoutes = vi.mocked(reactRouter.matchRoutes);
    const routeOf = routePatterns(manifest);
    matchRoutes.mockClear();
    for (let i = 0; i < 100; i++) expect(routeOf("/video/abc")).toBe("/video/:id");
    expect(routeOf("/companies/abc")).toBe("/companies/:slug");
    expect(matchRoutes).toHaveBeenCalledTimes(2);
  });

  it("remembers a bounded number of paths: the oldest is matched again", () => {
    const matchRoutes = vi.mocked(reactRouter.matchRoutes);
    const routeOf = routePatterns(manifest);
    for (let i = 0; i <= REMEMBERED_PATHS; i++) routeOf(`/video/${i}`);
    matchRoutes.mockClear();
    expect(routeOf(`/video/${REMEMBERED_PATHS}`)).toBe("/video/:id");
    expect(matchRoutes).toHaveBeenCalledTimes(0);
    expect(routeOf("/video/0")).toBe("/video/:id");
    expect(matchRoutes).toHaveBeenCalledTimes(1);
  });
});
