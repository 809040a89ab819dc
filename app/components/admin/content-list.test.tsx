// @vitest-environment happy-dom
/** PRODUCT.md "Admin lists": a list action's toast never depends on its row surviving the list's reload. */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, data, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { AdminListItem } from "~/server/content/admin-content.server";

import { ContentList, type ContentListData } from "./content-list";

const notify = vi.hoisted(() => vi.fn());
vi.mock("~/components/toasts", () => ({ notify }));

afterEach(() => {
  cleanup();
  notify.mockReset();
});

const row = (id: string, title: string): AdminListItem => ({
  id,
  title,
  status: "draft",
  createdAt: new Date("2026-11-01T00:00:00Z"),
  publishedAt: null,
  scheduled: false,
  count: 0,
  downloads: null,
  featured: false,
  subtitle: null,
  needsTranscript: false,
});

const list = (items: AdminListItem[]): ContentListData => ({
  type: "video",
  q: "",
  items,
  total: items.length,
  page: 1,
  totalPages: 1,
  error: null,
});

const gone = row("00000000-0000-4000-8000-000000000001", "Deleted in another tab");
const next = row("00000000-0000-4000-8000-000000000002", "The row below it");

/** The list as the admin route serves it: the loader now reads the list without the deleted item. */
function renderList() {
  const Stub = createRoutesStub([
    {
      id: "routes/admin.content",
      path: "/admin/videos",
      Component: () => <ContentList list={(useLoaderData() as { list: ContentListData }).list} />,
      loader: () => ({ list: list([next]) }),
      action: () => data({ ok: false, intent: "feature", id: gone.id, message: "Failed to update featured status" }, { status: 404 }),
      shouldRevalidate: () => true,
    },
  ]);
  return render(
    <Stub initialEntries={["/admin/videos"]} hydrationData={{ loaderData: { "routes/admin.content": { list: list([gone, next]) } } }} />,
  );
}

describe("the content list's Feature button", () => {
  it("shows 'Failed to update featured status' when its row was deleted elsewhere, although the reload removes the row", async () => {
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: `Feature: ${gone.title}` }));
    await waitFor(() => expect(screen.queryByRole("button", { name: `Feature: ${gone.title}` })).toBeNull());
    await waitFor(() => expect(notify).toHaveBeenCalledWith("error", "Error", "Failed to update featured status"));
    expect(screen.getByRole("button", { name: `Feature: ${next.title}` })).toBeTruthy();
  });
});
