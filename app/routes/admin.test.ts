import { describe, expect, it, vi } from "vitest";

import { getAuth } from "~/server/auth/auth.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { getToast } from "~/server/toast.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import { action, headers, loader } from "./admin";

/** The flash toast a response sets, as the next page would read it. */
async function toastFrom(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .find((c) => c.startsWith("mw_toast="))
    ?.split(";")[0];
  return (await getToast(appRequest("/", { cookie }))).toast;
}

describe("admin layout guard (loader)", () => {
  it("sends an anonymous visitor to /auth", async () => {
    const { status, headers } = await callRoute(loader, appRequest("/admin"));
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin");
  });

  it("sends a signed-in non-admin to / with the 'Access Denied' toast cookie", async () => {
    const { cookie } = await createSignedInUser({ role: "reader" });
    const { status, headers } = await callRoute(loader, appRequest("/admin", { cookie }));
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/");
    expect(await toastFrom(headers)).toEqual({
      type: "error",
      title: "Access Denied",
      description: "You need admin privileges to access this area.",
    });
  });

  it("gives an admin their email and name, and the sidebar open by default", async () => {
    const { cookie, email } = await createSignedInUser({ role: "admin" });
    const { body } = await callRoute(loader, appRequest("/admin", { cookie }));
    expect(body).toEqual({
      user: { email, name: expect.stringMatching(/^Test User/), role: "admin" },
      sidebarOpen: true,
      unreadMessages: 0,
      waitingForReview: expect.any(Number),
    });
  });

  it("reads the collapsed sidebar from the sidebar_state cookie", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { body } = await callRoute(loader, appRequest("/admin", { cookie: `${cookie}; sidebar_state=false` }));
    expect(body).toMatchObject({ sidebarOpen: false });
  });
});

describe("admin layout: sign out (action, intent=signout)", () => {
  it("ends the session, clears its cookie and goes to / with the 'Signed out' toast", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const { status, headers } = await callRoute(action, appRequest("/admin", { cookie, form: { intent: "signout" } }));
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/");
    const cookies = headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("better-auth.session_token=;") && /max-age=0/i.test(c))).toBe(true);
    expect(await toastFrom(headers)).toEqual({
      type: "success",
      title: "Signed out",
      description: "You have been successfully signed out.",
    });
    // The old cookie no longer opens a session.
    expect(await getCurrentUser(appRequest("/admin", { cookie }))).toBeNull();
  });

  it("stays on /admin with 'Sign out failed' when Better Auth fails", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const auth = await getAuth();
    vi.spyOn(auth, "handler").mockResolvedValueOnce(new Response("{}", { status: 500 }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { status, headers } = await callRoute(action, appRequest("/admin", { cookie, form: { intent: "signout" } }));
      expect(status).toBe(302);
      expect(headers.get("Location")).toBe("/admin");
      expect(headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(false);
      expect(await toastFrom(headers)).toEqual({
        type: "error",
        title: "Sign out failed",
        description: "An error occurred while signing out.",
      });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("also signs out a plain user (it is their own session)", async () => {
    const { cookie } = await createSignedInUser({ role: "reader" });
    const { status } = await callRoute(action, appRequest("/admin", { cookie, form: { intent: "signout" } }));
    expect(status).toBe(302);
    expect(await getCurrentUser(appRequest("/", { cookie }))).toBeNull();
  });

  it("refuses any other intent from a non-admin (403) and from an anonymous visitor (401)", async () => {
    const { cookie } = await createSignedInUser({ role: "reader" });
    expect((await callRoute(action, appRequest("/admin", { cookie, form: { intent: "other" } }))).status).toBe(403);
    expect((await callRoute(action, appRequest("/admin", { form: { intent: "other" } }))).status).toBe(401);
  });

  it("answers an unknown intent from an admin with 400", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    expect((await callRoute(action, appRequest("/admin", { cookie, form: { intent: "other" } }))).status).toBe(400);
  });
});

describe("admin layout headers", () => {
  it("forbids caching of admin pages", () => {
    const value = headers({} as Parameters<typeof headers>[0]);
    expect(new Headers(value as HeadersInit).get("Cache-Control")).toBe("private, no-store");
  });
});
