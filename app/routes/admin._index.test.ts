import { describe, expect, it, vi } from "vitest";

import * as dashboard from "~/server/dashboard.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { insertPodcasts, insertVideos } from "../../tests/support/content";
import { callRoute } from "../../tests/support/route";
import { loader } from "./admin._index";

const load = async (cookie?: string) => (await callRoute(loader, appRequest("/admin", { cookie }), { throws: false })).body;
/** The redirect the admin guard throws. */
const guard = (cookie?: string) => callRoute(loader, appRequest("/admin", { cookie }), { throws: true });

describe("/admin dashboard loader", () => {
  it("is guarded: anonymous → /auth, plain user → /", async () => {
    expect(await guard()).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fadmin", response: expect.any(Response) });
    const { cookie } = await createSignedInUser({ role: "user" });
    expect(await guard(cookie)).toMatchObject({ status: 302, location: "/", response: expect.any(Response) });
  });

  it("gives an admin the counts of every type (drafts and archived counted, views from published only)", async () => {
    await insertVideos([
      { title: "a", status: "published", views: 1000 },
      { title: "b", status: "draft", views: 50 },
      { title: "c", status: "archived", views: 70 },
    ]);
    await insertPodcasts([{ title: "p", status: "published", listens: 12 }]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { stats } = await load(cookie);
    expect(stats?.video).toEqual({ total: 3, published: 1, draft: 1, views: 1000 });
    expect(stats?.podcast).toEqual({ total: 1, published: 1, draft: 0, views: 12 });
    expect(stats?.blog).toEqual({ total: 0, published: 0, draft: 0, views: 0 });
  });

  it("logs a database failure and returns no numbers instead of failing the page", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    vi.spyOn(dashboard, "getDashboardStats").mockRejectedValueOnce(new Error("relation does not exist"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await load(cookie)).toEqual({ stats: null });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
