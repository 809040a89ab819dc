import "../../tests/support/dom";

import { cleanup, render, screen, within } from "@testing-library/react";
import { createElement } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Role } from "~/lib/roles";
import * as dashboard from "~/server/content/dashboard.server";
import * as dailyStats from "~/server/counting/daily-stats.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { countNewVisit, insertPodcasts, insertVideos } from "../../tests/support/content";
import { callRoute } from "../../tests/support/route";
import AdminDashboard, { loader } from "./admin._index";

afterEach(cleanup);

const load = async (cookie?: string) => (await callRoute(loader, appRequest("/admin", { cookie }), { throws: false })).body;
/** The redirect the admin guard throws. */
const guard = (cookie?: string) => callRoute(loader, appRequest("/admin", { cookie }), { throws: true });

describe("/admin dashboard loader", () => {
  it("is guarded: anonymous → /auth, plain user → /", async () => {
    expect(await guard()).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fadmin", response: expect.any(Response) });
    const { cookie } = await createSignedInUser({ role: "reader" });
    expect(await guard(cookie)).toMatchObject({ status: 302, location: "/", response: expect.any(Response) });
  });

  it("gives an admin the counts of every type (drafts and archived counted, views from published only)", async () => {
    await insertVideos([
      { title: "a", status: "published", views: 1000 },
      { title: "b", status: "draft", views: 50 },
      { title: "c", status: "archived", views: 70 },
      // Scheduled (PRODUCT.md "Scheduled publishing"): not live yet, so neither published nor in the views.
      { title: "d", status: "published", views: 900, publishedAt: new Date(Date.now() + 3_600_000) },
    ]);
    await insertPodcasts([{ title: "p", status: "published", listens: 12 }]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { stats } = await load(cookie);
    expect(stats?.video).toEqual({ total: 4, published: 1, draft: 1, views: 1000, needsTranscript: 2 });
    expect(stats?.podcast).toEqual({ total: 1, published: 1, draft: 0, views: 12, needsTranscript: 1 });
    expect(stats?.blog).toEqual({ total: 0, published: 0, draft: 0, views: 0, needsTranscript: null });
  });

  it('gives the last 30 days of views and listens, today last with the hits just counted (PRODUCT.md "Views over time")', async () => {
    const [video] = await insertVideos([{ title: "counted" }]);
    const [podcast] = await insertPodcasts([{ title: "heard" }]);
    const before = (await load((await createSignedInUser({ role: "admin" })).cookie)).daily!.at(-1)!;
    await countNewVisit("video", video!.id);
    await countNewVisit("video", video!.id);
    await countNewVisit("podcast", podcast!.id);
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { daily } = await load(cookie);
    expect(daily).toHaveLength(30);
    expect(daily!.at(-1)).toEqual({ day: dailyStats.utcDay(new Date()), views: before.views + 2, listens: before.listens + 1 });
  });

  it("logs a stats failure and returns no numbers instead of failing the page; the chart still has its figures", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    vi.spyOn(dashboard, "getDashboardStats").mockRejectedValueOnce(new Error("relation does not exist"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await load(cookie);
      expect(answer.stats).toBeNull();
      expect(answer.daily).toHaveLength(30);
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("logs a failure of the daily figures and still gives the cards their numbers", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    vi.spyOn(dailyStats, "dailyTotals").mockRejectedValueOnce(new Error("relation does not exist"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await load(cookie);
      expect(answer.daily).toBeNull();
      expect(answer.stats?.video).toEqual(expect.objectContaining({ total: expect.any(Number) }));
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

/** The dashboard inside the admin layout's data (the unread count comes from there). */
function renderDashboard(loaderData: unknown, unreadMessages: number | null, role: Role = "admin") {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      Component: Outlet,
      children: [{ id: "routes/admin._index", index: true, Component: AdminDashboard as never }],
    },
  ]);
  return render(
    createElement(Stub, {
      initialEntries: ["/admin"],
      hydrationData: {
        loaderData: {
          "routes/admin": { unreadMessages, user: { email: "e@example.com", name: "E", role } },
          "routes/admin._index": loaderData,
        },
      },
    }),
  );
}

const figures = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-05-${String(i + 1).padStart(2, "0")}`,
  views: i === 29 ? 1234 : 0,
  listens: i === 28 ? 56 : 0,
}));

describe("/admin dashboard page", () => {
  it("shows the 30-day summary and every day's figures in the table, newest first", async () => {
    renderDashboard({ stats: null, daily: figures }, 3);
    const chart = await screen.findByTestId("daily-chart");
    expect(within(chart).getByText("1,234 views and 56 listens in the last 30 days")).toBeTruthy();
    const table = within(chart).getByRole("table", { name: "Views and listens of all content, per day, last 30 days" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(
      rows.slice(0, 2).map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["1,234", "0"],
      ["0", "56"],
    ]);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toBe("May 30, 2026");
  });

  it("shows the unread messages from the layout's count, leading to the messages", async () => {
    renderDashboard({ stats: null, daily: figures }, 3);
    const card = await screen.findByRole("link", { name: /unread messages/ });
    expect(card.getAttribute("href")).toBe("/admin/messages");
    expect(screen.getByTestId("dashboard-unread").textContent).toBe("3unread messages");
  });

  it("says so when the daily figures or the unread count could not be read, and the cards show '—'", async () => {
    renderDashboard({ stats: null, daily: null }, null);
    expect(await screen.findByText("The daily figures could not be loaded.")).toBeTruthy();
    expect(screen.getByTestId("dashboard-unread").textContent).toBe("—unread messages");
    expect(screen.getByRole("link", { name: /^Videos/ }).textContent).toContain("—");
  });
});

describe('the dashboard shows each role what it may use (PRODUCT.md "Roles")', () => {
  const sections = () => ({
    quickActions: screen.queryByRole("heading", { name: "Quick Actions" }) !== null,
    inbox: screen.queryByRole("heading", { name: "Inbox" }) !== null,
  });

  it.each([
    ["contributor", { quickActions: true, inbox: false }],
    ["editor", { quickActions: true, inbox: false }],
    ["compliance", { quickActions: false, inbox: true }],
    ["admin", { quickActions: true, inbox: true }],
  ] as const)("%s", async (role, shown) => {
    renderDashboard({ stats: null, daily: null }, 0, role);
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(sections()).toEqual(shown);
  });
});
