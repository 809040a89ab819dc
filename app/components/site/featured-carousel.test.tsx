import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type CarouselSlideData, FeaturedCarousel } from "./featured-carousel";

const slide = (title: string, featured: boolean): CarouselSlideData => ({
  id: `00000000-0000-4000-8000-00000000000${title.length}`,
  title,
  description: null,
  thumbnailUrl: null,
  publishedAt: new Date(Date.UTC(2025, 0, 1)),
  views: 12,
  duration: 90,
  featured,
});

/** Server-renders the carousel: the HTML a visitor's browser first shows. */
function render(videos: CarouselSlideData[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <FeaturedCarousel videos={videos} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />).replaceAll("<!-- -->", "");
}

/** The 'Featured' badges: paragraphs whose whole text is "Featured". */
const badges = (html: string) => html.match(/<p[^>]*>Featured<\/p>/g) ?? [];

/** The opening tags of the slides. */
const slideTags = (html: string) => html.match(/<[a-z]+ [^>]*aria-roledescription="slide"[^>]*>/g) ?? [];

describe("FeaturedCarousel", () => {
  it("badges a featured video 'Featured'", () => {
    expect(badges(render([slide("Chosen", true)]))).toHaveLength(1);
  });

  it("does not badge the fallback slide (the latest video when none is featured)", () => {
    const html = render([slide("Latest news", false)]);
    expect(html).toContain("Latest news");
    expect(badges(html)).toHaveLength(0);
  });

  it("renders each slide as a div with role=group (the checker rejects role=group on article)", () => {
    const tags = slideTags(render([slide("One", true), slide("Three", true)]));
    expect(tags).toHaveLength(2);
    for (const [i, tag] of tags.entries()) {
      expect(tag).toMatch(/^<div /);
      expect(tag).toContain('role="group"');
      expect(tag).toContain(`aria-label="${i + 1} of 2"`);
    }
  });
});
