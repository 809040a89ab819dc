import { useFetcher, useFetchers, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import { PopoverMenu, popoverMenuItemClass, PopoverMenuTrigger } from "~/components/ui/popover-menu";
import type { Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";

const THEME_FETCHER_KEY = "theme";
const THEME_MENU_ID = "theme-menu";

/** The theme being saved right now, if any, so the page switches before the server answers. */
export function useOptimisticTheme(current: Theme): Theme {
  const fetchers = useFetchers();
  const pending = fetchers.find((f) => f.key === THEME_FETCHER_KEY)?.formData?.get("theme");
  return pending === "light" || pending === "dark" || pending === "system" ? pending : current;
}

const CHOICES = [
  { value: "light", label: "Light", icon: "sun" },
  { value: "dark", label: "Dark", icon: "moon" },
  { value: "system", label: "System", icon: "monitor" },
] as const;

/** The toggle's buttons; each caller adds its `display` (one of the pair is hidden per theme). */
const iconButton =
  "items-center justify-center rounded-md transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4";

/**
 * The header's theme toggle, PRODUCT.md "Theme": every press of the button visibly switches light ↔ dark
 * (from whatever the page shows, the system's choice included); the small menu beside it offers Light,
 * Dark and System, so the visitor can go back to following the system. Which button shows follows the
 * page's own `dark` class, so it is right before hydration and without JavaScript (plain form posts).
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const current = useOptimisticTheme(theme);
  return (
    <fetcher.Form method="post" action="/resources/theme" className="flex items-center">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="theme"
        value="dark"
        className={cn(iconButton, "inline-flex size-9 dark:hidden")}
        title="Switch to dark theme"
      >
        <Icon name="moon" />
        <span className="sr-only">Switch to dark theme</span>
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        className={cn(iconButton, "hidden size-9 dark:inline-flex")}
        title="Switch to light theme"
      >
        <Icon name="sun" />
        <span className="sr-only">Switch to light theme</span>
      </button>
      <PopoverMenuTrigger menuId={THEME_MENU_ID} className={cn(iconButton, "inline-flex h-9 w-6")} title="Theme options">
        <Icon name="chevron-down" className="!size-3.5" />
        <span className="sr-only">Theme options</span>
      </PopoverMenuTrigger>
      <PopoverMenu id={THEME_MENU_ID} aria-label="Theme" className="min-w-36">
        <ul>
          {CHOICES.map(({ value, label, icon }) => (
            <li key={value}>
              <button type="submit" name="theme" value={value} aria-pressed={current === value} className={popoverMenuItemClass}>
                <Icon name={icon} />
                {label}
                {current === value ? <Icon name="check" className="ml-auto" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </PopoverMenu>
    </fetcher.Form>
  );
}
