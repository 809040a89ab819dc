import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";

import { ThemeToggle } from "~/components/theme-toggle";
import { Icon } from "~/components/ui/icon";
import type { Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";

import { AccountMenu } from "./account-menu";
import { HEADER_LINKS, NAVY_BG, ON_NAVY_FOCUS } from "./brand";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SearchBox } from "./search-box";

const MOBILE_MENU_ID = "mobile-menu";

/**
 * PRODUCT.md "Header", 'Subscribe Now': scrolls to the page's #newsletter box; on a page without one it goes
 * to the home page's box. A link, so it also works before JavaScript loads.
 */
/** `className` sets how it shows (`inline-flex`, or hidden below a width): the link sets no `display` of its own. */
export function SubscribeLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  function scrollToNewsletter(event: React.MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    const box = document.getElementById("newsletter");
    if (!box) return; // let the link go to /#newsletter
    event.preventDefault();
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "center" });
    box.querySelector<HTMLInputElement>("input[type=email]")?.focus({ preventScroll: true });
  }
  return (
    <Link
      to="/#newsletter"
      onClick={scrollToNewsletter}
      className={cn(
        "h-9 items-center gap-2 rounded-md bg-white px-4 text-sm font-semibold whitespace-nowrap text-[#0b1a33] shadow-sm transition-colors hover:bg-sky-100",
        ON_NAVY_FOCUS,
        className,
      )}
    >
      <Icon name="mail" className="size-4" />
      Subscribe Now
    </Link>
  );
}

export function SiteHeader({ theme }: { theme: Theme }) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (link, search, back button) closes the menu.
  const [lastPath, setLastPath] = React.useState(location.key);
  if (lastPath !== location.key) {
    setLastPath(location.key);
    if (menuOpen) setMenuOpen(false);
  }

  const closeMenu = React.useCallback((restoreFocus: boolean) => {
    setMenuOpen(false);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);

  return (
    <header className={cn("sticky top-0 z-40 border-b border-white/10 text-white shadow-sm", NAVY_BG)}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:px-6 lg:gap-x-8 lg:px-8">
        <Logo className="h-16 shrink-0" />

        {/* Second row between 768 and 1024 px, inline beside the logo from 1024 px. */}
        <nav
          aria-label="Main"
          className="order-last -mx-2 hidden w-full border-t border-white/10 md:block lg:order-none lg:mx-0 lg:w-auto lg:border-0"
        >
          <ul className="flex h-11 items-center gap-1 lg:h-16">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "relative rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white",
                      ON_NAVY_FOCUS,
                      isActive
                        ? "text-white after:absolute after:inset-x-3 after:-bottom-[5px] after:h-0.5 after:rounded-full after:bg-sky-300 lg:after:-bottom-[17px]"
                        : "text-white/75",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <SearchBox id="header-search" tone="inverted" className="hidden w-56 md:block 2xl:w-72" />
          <div className="[&>form>button]:text-white/85 [&>form>button]:hover:bg-white/10 [&>form>button]:hover:text-white [&>form>button]:focus-visible:ring-white/60">
            <ThemeToggle theme={theme} />
          </div>
          <SubscribeLink className="hidden md:inline-flex" />
          <AccountMenu className="hidden md:flex" />
          <button
            ref={toggleRef}
            type="button"
            className={cn(
              "inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 md:hidden",
              ON_NAVY_FOCUS,
            )}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label="Menu"
            onClick={() => (menuOpen ? closeMenu(true) : setMenuOpen(true))}
          >
            {menuOpen ? <Icon name="x" className="size-6" /> : <Icon name="menu" className="size-6" />}
          </button>
        </div>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={closeMenu} />
    </header>
  );
}
