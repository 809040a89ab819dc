import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";

import { useNonce } from "~/components/nonce";
import { RouteErrorMessage } from "~/components/route-error-message";
import { useOptimisticTheme } from "~/components/theme-toggle";
import { notify, Toasts } from "~/components/toasts";
import { getTheme } from "~/server/theme.server";
import { getToast } from "~/server/toast.server";

import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

export async function loader({ request }: Route.LoaderArgs) {
  const [theme, { toast, headers }] = await Promise.all([getTheme(request), getToast(request)]);
  return data({ theme, toast }, { headers: headers ?? undefined });
}

// `precedence` makes React emit the stylesheet at the top of <head>, before the script preloads, so the
// first paint never waits behind JavaScript (PRODUCT.md "Speed").
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Runs before first paint when the visitor follows the system theme, so dark mode never flashes.
const systemThemeScript = `(function(){try{if(matchMedia('(prefers-color-scheme: dark)').matches)document.documentElement.classList.add('dark')}catch(e){}})()`;

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme = useOptimisticTheme(rootData?.theme ?? "system");
  useSystemTheme(theme === "system");
  // Inline scripts run only with the render's nonce. The browser hides it, so hydration has none to
  // compare (suppressHydrationWarning, as React Router does for its own scripts).
  const nonce = useNonce();
  return (
    <html lang="en" className={theme === "system" ? undefined : theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {theme === "system" ? (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: systemThemeScript }} />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Toasts theme={theme} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** While following the system theme, track the OS setting (the server cannot know it). */
function useSystemTheme(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const apply = () => document.documentElement.classList.toggle("dark", query.matches);
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, [enabled]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => {
    if (!toast) return;
    notify(toast.type, toast.title, toast.description);
  }, [toast]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <RouteErrorMessage
        error={error}
        site="MarketWire"
        headingClassName="text-4xl font-bold"
        back={{ to: "/", label: "Return to Home" }}
      />
    </main>
  );
}

/** PRODUCT.md "Public pages": the 404 page. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 p-6 text-center">
      <title>Page not found | MarketWire</title>
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </Link>
    </main>
  );
}
