import { data } from "react-router";

import type { Route } from "./+types/not-found";

// PRODUCT.md "Public pages": unknown paths render the 404 page (root ErrorBoundary) and the path is logged.
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Error: User attempted to access non-existent route: ${pathname}`);
  throw data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  return loader({ request } as Route.LoaderArgs);
}

export default function NotFoundRoute() {
  return null;
}
