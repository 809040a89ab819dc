import { customSessionClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import * as React from "react";
import { toast } from "sonner";
import type { Auth } from "~/server/auth.server";

/**
 * The browser's Better Auth client. Public pages read the session here, in the browser, so their HTML
 * is the same for everyone and stays cacheable. On the server no session is ever fetched (the session
 * store only starts fetching once subscribed in the browser), so the origin there is never used.
 */
function createClient() {
  return createAuthClient({
    baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
    // The session answer carries the profile's display name and role (see auth.server.ts).
    plugins: [customSessionClient<Auth>()],
  });
}

let client: ReturnType<typeof createClient> | undefined;
export function getAuthClient() {
  client ??= createClient();
  return client;
}

type SessionData = ReturnType<ReturnType<typeof createClient>["useSession"]>["data"];

export interface AuthContextValue {
  /** The signed-in user, or null (also while loading). */
  user: NonNullable<SessionData>["user"] | null;
  session: NonNullable<SessionData>["session"] | null;
  /** spec §4: true until the first session answer arrives. */
  loading: boolean;
  /** Signs out and confirms with a toast (spec §8); resolves to whether it worked. */
  signOut: () => Promise<boolean>;
}

const AuthContext = React.createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const authClient = getAuthClient();
  const { data, isPending, refetch } = authClient.useSession();

  // Signing in (/auth) and out (the admin header) happen in server actions this browser store does not
  // hear of: when the public shell mounts again with a session already loaded, ask for it anew.
  const [loadedBeforeMount] = React.useState(!isPending);
  React.useEffect(() => {
    if (loadedBeforeMount) void refetch();
  }, [loadedBeforeMount, refetch]);

  const signOut = React.useCallback(async () => {
    try {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? "Sign out failed");
      toast.success("Signed out", { description: "You have been successfully signed out." });
      return true;
    } catch {
      toast.error("Sign out failed", { description: "An error occurred while signing out." });
      return false;
    }
  }, [authClient]);

  const value = React.useMemo<AuthContextValue>(
    () => ({ user: data?.user ?? null, session: data?.session ?? null, loading: isPending, signOut }),
    [data, isPending, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** spec §3: the auth context (user, session, loading, sign out). */
export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
