import "../../../tests/support/dom";

import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { MediaThumbnail } from "./media-thumbnail";

afterEach(cleanup);

const ID = "0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e";
const picture = (props: Parameters<typeof MediaThumbnail>[0]) => render(<MediaThumbnail {...props} />).container.querySelector("img")!;

describe('MediaThumbnail: uploaded pictures come with their copies (PRODUCT.md "Media library")', () => {
  it("gives an uploaded picture a srcset of its WebP copies and a card's sizes", () => {
    const img = picture({ src: `/uploads/images/${ID}-2400w.jpg`, alt: "" });
    expect(img.getAttribute("src")).toBe(`/uploads/images/${ID}-2400w.jpg`);
    expect(img.getAttribute("srcset")).toBe([480, 960, 1600].map((width) => `/uploads/images/${ID}-${width}w.webp ${width}w`).join(", "));
    expect(img.getAttribute("sizes")).toBe("(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw");
  });

  it("sizes a page's main picture to the detail page's column, unless told otherwise", () => {
    expect(picture({ src: `/uploads/images/${ID}-2400w.jpg`, priority: true }).getAttribute("sizes")).toBe(
      "(min-width: 1024px) 860px, 100vw",
    );
    expect(picture({ src: `/uploads/images/${ID}-2400w.jpg`, priority: true, sizes: "144px" }).getAttribute("sizes")).toBe("144px");
  });

  it.each([
    ["a demo file", "/media/thumbnails/market-open.jpg"],
    ["a web address", "https://images.example.com/chart.jpg"],
    ["an upload too small for copies", `/uploads/images/${ID}-320w.png`],
  ])("leaves %s as it is: no srcset, no sizes", (_name, src) => {
    const img = picture({ src });
    expect(img.getAttribute("src")).toBe(src);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });
});
