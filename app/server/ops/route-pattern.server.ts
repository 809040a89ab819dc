/**
 * The route pattern of a URL (`/videos/:slug`), for access lines: a pattern groups requests by page and
 * never writes ids, slugs or tokens from the URL into the log.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What an access line says when no route matches (the app's catch-all normally does). */
export const NO_ROUTE = "(no route)";

/**
 * Paths whose pattern is remembered. `matchRoutes` flattens and ranks the whole route tree on every call
 * (~1 ms here), which made a page from the cache slower than a static file (PRODUCT.md "Speed"); a spike
 * asks for the same few paths again and again.
 */
export const REMEMBERED_PATHS = 5_000;

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
  const remembered = new LRUCache<string, string>({ max: REMEMBERED_PATHS });
  const patternOf = (pathname: string) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return NO_ROUTE;
    const segments = matches.map(({ route }) => route.path?.replace(/^\/|\/$/g, "")).filter(Boolean);
    return `/${segments.join("/")}`;
  };
  return (pathname) => {
    let pattern = remembered.get(pathname);
    if (pattern === undefined) {
      pattern = patternOf(pathname);
      remembered.set(pathname, pattern);
    }
    return pattern;
  };
}
