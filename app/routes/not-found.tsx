import { data } from "react-router";

import { pageUrl } from "~/server/http/page-url.server";
import { log } from "~/server/log.server";

import type { Route } from "./+types/not-found";

// PRODUCT.md "Public pages": unknown paths render the 404 page (root ErrorBoundary) and the path is logged.
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = pageUrl(request);
  log.info(`No route for ${pathname}: answered 404`, { pathname });
  throw data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  return loader({ request } as Route.LoaderArgs);
}

export default function NotFoundRoute() {
  return null;
}
