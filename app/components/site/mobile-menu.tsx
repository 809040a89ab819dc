import * as React from "react";
import { Link, NavLink } from "react-router";

import { Icon } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

import { SignInLink, SignOutButton } from "./account-actions";
import { useAuth } from "./auth-provider";
import { MOBILE_LINKS, NAVY_BG, ON_NAVY_FOCUS } from "./brand";
import { SearchBox } from "./search-box";

/**
 * PRODUCT.md "Header": the mobile menu (below 768 px): links, Advanced Search, the search box and the account
 * area. Closes on a link click, a search, Escape or the toggle; focus moves into it on open and back to the
 * toggle when closed from the keyboard.
 */
export function MobileMenu({ id, open, onClose }: { id: string; open: boolean; onClose: (restoreFocus: boolean) => void }) {
  const panelRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a[href], button, input")?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") onClose(true);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  // Any link in the panel closes it (event delegation keeps each link plain).
  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("a[href]")) onClose(false);
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "block rounded-md px-3 py-2.5 text-base font-medium hover:bg-white/10 hover:text-white",
      ON_NAVY_FOCUS,
      isActive ? "bg-white/10 text-white" : "text-white/85",
    );

  return (
    <div
      id={id}
      ref={panelRef}
      hidden={!open}
      onClick={onClick}
      className={cn("max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 md:hidden", NAVY_BG)}
    >
      <div className="space-y-4 px-4 pt-3 pb-5">
        <nav aria-label="Mobile">
          <ul className="space-y-0.5">
            {MOBILE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox id="mobile-search" tone="inverted" onSubmitted={() => onClose(false)} />
        <Link
          to="/search"
          className={cn(
            "flex h-10 w-full items-center justify-center gap-2 rounded-md border border-white/25 text-sm font-medium text-white hover:bg-white/10",
            ON_NAVY_FOCUS,
          )}
        >
          <Icon name="search" className="size-4" />
          Advanced Search
        </Link>
        <div className="border-t border-white/10 pt-4">
          <AccountArea />
        </div>
      </div>
    </div>
  );
}

/** PRODUCT.md "Accounts": a placeholder while the session loads, then avatar + Sign Out, or Sign In. */
function AccountArea() {
  const { user, loading } = useAuth();

  if (loading) {
    return (
      <div className="flex items-center gap-3" aria-busy="true">
        <Skeleton tone="on-navy" shape="circle" className="size-9" />
        <Skeleton tone="on-navy" className="h-9 w-28" />
        <span className="sr-only">Loading your account…</span>
      </div>
    );
  }

  if (user) {
    return (
      <div className="flex items-center justify-between gap-3">
        <span
          role="img"
          aria-label={user.email}
          title={user.email}
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sky-300 text-[#0b1a33]"
        >
          <Icon name="user-round" className="size-5" />
        </span>
        <Link
          to="/account"
          className={cn("ml-auto rounded-md px-3 py-2 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white", ON_NAVY_FOCUS)}
        >
          Account
        </Link>
        {user.isStaff ? (
          <Link
            to="/admin"
            className={cn("rounded-md px-3 py-2 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white", ON_NAVY_FOCUS)}
          >
            Admin
          </Link>
        ) : null}
        <SignOutButton
          iconClassName="size-4"
          className={cn(
            "inline-flex h-9 items-center gap-2 rounded-md border border-white/25 px-4 text-sm font-medium text-white hover:bg-white/10 disabled:opacity-60",
            ON_NAVY_FOCUS,
          )}
        />
      </div>
    );
  }

  return (
    <SignInLink
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-md bg-white px-4 text-sm font-semibold text-[#0b1a33] hover:bg-sky-100",
        ON_NAVY_FOCUS,
      )}
    />
  );
}
