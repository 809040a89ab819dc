import "../../../tests/support/dom";

import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { timeFragment, timeFromFragment } from "~/lib/transcript-files";
import type { TranscriptOnPage } from "~/server/content/transcripts.server";

import { renderRoute } from "../../../tests/support/render";
import { ItemTranscript } from "./item-transcript";

const paragraph = (i: number) => ({ start: i * 30, speaker: i % 2 ? "Tessa Mulgrave" : "Dana Okafor", text: `Paragraph ${i}.` });

const TRANSCRIPT: TranscriptOnPage = {
  paragraphs: Array.from({ length: 7 }, (_, i) => paragraph(i)),
  chapters: [
    { start: 0, title: "Three years after listing" },
    { start: 65, title: "Selling the loan book" },
  ],
  seekable: true,
  captionsUrl: "/transcripts/interview/x.vtt",
  chaptersUrl: "/transcripts/interview/x/chapters.vtt",
};

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe('ItemTranscript (PRODUCT.md "Transcripts")', () => {
  it("lists the chapters, then five paragraphs with their time and speaker, the rest behind 'Show full transcript'", () => {
    renderRoute(() => <ItemTranscript transcript={TRANSCRIPT} />);
    const region = screen.getByRole("region", { name: "Transcript" });
    const chapters = within(region).getByRole("navigation", { name: "Chapters" });
    expect(
      within(chapters)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["0:00", "#t=0"],
      ["1:05", "#t=65"],
    ]);
    const details = region.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toContain("Show full transcript");
    const open = [...region.querySelectorAll(":scope > p")].map((p) => p.textContent);
    expect(open).toEqual([
      "0:00 Dana Okafor: Paragraph 0.",
      "0:30 Tessa Mulgrave: Paragraph 1.",
      "1:00 Dana Okafor: Paragraph 2.",
      "1:30 Tessa Mulgrave: Paragraph 3.",
      "2:00 Dana Okafor: Paragraph 4.",
    ]);
    // Collapsed, still in the page (search engines read it).
    expect([...details.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "2:30 Tessa Mulgrave: Paragraph 5.",
      "3:00 Dana Okafor: Paragraph 6.",
    ]);
  });

  it("asks the player to play from a pressed time, and keeps the moment in the address", () => {
    const requests: unknown[] = [];
    const listener = (event: Event) => requests.push((event as CustomEvent).detail);
    window.addEventListener("marketwire:seek", listener);
    renderRoute(() => <ItemTranscript transcript={TRANSCRIPT} />);
    fireEvent.click(screen.getByRole("link", { name: "Play from 0:30" }));
    window.removeEventListener("marketwire:seek", listener);
    expect(requests).toEqual([{ seconds: 30, play: true }]);
    expect(window.location.hash).toBe("#t=30");
  });

  it("shows times as text when the player cannot seek (the audio host's frame), and plain paragraphs without times", () => {
    const spy = vi.fn();
    window.addEventListener("marketwire:seek", spy);
    renderRoute(() => (
      <ItemTranscript
        transcript={{ ...TRANSCRIPT, seekable: false, paragraphs: [paragraph(1), { start: null, speaker: null, text: "Untimed words." }] }}
      />
    ));
    window.removeEventListener("marketwire:seek", spy);
    const region = screen.getByRole("region", { name: "Transcript" });
    expect(within(region).queryAllByRole("link")).toEqual([]);
    expect([...region.querySelectorAll(":scope > p")].map((p) => p.textContent)).toEqual([
      "0:30 Tessa Mulgrave: Paragraph 1.",
      "Untimed words.",
    ]);
  });

  it("is headed 'Chapters' for chapters without a transcript, and absent without either", () => {
    const { unmount } = renderRoute(() => <ItemTranscript transcript={{ ...TRANSCRIPT, paragraphs: [] }} />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Chapters");
    unmount();
    const { container } = renderRoute(() => <ItemTranscript transcript={null} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("the address of a moment", () => {
  it.each([
    [65.5, "#t=65"],
    [0, "#t=0"],
    [3723.9, "#t=3723"],
  ])("%s s → %s, and back", (seconds, fragment) => {
    expect(timeFragment(seconds)).toBe(fragment);
    expect(timeFromFragment(fragment)).toBe(Math.floor(seconds));
  });

  it.each(["", "#t=", "#t=1.5", "#t=-3", "#t=12abc", "#transcript", "#t=1234567"])("%j is no moment", (hash) => {
    expect(timeFromFragment(hash)).toBeNull();
  });
});
