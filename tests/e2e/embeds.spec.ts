/**
 * PRODUCT.md "Embeds", in the browser: an item's oEmbed code pasted into a page of another origin (a second
 * local server) shows the paid piece's disclosure inside the frame, sets no cookie and asks no other host for
 * anything until the reader presses play, fits its height, and plays; the embed pages pass axe; the Embed
 * dialog of an item page gives the code and hands focus back. What is server output (the oEmbed answers, the
 * policy, the markup) is proven in app/routes/embeds.routes.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

import { DEMO_COMPANIES } from "../../app/server/seed/catalogue/companies";
import { demoId } from "../../app/server/seed/catalogue/demo-ids";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

/** The demo's paid interview with a video on a video host (its player is a frame behind a facade). */
const PAID_INTERVIEW = DEMO_INTERVIEWS.find((interview) => interview.paidPromotion && interview.videoUrl?.includes("youtube"))!;
const INTERVIEW_PATH = `/interviews/${demoId("interview", PAID_INTERVIEW.slug)}`;
const VIDEO_HOST = /^https:\/\/www\.youtube(-nocookie)?\.com\//;

/** A client's investor site on another origin: one page holding the given HTML. */
async function clientSite(html: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><title>Investor centre</title><h1>Investor centre</h1>${html}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test("an interview's oEmbed code on another site shows its disclosure, asks no one else before play, fits and plays", async ({
  browser,
  baseURL,
  request,
}) => {
  const oembed = await request.get(`/oembed?${new URLSearchParams({ url: `${baseURL}${INTERVIEW_PATH}`, format: "json" })}`);
  expect(oembed.status()).toBe(200);
  const { html } = (await oembed.json()) as { html: string };
  // The embed code the dialog gives: the frame, and the line that fits its height.
  const site = await clientSite(
    `${html}<script>addEventListener("message",function(e){var d=e.data;if(d&&d.type==="marketwire:embed-height")` +
      `document.querySelectorAll("iframe").forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+"px"})})</script>`,
  );
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on("request", (sent) => {
      const { hostname } = new URL(sent.url());
      if (hostname !== "127.0.0.1" && hostname !== "localhost") elsewhere.push(sent.url());
    });
    // The video host is not reachable from here: its player is a page of ours saying so.
    await page.route(VIDEO_HOST, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>host player</title>" }));
    await page.goto(site.url);
    const frame = page.frameLocator("iframe");
    const note = frame.getByRole("region", { name: "Paid promotion" });
    await expect(note).toBeVisible();
    await expect(note).toContainText("MarketWire received A$5,000 in cash from Ironbark Gold (ASX:IBG) for this interview.");
    await expect(frame.getByRole("heading", { level: 1, name: PAID_INTERVIEW.title })).toBeVisible();
    // The frame reported its height and the page fitted it: no scroll bar inside.
    await expect(page.locator("iframe")).toHaveAttribute("style", /height: \d+px/);
    const fits = await page
      .frames()
      .find((candidate) => candidate.url().includes("/embed/"))!
      .evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
    expect(fits).toBe(true);
    expect(elsewhere).toEqual([]);
    expect(await context.cookies()).toEqual([]);

    // Play with the keyboard: the host's player replaces the facade, and only now is the host asked.
    const play = frame.getByRole("button", { name: `Play ${PAID_INTERVIEW.title}` });
    await play.focus();
    await page.keyboard.press("Enter");
    const player = frame.locator("iframe");
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}\?autoplay=1$/);
    await expect.poll(() => elsewhere.some((url) => VIDEO_HOST.test(url))).toBe(true);
    await expect(note).toBeVisible();
  } finally {
    await context.close();
    await site.close();
  }
});

test("the embed pages have no axe-core violations, light at 1280 px and dark at 375 px", async ({ browser, request }) => {
  const interview = await request.get(`/embed/interviews/${demoId("interview", PAID_INTERVIEW.slug)}`);
  expect(interview.status()).toBe(200);
  const found: string[] = [];
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 375],
  ] as const) {
    // The embed policy admits only its own inline script: axe is injected from outside.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of [
      `/embed/interviews/${demoId("interview", PAID_INTERVIEW.slug)}?theme=${theme}`,
      `/embed/companies/ironbark-gold?theme=${theme}`,
    ]) {
      await page.goto(path);
      found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    await context.close();
  }
  expect(found).toEqual([]);
});

test("Embed on an item page opens a dialog with the code to copy, and Escape gives focus back", async ({ page }) => {
  await page.goto(INTERVIEW_PATH);
  const open = page.getByRole("button", { name: "Embed" });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Embed this on your site" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Embed code")).toHaveValue(
    new RegExp(`^<iframe src="http://localhost:\\d+/embed/interviews/${demoId("interview", PAID_INTERVIEW.slug)}" width="640"`),
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

/** The loads and plays a company's client report gives a site in its Embeds table (0 and 0 when it has no row). */
async function embedFigures(page: Page, slug: string, host: string) {
  await page.goto(`/admin/companies/${slug}/report`);
  const row = page.getByRole("table", { name: "Embeds" }).getByRole("row", { name: new RegExp(`^${host.replaceAll(".", "\\.")} `) });
  if ((await row.count()) === 0) return { loads: 0, plays: 0 };
  const cells = await row.getByRole("cell").allTextContents();
  return { loads: Number(cells[1]!.replace(/,/g, "")), plays: Number(cells[2]!.replace(/,/g, "")) };
}

test("a frame on another site counts its load and its play under that site's host in the client's report", async ({
  browser,
  baseURL,
  request,
  adminSession,
}) => {
  const company = DEMO_COMPANIES.find((candidate) => candidate.about.interview?.includes(PAID_INTERVIEW.slug))!;
  const { html } = (await (
    await request.get(`/oembed?${new URLSearchParams({ url: `${baseURL}${INTERVIEW_PATH}`, format: "json" })}`)
  ).json()) as { html: string };
  const site = await clientSite(html);
  const admin = await browser.newContext({ bypassCSP: true });
  await admin.addCookies(adminSession.cookies);
  const report = await admin.newPage();
  // A reader of its own (a browser no other test uses), so its view is counted whatever ran before.
  const reader = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${Date.now() % 100000}.0 Safari/537.36`,
  });
  try {
    const before = await embedFigures(report, company.slug, "127.0.0.1");
    const page = await reader.newPage();
    await page.route(VIDEO_HOST, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>host player</title>" }));
    const viewed = page.waitForResponse((answer) => answer.url().includes("/view?") && answer.request().method() === "POST");
    await page.goto(site.url);
    const view = await viewed;
    expect(new URL(view.url()).searchParams.get("via")).toBe("embed");
    expect(view.status()).toBe(200);
    const played = page.waitForResponse((answer) => answer.url().includes("/play?mark=play"));
    await page
      .frameLocator("iframe")
      .getByRole("button", { name: `Play ${PAID_INTERVIEW.title}` })
      .click();
    expect((await played).status()).toBe(204);
    await expect.poll(() => embedFigures(report, company.slug, "127.0.0.1")).toEqual({ loads: before.loads + 1, plays: before.plays + 1 });
  } finally {
    await reader.close();
    await admin.close();
    await site.close();
  }
});
