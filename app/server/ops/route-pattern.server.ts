/**
 * The route pattern of a URL (`/videos/:slug`), for access lines: a pattern groups requests by page and
 * never writes ids, slugs or tokens from the URL into the log.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What an access line says when no route matches (the app's catch-all normally does). */
export const NO_ROUTE = "(no route)";

type Manifest = ServerBuild["routes"];

function routeTree(manifest: Manifest, parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route?.parentId === parentId)
    .map((route): RouteObject => {
      const { id, path, caseSensitive } = route!;
      return route!.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: routeTree(manifest, id) };
    });
}

/** Turns a React Router build's routes into a pathname → pattern lookup. */
export function routePatterns(manifest: Manifest): (pathname: string) => string {
  const tree = routeTree(manifest, undefined);
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return NO_ROUTE;
    const segments = matches.map(({ route }) => route.path?.replace(/^\/|\/$/g, "")).filter(Boolean);
    return `/${segments.join("/")}`;
  };
}
