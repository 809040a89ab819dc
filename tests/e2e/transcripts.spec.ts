import { DEMO_AUDIO_PATH } from "../../app/server/seed/catalogue/media";
import { expect, test } from "./fixtures";
import { axeViolations, nuHtmlCheck } from "./page-checks";

/**
 * PRODUCT.md "Transcripts": an editor gives a podcast a transcript (a refused file first, then an SRT upload)
 * and chapters; the page shows them and a time plays the audio from there; search finds a phrase only spoken.
 */

const run = Date.now().toString(36);
// Said only in this transcript: search must find the podcast by it.
const PHRASE = `quiet tungsten ledger ${run}`;
const SRT = `1\r\n00:00:00,500 --> 00:00:02,000\r\nWelcome back to the show.\r\n\r\n2\r\n00:00:05,000 --> 00:00:07,500\r\nThey keep a ${PHRASE} for every mine.\r\n`;
const NOT_A_TRANSCRIPT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFine\n\n00:00:61.000 --> 00:01:02.000\nNot a time\n";

test("an editor adds a transcript to a podcast; readers see it, seek with it and find it in search", async ({
  adminPage: page,
  browser,
}) => {
  const title = `Transcript journey ${run}`;
  await page.goto("/admin/podcasts/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Audio URL").fill(DEMO_AUDIO_PATH);
  await page.getByLabel("Status").selectOption("published");

  // A file that is not valid WebVTT: refused beside the field, naming the line; nothing is saved.
  const picker = page.getByLabel("Upload a transcript file");
  await picker.setInputFiles({ name: "broken.vtt", mimeType: "text/vtt", buffer: Buffer.from(NOT_A_TRANSCRIPT) });
  await expect(page.getByText("Read broken.vtt into the transcript.")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  const transcriptBox = page.getByLabel("Transcript", { exact: true });
  await expect(transcriptBox).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Line 6: "00:00:61\.000" is not a time/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/podcasts\/new$/);

  // The SRT file replaces it; chapters typed by hand.
  await picker.setInputFiles({ name: "episode.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) });
  await expect(transcriptBox).toHaveValue(SRT.replaceAll("\r\n", "\n"));
  await page.getByLabel("Chapters").fill("0:00 Welcome\n0:05 The ledger");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/podcasts$/);
  const href = await page.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  const id = href!.split("/").pop()!;

  // The page: chapters, then the paragraphs with their speakers' times.
  const reader = await browser.newContext({ bypassCSP: true });
  const visitor = await reader.newPage();
  await visitor.goto(`/podcast/${id}`);
  const transcript = visitor.getByRole("region", { name: "Transcript" });
  await expect(transcript.getByText(`They keep a ${PHRASE} for every mine.`)).toBeVisible();
  await expect(transcript.getByRole("navigation", { name: "Chapters" }).getByRole("listitem")).toHaveText([
    "0:00Welcome",
    "0:05The ledger",
  ]);

  // Pressing a time plays the audio from there, once the page's scripts run (before, the link only sets the
  // address's #t=5, which the player reads on hydration as a start time without playing).
  // (React marks each element it hydrated with its own __react… properties.)
  await visitor.waitForFunction(() => {
    const player = document.querySelector("audio");
    return player !== null && Object.keys(player).some((key) => key.startsWith("__react"));
  });
  await transcript.getByRole("link", { name: "Play from 0:05", exact: true }).click();
  const audio = visitor.locator("audio");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(5);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  expect(new URL(visitor.url()).hash).toBe("#t=5");

  expect(await axeViolations(visitor)).toEqual([]);
  const html = await (await visitor.request.get(`/podcast/${id}`)).text();
  const { errors } = await nuHtmlCheck([{ path: `/podcast/${id}`, html }]);
  expect(errors).toBe("");

  // The captions file is WebVTT.
  const vtt = await visitor.request.get(`/transcripts/podcast/${id}.vtt`);
  expect(vtt.headers()["content-type"]).toBe("text/vtt; charset=utf-8");
  expect(await vtt.text()).toContain(`00:00:05.000 --> 00:00:07.500\nThey keep a ${PHRASE} for every mine.`);

  // Search finds the phrase only spoken, says where, and its time opens the page there.
  await visitor.goto(`/search?q=${encodeURIComponent(PHRASE)}`);
  const result = visitor.getByRole("article").filter({ hasText: title });
  await expect(result.getByText("Found in the transcript")).toBeVisible();
  await result.getByRole("link", { name: "0:05" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/podcast/${id}#t=5$`));
  await expect.poll(() => visitor.locator("audio").evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(5);
  await reader.close();
});
