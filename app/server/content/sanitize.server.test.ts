import { describe, expect, it } from "vitest";

import { FRAME_SANDBOX } from "~/lib/frame-hosts";

import { sanitizeContentHtml } from "./sanitize.server";

/** The attributes every kept video frame gets, after its src, title and size. */
const FRAME_TAIL = `allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allow="autoplay; encrypted-media; picture-in-picture" sandbox="${FRAME_SANDBOX}"></iframe>`;

describe("sanitizeContentHtml", () => {
  it("keeps article structure", () => {
    const html = "<h2>Outlook</h2><p>Rates <strong>fell</strong>.</p><ul><li>One</li></ul>";
    expect(sanitizeContentHtml(html)).toBe(html);
  });
  it("removes scripts, event handlers and javascript: links", () => {
    const out = sanitizeContentHtml(
      `<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`,
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain("<p>Hi</p>");
  });
  it("makes external links safe", () => {
    expect(sanitizeContentHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });
  it("treats empty input as empty", () => {
    expect(sanitizeContentHtml(null)).toBe("");
  });

  it("keeps everything the rich-text editor makes", () => {
    const html =
      "<h2>Outlook</h2><h3>Rates</h3><p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>struck</s> <code>x</code><br></p>" +
      "<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><blockquote><p>Quote</p></blockquote><pre><code>code</code></pre><hr>" +
      '<p><a href="/blog/1">inside</a> <a href="mailto:desk@example.com">mail</a></p>' +
      '<img src="/uploads/images/a.png" alt="A chart" width="800" height="600" loading="lazy">';
    // Void elements come back in their self-closed spelling.
    expect(sanitizeContentHtml(html)).toBe(html.replace(/<(br|hr|img[^>]*)>/g, "<$1 />"));
  });

  it("keeps the editor's video embed, with the site player's restrictions and a title", () => {
    const html =
      '<div data-youtube-video=""><iframe width="640" height="360" allowfullscreen="true" autoplay="false" loop="false" ' +
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&amp;rel=1"></iframe></div>';
    expect(sanitizeContentHtml(html)).toBe(
      '<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&amp;rel=1" ' +
        `title="Embedded video" width="640" height="360" ${FRAME_TAIL}</div>`,
    );
  });

  it("keeps a frame's own title and whole-pixel sizes only", () => {
    expect(
      sanitizeContentHtml('<iframe src="https://www.youtube.com/embed/abc_-1" title=" Fed briefing " width="100%" height="360">'),
    ).toBe(`<iframe src="https://www.youtube.com/embed/abc_-1" title="Fed briefing" height="360" ${FRAME_TAIL}`);
  });

  it("replaces the frame's attributes with the fixed set (no srcdoc, no handlers, no extra permissions)", () => {
    const out = sanitizeContentHtml(
      '<iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>alert(1)</script>" onload="alert(1)" ' +
        'sandbox="allow-top-navigation allow-forms" allow="camera; microphone" style="position:fixed"></iframe>',
    );
    expect(out).toBe(`<iframe src="https://www.youtube.com/embed/abc" title="Embedded video" ${FRAME_TAIL}`);
  });

  it.each([
    ["another host", "https://evil.example/embed/abc"],
    ["a look-alike host", "https://www.youtube.com.evil.example/embed/abc"],
    ["YouTube without www", "https://youtube.com/embed/abc"],
    ["plain http", "http://www.youtube.com/embed/abc"],
    ["another port", "https://www.youtube.com:8443/embed/abc"],
    ["credentials in the URL", "https://user:pw@www.youtube.com/embed/abc"],
    ["a page, not an embed", "https://www.youtube.com/watch?v=abc"],
    ["a path beyond the embed", "https://www.youtube.com/embed/abc/../../redirect"],
    ["a protocol-relative URL", "//www.youtube.com/embed/abc"],
    ["a relative URL", "/embed/abc"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["no src", ""],
  ])("removes a frame whose src is %s", (_, src) => {
    expect(sanitizeContentHtml(`<p>before</p><iframe src="${src}" title="x">fallback</iframe><p>after</p>`)).toBe(
      "<p>before</p><p>after</p>",
    );
  });

  it("removes a srcdoc frame without src", () => {
    expect(sanitizeContentHtml('<iframe srcdoc="<script>alert(1)</script>"></iframe><p>after</p>')).toBe("<p>after</p>");
  });

  it("drops whatever is inside a kept frame", () => {
    const out = sanitizeContentHtml(
      '<iframe src="https://www.youtube.com/embed/abc">text<p>para</p><iframe src="https://www.youtube.com/embed/def"></iframe>' +
        "<img src=x onerror=alert(1)></iframe><p>after</p>",
    );
    expect(out).toBe(`<iframe src="https://www.youtube.com/embed/abc" title="Embedded video" ${FRAME_TAIL}<p>after</p>`);
  });

  it("keeps only the video wrapper's div; other divs give way to their content", () => {
    expect(sanitizeContentHtml('<div class="x" data-youtube-video onclick="y()"><p>a</p></div><div id="d"><p>b</p></div>')).toBe(
      "<div data-youtube-video><p>a</p></div><p>b</p>",
    );
  });

  it("gives the same HTML when sanitised again (on render after save)", () => {
    const once = sanitizeContentHtml(
      '<h2>T</h2><div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/abc" width="640" height="360"></iframe></div>' +
        '<p><a href="https://example.com">x</a><img src="/uploads/a.png" alt=""></p>',
    );
    expect(sanitizeContentHtml(once)).toBe(once);
  });
});

// PRODUCT.md "Media library": uploaded images in rich text get their WebP copies in srcset, like other uploads.
describe("sanitizeContentHtml: uploaded images", () => {
  const ID = "0f8e7c3a-1b2d-4e5f-8a9b-0c1d2e3f4a5b";
  const COPIES = [480, 960, 1600].map((width) => `/uploads/images/${ID}-${width}w.webp ${width}w`).join(", ");

  it("offers an upload's copies, sized to the text column when the picture is wider", () => {
    expect(sanitizeContentHtml(`<img src="/uploads/images/${ID}-2400w.jpg" alt="A chart" width="800" height="600">`)).toBe(
      `<img src="/uploads/images/${ID}-2400w.jpg" alt="A chart" width="800" height="600" loading="lazy" srcset="${COPIES}" ` +
        'sizes="(min-width: 768px) 768px, 100vw" />',
    );
  });

  it("sizes a narrower picture to its own width: the width given, else the original's", () => {
    expect(sanitizeContentHtml(`<img src="/uploads/images/${ID}-1200w.png" alt="" width="400">`)).toBe(
      `<img src="/uploads/images/${ID}-1200w.png" alt="" width="400" loading="lazy" ` +
        `srcset="/uploads/images/${ID}-480w.webp 480w, /uploads/images/${ID}-960w.webp 960w, /uploads/images/${ID}-1200w.png 1200w" ` +
        'sizes="(min-width: 400px) 400px, 100vw" />',
    );
    expect(sanitizeContentHtml(`<img src="/uploads/images/${ID}-600w.png" alt="">`)).toContain(
      `srcset="/uploads/images/${ID}-480w.webp 480w, /uploads/images/${ID}-600w.png 600w" sizes="(min-width: 600px) 600px, 100vw"`,
    );
  });

  it("never keeps a srcset or sizes written into the HTML", () => {
    expect(sanitizeContentHtml('<img src="/uploads/a.png" alt="" srcset="https://evil.example/x.png 2x" sizes="1px">')).toBe(
      '<img src="/uploads/a.png" alt="" loading="lazy" />',
    );
    expect(sanitizeContentHtml(`<img src="/uploads/images/${ID}-320w.png" alt="" srcset="https://evil.example/x.png 2x">`)).toBe(
      `<img src="/uploads/images/${ID}-320w.png" alt="" loading="lazy" />`,
    );
  });

  it("gives the same HTML when sanitised again", () => {
    const once = sanitizeContentHtml(`<p>x</p><img src="/uploads/images/${ID}-2400w.jpg" alt="A chart" width="800" height="600">`);
    expect(sanitizeContentHtml(once)).toBe(once);
  });
});
