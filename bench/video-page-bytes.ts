/**
 * What a video page costs a reader who has not pressed Play (docs/PERFORMANCE.md "Video pages before
 * Play"): opens a demo video on YouTube in a fresh Chromium at a phone's width, waits until it has
 * hydrated (its view is counted) and the network is quiet, and counts the bytes received (headers and compressed bodies, as DevTools'
 * "transferred") and the requests, ours and the video hosts' (attempted, answered or not: this machine
 * cannot reach them). Needs a running server:
 *
 *   BASE_URL=http://localhost:4183 npx tsx bench/video-page-bytes.ts
 */
import { chromium, type Request } from "@playwright/test";

import { DEMO_VIDEOS } from "../app/server/seed/catalogue/videos";

const BASE_URL = process.env.BASE_URL ?? "http://localhost:4173";
const VIDEO_HOSTS =
  /^https?:\/\/([^/]+\.)?(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|google\.com|gstatic\.com|doubleclick\.net|vimeo\.com|vimeocdn\.com)\//;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const video = DEMO_VIDEOS.find((item) => item.videoUrl.startsWith("https://www.youtube.com/watch") && !item.status)!;
  const listing = await (await fetch(`${BASE_URL}/videos`)).text();
  const card = listing.indexOf(video.title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
  const path = [...listing.slice(0, card).matchAll(/href="(\/video\/[0-9a-f-]{36})"/g)].at(-1)?.[1];
  if (!path) throw new Error(`no link to '${video.title}' on /videos`);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const requests: Request[] = [];
  const failed = new Set<Request>();
  page.on("request", (request) => requests.push(request));
  page.on("requestfailed", (request) => failed.add(request));
  // Hydrated once the page has counted its view; then until the network is quiet.
  const counted = page.waitForResponse((response) => response.url().endsWith("/view"), { timeout: 60_000 });
  await page.goto(`${BASE_URL}${path}`, { timeout: 60_000 });
  await counted;
  await page.waitForLoadState("networkidle");

  const tally = async (list: Request[]) => {
    let bytes = 0;
    for (const request of list) {
      if (failed.has(request)) continue;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) bytes += sizes.responseHeadersSize + sizes.responseBodySize;
    }
    return { requests: list.length, failed: list.filter((request) => failed.has(request)).length, kb: (bytes / 1024).toFixed(1) };
  };
  const ours = await tally(requests.filter((request) => request.url().startsWith(BASE_URL)));
  const hosts = await tally(requests.filter((request) => VIDEO_HOSTS.test(request.url())));
  const frames = page
    .frames()
    .filter((frame) => frame !== page.mainFrame())
    .map((frame) => frame.url());
  console.log(`${BASE_URL}${path} at 375 px, before Play:`);
  console.log(`  this site: ${ours.requests} requests, ${ours.kb} KB transferred`);
  console.log(`  video hosts: ${hosts.requests} requests attempted (${hosts.failed} failed), ${hosts.kb} KB received`);
  console.log(`  frames on the page: ${frames.length ? frames.join(", ") : "none"}`);
  await context.close();
} finally {
  await browser.close();
}
