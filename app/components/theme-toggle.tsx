import { Monitor, Moon, Sun } from "lucide-react";
import { useFetcher, useFetchers, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { Theme } from "~/lib/theme";

const THEME_FETCHER_KEY = "theme";

/** The theme being saved right now, if any, so the page switches before the server answers. */
export function useOptimisticTheme(current: Theme): Theme {
  const fetchers = useFetchers();
  const pending = fetchers.find((f) => f.key === THEME_FETCHER_KEY)?.formData?.get("theme");
  return pending === "light" || pending === "dark" || pending === "system" ? pending : current;
}

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const LABEL: Record<Theme, string> = { system: "System theme", light: "Light theme", dark: "Dark theme" };

/** spec §2: light/dark toggle in the header; cycles system → light → dark. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const current = useOptimisticTheme(theme);
  const next = NEXT[current];
  const Icon = current === "dark" ? Moon : current === "light" ? Sun : Monitor;
  return (
    <fetcher.Form method="post" action="/resources/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={`${LABEL[current]} (switch to ${LABEL[next].toLowerCase()})`}
        title={LABEL[current]}
      >
        <Icon />
      </Button>
    </fetcher.Form>
  );
}
