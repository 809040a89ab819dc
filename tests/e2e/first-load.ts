import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

/**
 * A page's first-load JavaScript read from the client build instead of a browser (PRODUCT.md "Speed").
 *
 * React Router's build manifest (`<BUILD_DIR>/client/assets/manifest-*.js`) names, for the client entry and
 * every route, its module and all the chunks that module imports, already followed transitively and
 * deduplicated. A first visit loads the entry's scripts and those of each route the address matches (root,
 * layout, page): the `<link rel="modulepreload">` list React Router's `<Scripts>` renders, which
 * first-load-budget.spec.ts compares with each page's HTML. (Vite's own `.vite/manifest.json` is deleted by
 * React Router's build unless `build.manifest` is set, so this is the manifest the build leaves.)
 *
 * What a manifest cannot see is `import()` at run time. A route module's own lazy chunks are counted: the
 * page renders them on its first visit whenever it shows that part (the interview page's audio player, for
 * interviews with audio), so its heaviest variant loads them. Lazy chunks of shared code wait for a reader's
 * action and are not counted: sonner with the first toast, the audio host's frame on Play.
 */

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The client build's folder: the build `npm run test:e2e` has just made (playwright.config.ts). */
export const clientBuildDir = () => path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** React Router's build manifest: `window.__reactRouterManifest={…};` in `assets/manifest-<version>.js`. */
export async function readClientManifest(clientDir = clientBuildDir()): Promise<ClientManifest> {
  const assets = path.join(clientDir, "assets");
  const files = (await fs.readdir(assets)).filter((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (files.length !== 1) throw new Error(`expected one manifest-*.js in ${assets}, found ${files.length} (run npm run build)`);
  const source = await fs.readFile(path.join(assets, files[0]!), "utf8");
  const json = source.match(/^window\.__reactRouterManifest=(\{.*\});?\s*$/s)?.[1];
  if (!json) throw new Error(`${files[0]} is not window.__reactRouterManifest={…}`);
  return JSON.parse(json) as ClientManifest;
}

/** The manifest's routes as the tree `matchRoutes` walks. */
function routeTree(manifest: ClientManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: routeTree(manifest, route.id) },
    );
}

/** The manifest's routes that a first visit of `pathname` renders, outermost first. */
function matchedRoutes(manifest: ClientManifest, pathname: string): ManifestRoute[] {
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) throw new Error(`no route of the client manifest matches ${pathname}`);
  return matches.map(({ route }) => manifest.routes[route.id!]!);
}

/**
 * The scripts React Router tells the browser to load for `pathname`, as root-relative addresses in its order
 * (entry, then each matched route's module and imports), each once.
 */
export function preloadedScripts(manifest: ClientManifest, pathname: string): string[] {
  const scripts = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of matchedRoutes(manifest, pathname)) scripts.push(route.module, ...(route.imports ?? []));
  return [...new Set(scripts)];
}

const assetPath = (clientDir: string, script: string) => path.join(clientDir, script);
/** `import()` targets and static imports in a built chunk (Rolldown writes both as `./<file>.js`). */
const DYNAMIC_IMPORT = /\bimport\(\s*[`'"]\.\/([\w.-]+\.js)[`'"]\s*\)/g;
const STATIC_IMPORT = /\b(?:from|import)\s*[`'"]\.\/([\w.-]+\.js)[`'"]/g;

/**
 * The chunks the matched route modules themselves import lazily, with the chunks those import, minus what
 * is already loaded (`loaded`).
 */
export async function routeLazyScripts(clientDir: string, manifest: ClientManifest, pathname: string, loaded: readonly string[]) {
  const have = new Set(loaded);
  const lazy: string[] = [];
  const add = async (script: string) => {
    if (have.has(script)) return;
    have.add(script);
    lazy.push(script);
    const source = await fs.readFile(assetPath(clientDir, script), "utf8");
    for (const [, file] of source.matchAll(STATIC_IMPORT)) await add(`/assets/${file}`);
  };
  for (const route of matchedRoutes(manifest, pathname)) {
    const source = await fs.readFile(assetPath(clientDir, route.module), "utf8");
    for (const [, file] of source.matchAll(DYNAMIC_IMPORT)) await add(`/assets/${file}`);
  }
  return lazy;
}

export interface FirstLoadFigures {
  requests: number;
  /** Each script compressed alone (gzip -9), summed: what the wire carries. */
  gzipBytes: number;
  /** All of them compressed together as one file, in address order: the floor no chunking gets much below. */
  asOneFileBytes: number;
}

/** Each script's gzip size, computed once: every page shares the framework and shell chunks. */
const gzipSizes = new Map<string, number>();
const gzipSize = (file: string, body: Buffer) => {
  if (!gzipSizes.has(file)) gzipSizes.set(file, zlib.gzipSync(body, { level: 9 }).length);
  return gzipSizes.get(file)!;
};

/** The figures of these scripts, read from their files in the client build. */
export async function firstLoadFigures(clientDir: string, scripts: readonly string[]): Promise<FirstLoadFigures> {
  // In address order, as the browser test sorted what it had fetched, so the one-file figure is stable.
  const files = [...scripts].sort((a, b) => a.localeCompare(b)).map((script) => assetPath(clientDir, script));
  const bodies = await Promise.all(files.map((file) => fs.readFile(file)));
  return {
    requests: bodies.length,
    gzipBytes: bodies.reduce((total, body, i) => total + gzipSize(files[i]!, body), 0),
    asOneFileBytes: zlib.gzipSync(Buffer.concat(bodies), { level: 9 }).length,
  };
}
