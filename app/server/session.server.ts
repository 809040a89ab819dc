import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getAuth } from "./auth.server";
import { getDb, schema } from "./db.server";
import { redirectWithToast } from "./toast.server";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: string;
  isAdmin: boolean;
}

/** The signed-in user with their profile role, or null. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const db = await getDb();
  const [profile] = await db
    .select({ role: schema.profiles.role, displayName: schema.profiles.displayName })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, session.user.id));
  const role = profile?.role ?? "user";
  return {
    id: session.user.id,
    email: session.user.email,
    name: profile?.displayName ?? session.user.name,
    role,
    isAdmin: role === "admin",
  };
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * spec §6: only admins may use /admin. Pages send anonymous visitors to /auth and other users to /
 * with 'Access Denied'; mutations answer 401/403 and change nothing.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    if (isRead(request)) throw redirect("/auth");
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
