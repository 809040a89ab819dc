import { data, redirect } from "react-router";

import { signInPath } from "~/lib/redirects";
import { can, isStaff, type Right, type Role } from "~/lib/roles";
import { pageUrl } from "~/server/http/page-url.server";

import { clientAddress } from "../rate-limit.server";
import { redirectWithToast } from "../toast.server";
import { getAuth } from "./auth.server";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** PRODUCT.md "Roles": a staff role, which may enter the admin area. */
  isStaff: boolean;
  isAdmin: boolean;
  /** This request's session (an admin changing their own role keeps it). */
  sessionId: string;
  /** PRODUCT.md "Audit log": the client address server.ts resolved for this request, hashed when logged. */
  address?: string | null;
}

/** The signed-in user with their profile role, or null (the session answer carries the profile). */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, displayName, role } = session.user;
  return {
    id,
    email,
    name: displayName,
    role,
    isStaff: isStaff(role),
    isAdmin: role === "admin",
    sessionId: session.session.id,
    address: clientAddress(request),
  };
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function pathOf(request: Request) {
  const url = pageUrl(request);
  return url.pathname + url.search;
}

/** PRODUCT.md "Roles": what a staff member reads when their role lacks the right a page or action needs. */
export const ROLE_REFUSAL = "Your role does not allow this.";

/**
 * PRODUCT.md "Roles": the signed-in user, who must hold `right` (every admin loader and action starts here).
 * Pages send anonymous visitors to /auth and readers to / with 'Access Denied'; a staff member whose role
 * lacks the right goes back to the dashboard with the same toast. Mutations answer 401/403 and change nothing.
 */
export async function requireRight(request: Request, right: Right): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    // Back to this admin page after signing in (PRODUCT.md "Accounts").
    if (isRead(request)) throw redirect(signInPath(pathOf(request)));
    throw data({ error: "Sign in required" }, { status: 401 });
  }
  if (!user.isStaff) {
    if (isRead(request)) {
      throw await redirectWithToast("/", {
        type: "error",
        title: "Access Denied",
        description: "You need admin privileges to access this area.",
      });
    }
    throw data({ error: "Admin privileges required" }, { status: 403 });
  }
  await ensureCan(user, right, request);
  return user;
}

/** Throws the refusal of `requireRight` when a staff member's role lacks `right` (for rights an action's intent picks). */
export async function ensureCan(user: CurrentUser, right: Right, request: Request): Promise<void> {
  if (can(user.role, right)) return;
  if (isRead(request)) {
    throw await redirectWithToast("/admin", { type: "error", title: "Access Denied", description: ROLE_REFUSAL });
  }
  throw data({ error: ROLE_REFUSAL }, { status: 403 });
}
