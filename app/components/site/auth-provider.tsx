import * as React from "react";

import { notify } from "~/components/toasts";

/**
 * The session as public pages see it: read in the browser from Better Auth's own endpoints, so the
 * page's HTML is the same for everyone and stays cacheable (PRODUCT.md "Page cache"). Two plain requests
 * instead of Better Auth's client library keep public pages within their JavaScript budget
 * (PRODUCT.md "Speed"). The session answer carries the profile (see auth.server.ts).
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  displayName: string;
  role: string;
  /** PRODUCT.md "Roles": a staff role (the header's 'Admin' link), worked out on the server. */
  isStaff: boolean;
}

interface SessionAnswer {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

export interface AuthContextValue {
  /** The signed-in user, or null (also while loading). */
  user: SessionUser | null;
  session: SessionAnswer["session"] | null;
  /** True until the first session answer arrives. */
  loading: boolean;
  /** Signs out and confirms with a toast (PRODUCT.md "Auth messages"); resolves to whether it worked. */
  signOut: () => Promise<boolean>;
}

const AuthContext = React.createContext<AuthContextValue | undefined>(undefined);

async function fetchSession(): Promise<SessionAnswer | null> {
  const response = await fetch("/api/auth/get-session", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`get-session answered ${response.status}`);
  return (await response.json()) as SessionAnswer | null;
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<{ data: SessionAnswer | null; loading: boolean }>({ data: null, loading: true });

  // Asked each time the public shell mounts: signing in (/auth) and out (the admin header) happen in
  // server actions, so a session read before them would be stale.
  React.useEffect(() => {
    let current = true;
    fetchSession()
      .catch(() => null) // unknown session: shown as signed out, like a visitor
      .then((data) => current && setState({ data, loading: false }));
    return () => {
      current = false;
    };
  }, []);

  const signOut = React.useCallback(async () => {
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
      setState({ data: null, loading: false });
      notify("success", "Signed out", "You have been successfully signed out.");
      return true;
    } catch {
      notify("error", "Sign out failed", "An error occurred while signing out.");
      return false;
    }
  }, []);

  const value = React.useMemo<AuthContextValue>(
    () => ({ user: state.data?.user ?? null, session: state.data?.session ?? null, loading: state.loading, signOut }),
    [state, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth context, or undefined outside the public shell (a part rendered alone shows its signed-out, loading state). */
export function useAuthIfProvided(): AuthContextValue | undefined {
  return React.useContext(AuthContext);
}

/** The auth context: user, session, loading, sign out. */
export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
