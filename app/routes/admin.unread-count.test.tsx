/** PRODUCT.md "Inbox": the admin layout's unread count and the side bar's badge. */
import "../../tests/support/dom";

import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Role } from "~/lib/roles";
import { getDb, schema } from "~/server/db/db.server";
import * as inbox from "~/server/inbox/inbox.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import AdminLayout, { loader } from "./admin";

afterEach(cleanup);

describe("admin layout loader: the unread messages", () => {
  it("counts the messages nobody has read yet", async () => {
    const db = await getDb();
    await db.insert(schema.contactMessages).values([
      { name: "a", email: "a@example.com", subject: "s", message: "m" },
      { name: "b", email: "b@example.com", subject: "s", message: "m" },
      { name: "c", email: "c@example.com", subject: "s", message: "m", readAt: new Date() },
    ]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    expect((await callRoute(loader, appRequest("/admin", { cookie }))).body).toMatchObject({ unreadMessages: 2 });
  });

  it("logs a failure to count and gives no count, rather than failing every admin page", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    vi.spyOn(inbox, "countUnreadMessages").mockRejectedValueOnce(new Error("connection lost"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await callRoute(loader, appRequest("/admin/videos", { cookie }))).body).toMatchObject({ unreadMessages: null });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

function renderLayout(unreadMessages: number | null, role: Role = "admin", waitingForReview: number | null = null) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      Component: AdminLayout as never,
      children: [{ index: true, Component: () => <p>page</p> }],
    },
  ]);
  return render(
    <Stub
      initialEntries={["/admin"]}
      hydrationData={{
        loaderData: {
          "routes/admin": { user: { email: "e@example.com", name: "E", role }, sidebarOpen: true, unreadMessages, waitingForReview },
        },
      }}
    />,
  );
}

describe('the side bar\'s Review entry (PRODUCT.md "Review")', () => {
  it("shows the number of pieces waiting, described as 'N waiting'", async () => {
    renderLayout(0, "compliance", 2);
    const link = await screen.findByRole("link", { name: "Review" });
    expect(link.getAttribute("href")).toBe("/admin/review");
    expect(document.getElementById(link.getAttribute("aria-describedby")!)?.textContent).toBe("2 waiting");
  });

  it("the layout counts pieces waiting for review for every staff role", async () => {
    const { cookie } = await createSignedInUser({ role: "contributor" });
    const answer = await callRoute(loader, appRequest("/admin", { cookie }));
    expect(answer.body).toMatchObject({ waitingForReview: expect.any(Number) });
  });
});

describe("the side bar's Messages entry", () => {
  it("shows the unread count, described to screen readers as 'N unread', and keeps its name", async () => {
    renderLayout(3);
    const link = await screen.findByRole("link", { name: "Messages" });
    expect(link.textContent).toBe("Messages3");
    const description = document.getElementById(link.getAttribute("aria-describedby")!);
    expect(description?.textContent).toBe("3 unread");
  });

  it("shows no badge when nothing is unread or the count could not be read", async () => {
    for (const count of [0, null]) {
      renderLayout(count);
      const link = await screen.findByRole("link", { name: "Messages" });
      expect(link.textContent).toBe("Messages");
      expect(link.hasAttribute("aria-describedby")).toBe(false);
      cleanup();
    }
  });

  it("lists the review queue, companies and the media library after the content types", async () => {
    renderLayout(0);
    const links = (await screen.findAllByRole("link")).map((link) => link.textContent);
    expect(links.slice(links.indexOf("Special Features"), links.indexOf("Special Features") + 4)).toEqual([
      "Special Features",
      "Review",
      "Companies",
      "Media",
    ]);
    expect(screen.getByRole("link", { name: "Companies" }).getAttribute("href")).toBe("/admin/companies");
    expect(screen.getByRole("link", { name: "Media" }).getAttribute("href")).toBe("/admin/media");
  });
});

describe('the side bar shows each role what it may use (PRODUCT.md "Roles")', () => {
  const linksOf = async (role: Role) => {
    renderLayout(0, role);
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    const links = [...nav.querySelectorAll("a")].map((link) => link.textContent);
    cleanup();
    return links;
  };
  const CONTENT = ["Dashboard", "Videos", "Podcasts", "Blogs", "Interviews", "Special Features", "Review", "Companies", "Media"];

  it("contributors see the content, companies and media; editors the newsletter too; neither the inbox", async () => {
    expect(await linksOf("contributor")).toEqual(CONTENT);
    expect(await linksOf("editor")).toEqual([...CONTENT, "Newsletter"]);
  });

  it("compliance sees the inbox too; admins the inbox, the accounts and the webhooks", async () => {
    expect(await linksOf("compliance")).toEqual([...CONTENT, "Subscribers", "Newsletter", "Messages", "Mail", "Audit log"]);
    expect(await linksOf("admin")).toEqual([
      ...CONTENT,
      "Subscribers",
      "Newsletter",
      "Messages",
      "Mail",
      "Users",
      "Audit log",
      "Webhooks",
      "Markets",
    ]);
  });

  it("the layout counts unread messages only for roles that read the inbox", async () => {
    await (await getDb()).insert(schema.contactMessages).values({ name: "a", email: "a@example.com", subject: "s", message: "m" });
    const unread = await inbox.countUnreadMessages();
    expect(unread).toBeGreaterThan(0);
    for (const [role, expected] of [
      ["contributor", null],
      ["editor", null],
      ["compliance", unread],
    ] as const) {
      const { cookie } = await createSignedInUser({ role });
      expect((await callRoute(loader, appRequest("/admin", { cookie }))).body, role).toMatchObject({ unreadMessages: expected });
    }
  });
});
