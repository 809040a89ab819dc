import "../../../tests/support/dom";

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderRoute } from "../../../tests/support/render";
import { FeaturedCarousel, type CarouselSlideData } from "./featured-carousel";

const slide = (title: string, featured: boolean, paidPromotion = false): CarouselSlideData => ({
  id: `00000000-0000-4000-8000-00000000000${title.length}`,
  title,
  description: null,
  thumbnailUrl: null,
  publishedAt: new Date(Date.UTC(2025, 0, 1)),
  views: 12,
  duration: 90,
  featured,
  paidPromotion,
});

const render = (videos: CarouselSlideData[]) => renderRoute(() => <FeaturedCarousel videos={videos} />);

/** The 'Featured' badges: elements whose whole text is "Featured". */
const badges = () => screen.queryAllByText("Featured", { selector: "span" });

/** The slides (all but the current one are hidden). */
const slides = () => screen.queryAllByRole("group", { hidden: true }).filter((el) => el.getAttribute("aria-roledescription") === "slide");

describe("FeaturedCarousel", () => {
  it("badges a featured video 'Featured'", () => {
    render([slide("Chosen", true)]);
    expect(badges()).toHaveLength(1);
  });

  it("does not badge the fallback slide (the latest video when none is featured)", () => {
    render([slide("Latest news", false)]);
    expect(screen.getByRole("link", { name: "Latest news" })).toBeTruthy();
    expect(badges()).toHaveLength(0);
  });

  it("labels a paid video 'Paid promotion' (PRODUCT.md \"Paid promotion\"), featured or not", () => {
    render([slide("Sponsored", true, true), slide("Plain", true)]);
    expect(screen.queryAllByText("Paid promotion")).toHaveLength(1);
    // A new render replaces the first.
    render([slide("Sponsored fallback", false, true)]);
    expect(screen.getByRole("link", { name: "Sponsored fallback" })).toBeTruthy();
    expect(screen.queryAllByText("Paid promotion")).toHaveLength(1);
  });

  it("renders each slide as a div with role=group (the checker rejects role=group on article)", () => {
    render([slide("One", true), slide("Three", true)]);
    expect(slides()).toHaveLength(2);
    for (const [i, el] of slides().entries()) {
      expect(el.tagName).toBe("DIV");
      expect(el.getAttribute("role")).toBe("group");
      expect(el.getAttribute("aria-label")).toBe(`${i + 1} of 2`);
    }
  });
});
