import type { ReactNode } from "react";
import { data, Outlet, useRouteLoaderData } from "react-router";

import { AdminHeader } from "~/components/admin/admin-header";
import { AdminSidebar } from "~/components/admin/sidebar";
import { RouteErrorMessage } from "~/components/route-error-message";
import { SidebarInset, sidebarOpenFromCookie, SidebarProvider } from "~/components/ui/sidebar";
import { can, type Role } from "~/lib/roles";
import { NOINDEX } from "~/lib/seo";
import { appendSetCookies, signOutSession } from "~/server/auth/auth-actions.server";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { countUnreadMessages } from "~/server/inbox/inbox.server";
import { logError } from "~/server/log.server";
import { readForm } from "~/server/request-form.server";
import { countWaitingForReview } from "~/server/review/review-queue.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/admin";

// PRODUCT.md "Roles": only staff see the admin area (anonymous → /auth, readers → / with 'Access Denied'), each
// role only what it may use. Every child route checks again in its own loader and action.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRight(request, "admin.enter");
  return {
    user: { email: user.email, name: user.name, role: user.role },
    // Read on the server so the first render already has the saved width (no flash).
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
    unreadMessages: can(user.role, "inbox.read") ? await countOrNull("Unread messages", countUnreadMessages, request) : null,
    waitingForReview: can(user.role, "content.read") ? await countOrNull("Waiting for review", countWaitingForReview, request) : null,
  };
}

/**
 * The side bar's counts: PRODUCT.md "Inbox" (unread messages), PRODUCT.md "Review" (pieces waiting). Every admin
 * page reads them, so a failure is only logged and shows no count, rather than breaking the page.
 */
async function countOrNull(what: string, count: () => Promise<number>, request: Request): Promise<number | null> {
  try {
    return await count();
  } catch (error) {
    logError(`${what} count failed (${pageUrl(request).pathname})`, error);
    return null;
  }
}

/**
 * The header's 'Sign Out' (intent=signout). Not admin-only on purpose: ending your own session changes
 * nothing else, and a plain user's menu may use the same form.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "signout") {
    await requireRight(request, "admin.enter");
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

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | MarketWire" }, NOINDEX];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell layout={loaderData}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * An unexpected error in an admin page keeps the sidebar and header around the message, so the admin can
 * go on to another page (the layout's own data is still there unless the layout itself failed).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin");
  const panel = (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <RouteErrorMessage
        error={error}
        site="MarketWire Admin"
        headingClassName="text-2xl font-bold tracking-tight"
        back={{ to: "/admin", label: "Back to Dashboard" }}
      />
    </div>
  );
  if (!layout) return <main className="p-6">{panel}</main>;
  return <AdminShell layout={layout}>{panel}</AdminShell>;
}

/** The side bar and header around an admin page, from the layout's data (a count is missing when it was not read). */
function AdminShell({
  layout,
  children,
}: {
  layout: { user: { email: string; role: Role }; sidebarOpen: boolean; unreadMessages?: number | null; waitingForReview?: number | null };
  children: ReactNode;
}) {
  const { user, sidebarOpen, unreadMessages, waitingForReview } = layout;
  const email = user.email;
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <AdminSidebar email={email} role={user.role} unreadMessages={unreadMessages ?? null} waitingForReview={waitingForReview ?? null} />
      <SidebarInset>
        <AdminHeader email={email} />
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
