import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { loader as transcriptFileLoader } from "~/routes/transcripts.$type.$";

import { ADMIN_USER, insertPodcasts, MISSING_ID } from "../../../tests/support/content";
import { readRss, textOf, type XmlNode } from "../../../tests/support/feeds";
import { callRoute } from "../../../tests/support/route";
import { getDb, schema } from "../db/db.server";
import { buildPodcastFeed, PODCAST_NAMESPACE } from "../discovery/podcast-feed.server";
import { searchContent } from "../search/search.server";
import { contentEditorAction } from "./admin-content-handlers.server";
import { listContent } from "./admin-content.server";
import { getDashboardStats } from "./dashboard.server";

const ORIGIN = "http://localhost:3000";
const TRAILER = "/media/audio/capital-call-trailer.mp3";

/** A transcript in SRT, as an editor might upload it (CRLF, a BOM), with a phrase said nowhere else. */
const SRT =
  "\uFEFF1\r\n00:00:01,000 --> 00:00:04,000\r\nWelcome to the show.\r\n\r\n2\r\n00:01:05,500 --> 00:01:09,000\r\nWe built a hedged offtake ladder for the refinery.\r\n";
const CHAPTERS = "0:00 Welcome\n1:05 - The offtake";

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate videos, podcasts, blogs, interviews, special_features`);
});

/** The podcast editor's form posted by an admin, as the browser sends it. */
async function savePodcast(fields: Record<string, string>, id?: string) {
  const body = new URLSearchParams({ title: "Refinery talk", status: "published", audioUrl: TRAILER, ...fields });
  const request = new Request(`${ORIGIN}/admin/podcasts/${id ?? "new"}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body,
  });
  return callRoute(() => contentEditorAction("podcast", id ? "edit" : "create", request, id, ADMIN_USER), request);
}

/** The field errors of a refused save. */
const fieldErrors = (answer: { body: unknown }) => (answer.body as { result: { error: Record<string, string[]> } }).result.error;

async function podcastRows() {
  const db = await getDb();
  return db.select().from(schema.podcasts);
}

describe('saving a transcript (PRODUCT.md "Transcripts")', () => {
  it("stores an SRT upload as WebVTT, with its words for search and the chapters normalised", async () => {
    const answer = await savePodcast({ transcript: SRT, chapters: CHAPTERS });
    expect(answer.status).toBe(302);
    const [row] = await podcastRows();
    expect(row!.transcript).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the show.\n\n00:01:05.500 --> 00:01:09.000\nWe built a hedged offtake ladder for the refinery.\n",
    );
    expect(row!.transcriptText).toBe("Welcome to the show.\nWe built a hedged offtake ladder for the refinery.");
    expect(row!.chapters).toBe("0:00 Welcome\n1:05 The offtake");
  });

  it("refuses a file that is neither WebVTT nor SRT, naming its first bad line, and changes nothing", async () => {
    await savePodcast({ title: "Kept", transcript: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nKept words\n" });
    const [before] = await podcastRows();
    const bad = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nFine\n\n00:00:61.000 --> 00:01:02.000\nBad time\n";
    const answer = await savePodcast({ title: "Changed", transcript: bad }, before!.id);
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).transcript![0]).toMatch(/^Line 6\b/);
    const [after] = await podcastRows();
    expect(after).toEqual(before);
  });

  it("refuses chapters out of order with the line, and saves nothing", async () => {
    const answer = await savePodcast({ chapters: "0:00 Start\n5:00 Later\n2:00 Earlier" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).chapters![0]).toMatch(/^Line 3\b/);
    expect(await podcastRows()).toEqual([]);
  });

  it("clears the transcript and its words when the field is emptied", async () => {
    await savePodcast({ transcript: SRT });
    const [saved] = await podcastRows();
    await savePodcast({ transcript: "" }, saved!.id);
    const [row] = await podcastRows();
    expect(row!.transcript).toBeNull();
    expect(row!.transcriptText).toBeNull();
  });
});

describe('search finds what was said (PRODUCT.md "Transcripts")', () => {
  it("finds a phrase only in a transcript, says so and links to the page at the cue's time", async () => {
    await savePodcast({ transcript: SRT });
    await savePodcast({ title: "Ladder economics", description: "A hedged offtake ladder explained" });
    const [found] = await podcastRows().then((rows) => rows.filter((row) => row.title === "Refinery talk"));
    const page = await searchContent({ q: "Hedged Offtake Ladder" });
    expect(page.total).toBe(2);
    const byTitle = new Map(page.results.map((result) => [result.title, result]));
    expect(byTitle.get("Refinery talk")!.transcriptMatch).toEqual({
      text: "We built a hedged offtake ladder for the refinery.",
      start: 65.5,
      href: `/podcast/${found!.id}#t=65`,
    });
    // Found in its own description: nothing to say about the transcript.
    expect(byTitle.get("Ladder economics")!.transcriptMatch).toBeNull();
  });

  it("keeps a one-word query on the token index finding transcript words, and a removed transcript stops matching", async () => {
    await savePodcast({ transcript: SRT });
    expect((await searchContent({ q: "refinery" })).total).toBe(1);
    expect((await searchContent({ q: "offtake" })).total).toBe(1);
    const [row] = await podcastRows();
    await savePodcast({ transcript: "" }, row!.id);
    expect((await searchContent({ q: "offtake" })).total).toBe(0);
  });
});

describe("the transcript's files", () => {
  const file = (path: string) =>
    callRoute(transcriptFileLoader, `/transcripts/${path}`, {
      params: { type: path.split("/")[0]!, "*": path.split("/").slice(1).join("/") },
    });

  it("serves a published item's WebVTT and chapters (VTT and Podcasting 2.0 JSON) with their types", async () => {
    await savePodcast({ transcript: SRT, chapters: CHAPTERS, duration: "90" });
    const [row] = await podcastRows();
    const vtt = await file(`podcast/${row!.id}.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(vtt.body).toBe(row!.transcript);
    const json = await file(`podcast/${row!.id}/chapters.json`);
    expect(json.headers.get("Content-Type")).toBe("application/json+chapters; charset=utf-8");
    expect(json.body).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Welcome" },
        { startTime: 65, title: "The offtake" },
      ],
    });
    const chapters = await file(`podcast/${row!.id}/chapters.vtt`);
    expect(chapters.body).toBe("WEBVTT\n\n00:00:00.000 --> 00:01:05.000\nWelcome\n\n00:01:05.000 --> 00:01:30.000\nThe offtake\n");
    // A WebVTT transcript has no plain-text file.
    expect((await file(`podcast/${row!.id}.txt`)).status).toBe(404);
  });

  it("answers 404 for a draft, an unknown id, a type without transcripts and a malformed path", async () => {
    await savePodcast({ transcript: SRT, status: "draft" });
    const [draft] = await podcastRows();
    for (const path of [
      `podcast/${draft!.id}.vtt`,
      `podcast/${MISSING_ID}.vtt`,
      `blog/${MISSING_ID}.vtt`,
      "podcast/not-an-id.vtt",
      `podcast/${draft!.id}.srt`,
    ]) {
      expect((await file(path)).status, path).toBe(404);
    }
  });
});

describe("the podcast feed's Podcasting 2.0 tags", () => {
  it("declares the namespace and gives an episode its transcript (url, type, language) and chapters (url, type)", async () => {
    await savePodcast({ transcript: SRT, chapters: CHAPTERS });
    await insertPodcasts([{ title: "No transcript", audioUrl: TRAILER }]);
    const [row] = (await podcastRows()).filter((podcast) => podcast.title === "Refinery talk");
    const { rss, items } = await readRss(await buildPodcastFeed());
    expect(rss["@xmlns:podcast"]).toBe(PODCAST_NAMESPACE);
    const byTitle = new Map(items.map((item): [string, XmlNode] => [textOf(item.title), item]));
    const episode = byTitle.get("Refinery talk")!;
    expect(episode["podcast:transcript"]).toMatchObject({
      "@url": `${ORIGIN}/transcripts/podcast/${row!.id}.vtt`,
      "@type": "text/vtt",
      "@language": "en",
      "@rel": "captions",
    });
    expect(episode["podcast:chapters"]).toMatchObject({
      "@url": `${ORIGIN}/transcripts/podcast/${row!.id}/chapters.json`,
      "@type": "application/json+chapters",
    });
    const other = byTitle.get("No transcript")!;
    expect(other["podcast:transcript"]).toBeUndefined();
    expect(other["podcast:chapters"]).toBeUndefined();
  });
});

describe("'Needs transcript'", () => {
  it("marks published audio and video without a transcript in the admin lists and counts them on the dashboard", async () => {
    await savePodcast({ title: "Has one", transcript: SRT });
    await savePodcast({ title: "Owes one" });
    await savePodcast({ title: "Draft", status: "draft" });
    const list = await listContent("podcast", {});
    expect(Object.fromEntries(list.items.map((item) => [item.title, item.needsTranscript]))).toEqual({
      "Has one": false,
      "Owes one": true,
      Draft: false,
    });
    const stats = await getDashboardStats();
    expect(stats.podcast.needsTranscript).toBe(1);
    expect(stats.blog.needsTranscript).toBeNull();
  });
});
