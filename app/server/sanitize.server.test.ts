import { describe, expect, it } from "vitest";

import { sanitizeContentHtml } from "./sanitize.server";

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
});
