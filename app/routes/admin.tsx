import { data, Outlet } from "react-router";

import { AdminHeader } from "~/components/admin/admin-header";
import { AdminSidebar } from "~/components/admin/sidebar";
import { SidebarInset, sidebarOpenFromCookie, SidebarProvider } from "~/components/ui/sidebar";
import { appendSetCookies, signOutSession } from "~/server/auth-actions.server";
import { readForm } from "~/server/request-form.server";
import { requireAdmin } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin";

// PRODUCT.md "Accounts": only admins see the admin area (anonymous → /auth, others → / with 'Access Denied').
// Every child route checks again in its own loader and action.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return {
    user: { email: user.email, name: user.name },
    // Read on the server so the first render already has the saved width (no flash).
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
  };
}

/**
 * The header's 'Sign Out' (intent=signout). Not admin-only on purpose: ending your own session changes
 * nothing else, and a plain user's menu may use the same form.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "signout") {
    await requireAdmin(request);
    return data({ error: "Unknown action" }, { status: 400 });
  }
  const result = await signOutSession(request);
  if (!result.ok) {
    return redirectWithToast("/admin", {
      type: "error",
      title: "Sign out failed",
      description: "An error occurred while signing out.",
    });
  }
  const response = await redirectWithToast("/", {
    type: "success",
    title: "Signed out",
    description: "You have been successfully signed out.",
  });
  return appendSetCookies(response, result.setCookies);
}

// Admin pages show unpublished content and personal data: never store them in any cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | MarketWire" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, sidebarOpen } = loaderData;
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <AdminSidebar email={user.email} />
      <SidebarInset>
        <AdminHeader email={user.email} />
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
