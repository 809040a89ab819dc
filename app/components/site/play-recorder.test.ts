/** PRODUCT.md "Measurement": what a page's player sends of a play, mark by mark, and when. */
import "../../../tests/support/dom";

import { afterEach, describe, expect, it, vi } from "vitest";

import type { PlayView } from "./counters";
import { recordPlay } from "./play-recorder";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An event of the test document's window (Node's own Event is not the document's). */
const domEvent = (type: string) => new (document.defaultView as unknown as { Event: typeof Event }).Event(type);

/** A video element whose length, position and state the test sets. */
function fakeVideo(duration: number) {
  const media = document.createElement("video");
  const state = { currentTime: 0, paused: false };
  Object.defineProperty(media, "duration", { get: () => duration });
  Object.defineProperty(media, "currentTime", { get: () => state.currentTime });
  Object.defineProperty(media, "paused", { get: () => state.paused });
  const at = (seconds: number) => {
    state.currentTime = seconds;
    media.dispatchEvent(domEvent("timeupdate"));
  };
  return { media, state, at };
}

async function sentMarks(fetch: ReturnType<typeof vi.fn>) {
  // The marks wait for the view's counter: let the promises run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetch.mock.calls.map(([url, init]) => {
    expect((init as RequestInit).method).toBe("POST");
    const query = new URL(String(url), "http://localhost").searchParams;
    return `${new URL(String(url), "http://localhost").pathname} ${query.get("mark")} ${query.get("s")}`;
  });
}

describe("recordPlay", () => {
  it("sends play, each quarter once as it is reached, seconds played (never a seek's jump) and leave", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    const { media, state, at } = fakeVideo(100);
    const view: PlayView = { id: "v1" };
    recordPlay("video", view, media, Promise.resolve());
    for (let second = 0; second <= 26; second++) at(second);
    // A seek to 80 s reaches the half and three quarters, and plays no seconds.
    at(80);
    at(81);
    state.paused = true;
    at(90);
    state.paused = false;
    media.dispatchEvent(domEvent("ended"));
    view.leave!();
    // A second play of the same view sends nothing new; nor does the element after the view ended.
    recordPlay("video", view, media, Promise.resolve());
    at(95);
    expect(await sentMarks(fetch)).toEqual([
      "/api/videos/v1/play play 0",
      "/api/videos/v1/play 25 25",
      "/api/videos/v1/play 50 1",
      "/api/videos/v1/play 75 0",
      // The second from 80 s to 81 s was played; from 90 s to the end was a jump.
      "/api/videos/v1/play 100 1",
    ]);
  });

  it("sends the seconds left when the reader leaves, and only play for a host's frame", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    const { media, at } = fakeVideo(600);
    const view: PlayView = { id: "p1" };
    recordPlay("podcast", view, media, Promise.resolve());
    for (let second = 0; second <= 40; second++) at(second);
    window.dispatchEvent(domEvent("pagehide"));
    const frame: PlayView = { id: "i1" };
    recordPlay("interview", frame, null, Promise.resolve());
    frame.leave!();
    expect(await sentMarks(fetch)).toEqual([
      "/api/podcasts/p1/play play 0",
      "/api/podcasts/p1/play leave 40",
      "/api/interviews/i1/play play 0",
    ]);
  });
});
