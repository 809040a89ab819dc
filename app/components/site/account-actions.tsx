import * as React from "react";
import { Link, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import { signInPath } from "~/lib/redirects";

import { useAuth } from "./auth-provider";

/** PRODUCT.md "Accounts": 'Sign In' returns to the page it was clicked on. */
export function SignInLink({ className }: { className: string }) {
  const location = useLocation();
  return (
    <Link to={signInPath(location.pathname + location.search)} className={className}>
      <Icon name="log-in" className="size-4" />
      Sign In
    </Link>
  );
}

/** PRODUCT.md "Accounts": 'Sign Out', disabled while the request is under way. */
export function SignOutButton({ className, iconClassName }: { className: string; iconClassName?: string }) {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = React.useState(false);
  return (
    <button
      type="button"
      disabled={signingOut}
      className={className}
      onClick={async () => {
        setSigningOut(true);
        await signOut();
        setSigningOut(false);
      }}
    >
      <Icon name="log-out" className={iconClassName} />
      Sign Out
    </button>
  );
}
