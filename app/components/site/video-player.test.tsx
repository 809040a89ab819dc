import "../../../tests/support/dom";

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

import { videoSource } from "~/lib/media";
import { seekPlayer } from "~/lib/player-seek";

import { VideoPlayer } from "./video-player";

afterEach(() => {
  cleanup();
  // A seek keeps its moment in the address (#t=…), which a player reads when it mounts.
  window.history.replaceState(null, "", "/");
});

const WATCH = "https://www.youtube.com/watch?v=V4ZDealMRJY";
const TITLE = "Gold miners' quarter";

/** The player as a page shows it: the loader reads the URL into its source (item-page.server.ts). */
function Player({ url, poster }: { url: string; poster: string | null }) {
  return <VideoPlayer source={videoSource(url)} url={url} title={TITLE} poster={poster} />;
}

describe('VideoPlayer: a host\'s player loads only when the reader asks for it (PRODUCT.md "Video")', () => {
  it("shows the item's picture and a Play button, and no frame, until the button is pressed", () => {
    const { container } = render(<Player url={WATCH} poster="/media/talk.svg" />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/talk.svg");
    const play = screen.getByRole("button", { name: `Play video: ${TITLE}` });
    expect(play.getAttribute("type")).toBe("button");

    fireEvent.click(play);
    const frame = container.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://www.youtube.com/embed/V4ZDealMRJY?autoplay=1");
    expect(frame.getAttribute("title")).toBe(TITLE);
    expect(frame.getAttribute("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(frame.hasAttribute("allowfullscreen")).toBe(true);
    // PRODUCT.md "Security headers": the frame is held by the page's frame-src, not by a sandbox the
    // HTML checker refuses (allow-scripts with allow-same-origin).
    expect(frame.hasAttribute("sandbox")).toBe(false);
    expect(screen.queryByRole("button", { name: `Play video: ${TITLE}` })).toBeNull();
  });

  it("keeps a start offset and adds autoplay to it", () => {
    const { container } = render(<Player url="https://youtu.be/V4ZDealMRJY?t=90" poster={null} />);
    fireEvent.click(screen.getByRole("button", { name: `Play video: ${TITLE}` }));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://www.youtube.com/embed/V4ZDealMRJY?start=90&autoplay=1");
  });

  it('starts the host\'s player at a time a transcript asks for, replacing its own offset (PRODUCT.md "Transcripts")', () => {
    const { container } = render(<Player url="https://youtu.be/V4ZDealMRJY?t=90" poster={null} />);
    act(() => seekPlayer(65.5));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://www.youtube.com/embed/V4ZDealMRJY?start=65&autoplay=1");
    act(() => seekPlayer(120));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://www.youtube.com/embed/V4ZDealMRJY?start=120&autoplay=1");
  });

  it("opened at a moment (#t=45), waits for the press and then starts there", () => {
    window.history.replaceState(null, "", "/video/x#t=45");
    const { container } = render(<Player url={WATCH} poster={null} />);
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: `Play video: ${TITLE}` }));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://www.youtube.com/embed/V4ZDealMRJY?autoplay=1&start=45");
  });

  it("reads Vimeo's start time from the fragment", () => {
    const { container } = render(<Player url="https://player.vimeo.com/video/76979871" poster={null} />);
    act(() => seekPlayer(30));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?autoplay=1#t=30s");
  });

  it("without a picture of its own, shows our stored copy of the host's picture, never the host's address", () => {
    const { container } = render(<Player url={WATCH} poster={null} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/video-thumbnails/youtube/V4ZDealMRJY.jpg");
    expect(container.innerHTML).not.toMatch(/ytimg|youtube\.com\/(embed|vi)/);
  });

  it("offers an uploaded picture's copies (srcset), as other pictures do", () => {
    const upload = "/uploads/images/0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e-2400w.jpg";
    const { container } = render(<Player url={WATCH} poster={upload} />);
    expect(container.querySelector("img")?.getAttribute("srcset")).toMatch(/-480w\.webp 480w/);
  });

  it("before scripts run, the play control is a link to the video on its host, opening a new tab", () => {
    const html = renderToString(<Player url={WATCH} poster="/media/talk.svg" />);
    const document = new DOMParser().parseFromString(html, "text/html");
    expect(document.querySelector("iframe")).toBeNull();
    expect(document.querySelector("button")).toBeNull();
    const link = document.querySelector("a")!;
    expect(link.getAttribute("href")).toBe(WATCH);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(link.textContent).toBe(`Play video: ${TITLE} (opens in a new tab)`);
  });

  it("plays a Vimeo player the same way", () => {
    const { container } = render(<Player url="https://player.vimeo.com/video/76979871" poster={null} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/video-thumbnails/vimeo/76979871.jpg");
    fireEvent.click(screen.getByRole("button", { name: `Play video: ${TITLE}` }));
    expect(container.querySelector("iframe")!.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?autoplay=1");
  });
});
