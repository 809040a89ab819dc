// Playwright's own `test`, not ./fixtures: those fixtures open a browser page for every test, and this one
// needs none.
import { expect, test } from "@playwright/test";

import { clientBuildDir, firstLoadFigures, preloadedScripts, readClientManifest, routeLazyScripts } from "./first-load";

/**
 * The first-load budget of every public page (PRODUCT.md "Speed"), counted as a phone's first visit
 * loads it: JavaScript (gzip) and script requests. Prints each page's figures. The bytes budget is what
 * the heaviest page weighs today plus a little, so any growth fails here. The 120 KB target is met by the
 * lighter pages and missed by the rest: React, React DOM and React Router alone are 105 KB
 * (docs/PERFORMANCE.md). Each page also prints its scripts compressed together as one file, a floor
 * that no way of splitting them into chunks gets much below.
 *
 * The figures come from the client build's manifest and files (./first-load.ts), not from a browser: to
 * the byte what Chromium fetched on each of these pages when both were compared (docs/PERFORMANCE.md,
 * "First load read from the build"). Each page's HTML is fetched to check that the server asks for
 * exactly the scripts the manifest names.
 */
const MAX_GZIP_BYTES = 126 * 1024;
const MAX_REQUESTS = 15;

const PAGES = [
  "/",
  "/videos",
  "/podcasts",
  "/blog",
  "/interviews",
  "/special-features",
  "/programme",
  "/about",
  "/contact",
  "/clients",
  "/methodology",
  "/companies",
  "/companies/ironbark-gold",
  "/search?q=market",
];

/** The scripts a page's HTML preloads: React Router's `<link rel="modulepreload">` tags. */
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!);

test("every public page's first load stays within its JavaScript budget (126 KB gzip, 15 script requests)", async ({ request }) => {
  // One detail page of each type, from the lists.
  const detailPages: string[] = [];
  for (const [list, kind] of [
    ["/videos", "video"],
    ["/podcasts", "podcast"],
    ["/blog", "blog"],
    ["/interviews", "interviews"],
    ["/special-features", "special-features"],
  ] as const) {
    const match = (await (await request.get(list)).text()).match(new RegExp(`href="(/${kind}/[0-9a-f-]{36})"`));
    expect(match, `a /${kind}/{id} link on ${list}`).not.toBeNull();
    detailPages.push(match![1]!);
  }

  const clientDir = clientBuildDir();
  const manifest = await readClientManifest(clientDir);
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const figures: { page: string; requests: number; kb: number; asOneFileKb: number; lazy: string[] }[] = [];
  for (const page of [...PAGES, ...detailPages]) {
    const pathname = new URL(page, "http://localhost").pathname;
    const preloaded = preloadedScripts(manifest, pathname);
    const response = await request.get(page);
    expect(response.status(), page).toBe(200);
    expect
      .soft(modulePreloads(await response.text()).sort(), `the scripts ${page} preloads, as the manifest names them`)
      .toEqual([...preloaded].sort());
    const lazy = await routeLazyScripts(clientDir, manifest, pathname, preloaded);
    const { requests, gzipBytes, asOneFileBytes } = await firstLoadFigures(clientDir, [...preloaded, ...lazy]);
    figures.push({ page, requests, kb: kb(gzipBytes), asOneFileKb: kb(asOneFileBytes), lazy });
  }
  const lazyNote = (lazy: string[]) =>
    lazy.length > 0 ? `, with its lazy ${lazy.map((script) => script.replace("/assets/", "")).join(", ")}` : "";
  console.log(
    `First-load JavaScript (gzip):\n${figures
      .map((f) => `  ${f.page}: ${f.kb} KB in ${f.requests} requests (${f.asOneFileKb} KB as one file${lazyNote(f.lazy)})`)
      .join("\n")}`,
  );
  const over = figures.filter((f) => f.kb * 1024 > MAX_GZIP_BYTES || f.requests > MAX_REQUESTS);
  expect(over, `pages over ${MAX_GZIP_BYTES / 1024} KB or ${MAX_REQUESTS} requests`).toEqual([]);
});
