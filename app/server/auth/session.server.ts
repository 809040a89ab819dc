import { data, redirect } from "react-router";

import { signInPath } from "~/lib/redirects";

import { redirectWithToast } from "../toast.server";
import { getAuth } from "./auth.server";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: string;
  isAdmin: boolean;
}

/** The signed-in user with their profile role, or null (the session answer carries the profile). */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, displayName, role } = session.user;
  return { id, email, name: displayName, role, isAdmin: role === "admin" };
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function pathOf(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * PRODUCT.md "Accounts": only admins may use /admin. Pages send anonymous visitors to /auth and other users
 * to / with 'Access Denied'; mutations answer 401/403 and change nothing.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    // Back to this admin page after signing in (PRODUCT.md "Accounts").
    if (isRead(request)) throw redirect(signInPath(pathOf(request)));
    throw data({ error: "Sign in required" }, { status: 401 });
  }
  if (!user.isAdmin) {
    if (isRead(request)) {
      throw await redirectWithToast("/", {
        type: "error",
        title: "Access Denied",
        description: "You need admin privileges to access this area.",
      });
    }
    throw data({ error: "Admin privileges required" }, { status: 403 });
  }
  return user;
}
