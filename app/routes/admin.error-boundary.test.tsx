import "../../tests/support/dom";

import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import AdminLayout, { ErrorBoundary } from "./admin";

afterEach(cleanup);

function renderAdmin(child: () => never) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      Component: AdminLayout,
      ErrorBoundary,
      loader: () => ({ user: { email: "editor@example.com", name: "Editor", role: "editor" }, sidebarOpen: true }),
      children: [{ path: "broken", Component: child }],
    },
  ]);
  return render(<Stub initialEntries={["/admin/broken"]} />);
}

describe("admin error boundary", () => {
  it("keeps the sidebar and header around the message when a page fails unexpectedly", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAdmin(() => {
      throw new Error("render failed");
    });
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("h1")?.textContent).toBe("Something went wrong");
    expect(alert.textContent).toContain("An unexpected error occurred. Please try again.");
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    // The shell: the sidebar's content links and the signed-in email.
    expect(screen.getByRole("link", { name: "Special Features" }).getAttribute("href")).toBe("/admin/special-features");
    expect(screen.getAllByText("editor@example.com").length).toBeGreaterThan(0);
    logged.mockRestore();
  });
});
