import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import { PopoverMenu, popoverMenuItemClass, PopoverMenuTrigger } from "~/components/ui/popover-menu";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

import { SignInLink, SignOutButton } from "./account-actions";
import { useAuth } from "./auth-provider";
import { ON_NAVY_FOCUS } from "./brand";

const ACCOUNT_MENU_ID = "account-menu";

/** Up to two initials of a display name ('Rita Reader' → 'RR'), or the email's first letter. */
export function initialsOf(name: string | null | undefined, email: string): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const initials = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.[0] ?? email[0] ?? "?");
  return initials.toUpperCase();
}

/**
 * The desktop header's account area (PRODUCT.md "Accounts"): 'Sign In' for a visitor (back to this page
 * afterwards); for a signed-in user their initials and name, opening a menu with 'Admin' (admins only)
 * and 'Sign Out'. The session is read in the browser, so the page's HTML stays the same for everyone.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { user, loading } = useAuth();

  if (loading) {
    return (
      <div className={cn("items-center", className)} aria-busy="true">
        <Skeleton tone="on-navy" className="h-9 w-24" />
        <span className="sr-only">Loading your account…</span>
      </div>
    );
  }

  if (!user) {
    return (
      <SignInLink
        className={cn(
          "h-9 items-center gap-2 rounded-md border border-white/25 px-3 text-sm font-medium whitespace-nowrap text-white hover:bg-white/10",
          ON_NAVY_FOCUS,
          className,
        )}
      />
    );
  }

  const name = user.displayName || user.name || user.email;
  return (
    <div className={cn("items-center", className)}>
      <PopoverMenuTrigger
        menuId={ACCOUNT_MENU_ID}
        className={cn(
          "inline-flex h-9 max-w-48 items-center gap-2 rounded-md px-1.5 text-sm font-medium text-white hover:bg-white/10",
          ON_NAVY_FOCUS,
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-300 text-xs font-bold text-[#0b1a33]"
        >
          {initialsOf(user.displayName || user.name, user.email)}
        </span>
        {/* The name is the button's name, shown from 2xl; no aria-label, so the name always holds the visible text. */}
        <span className="sr-only">Account: </span>
        <span className="sr-only truncate 2xl:not-sr-only">{name}</span>
        <Icon name="chevron-down" className="size-4 shrink-0 opacity-80" />
      </PopoverMenuTrigger>
      <PopoverMenu id={ACCOUNT_MENU_ID} aria-label="Account" className="min-w-48">
        <div className="border-b px-2 pt-1.5 pb-2">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <ul className="pt-1">
          <li>
            <Link to="/account" className={popoverMenuItemClass}>
              <Icon name="user-round" />
              Your account
            </Link>
          </li>
          {user.isStaff ? (
            <li>
              <Link to="/admin" className={popoverMenuItemClass}>
                <Icon name="layout-dashboard" />
                Admin
              </Link>
            </li>
          ) : null}
          <li>
            <SignOutButton className={popoverMenuItemClass} />
          </li>
        </ul>
      </PopoverMenu>
    </div>
  );
}
