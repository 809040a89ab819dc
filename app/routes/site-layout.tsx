import { matchPath, Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";

import { AuthProvider } from "~/components/site/auth-provider";
import { PodcastDetailSkeleton } from "~/components/site/podcast-skeleton";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { publicPageHeaders } from "~/lib/cache-headers";
import type { loader as rootLoader } from "~/root";

// Public pages are shared-cacheable unless a page says otherwise (see publicPageHeaders).
export const headers = publicPageHeaders;

/** The public shell (PRODUCT.md "Public pages"): skip link, header with mobile menu, page, footer. */
export default function SiteLayout() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const navigation = useNavigation();
  const location = useLocation();
  // PRODUCT.md "Detail pages": /podcast/{id} shows a skeleton while it loads on a client navigation.
  const loadingPodcast =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    matchPath("/podcast/:id", navigation.location.pathname) != null;

  return (
    <AuthProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-[#0b1a33] shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-sky-400"
        >
          Skip to content
        </a>
        <SiteHeader theme={rootData?.theme ?? "system"} />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          {loadingPodcast ? <PodcastDetailSkeleton /> : <Outlet />}
        </main>
        <SiteFooter />
      </div>
    </AuthProvider>
  );
}
