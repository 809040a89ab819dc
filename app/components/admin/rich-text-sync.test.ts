// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";

import { editorHtml, writeFieldValue } from "./rich-text-sync";

describe("editorHtml", () => {
  it.each([
    ["an empty editor", true, "<p></p>", ""],
    ["text", false, "<p>Rates</p>", "<p>Rates</p>"],
    ["the trailing empty paragraph after a heading", false, "<h2>Rates</h2><p></p>", "<h2>Rates</h2>"],
    ["several trailing empty paragraphs", false, "<ul><li><p>a</p></li></ul><p></p><p></p>", "<ul><li><p>a</p></li></ul>"],
    ["an empty paragraph between others (the author's spacing)", false, "<p>a</p><p></p><p>b</p>", "<p>a</p><p></p><p>b</p>"],
  ])("%s", (_, isEmpty, html, saved) => {
    expect(editorHtml({ isEmpty, getHTML: () => html })).toBe(saved);
  });
});

describe("writeFieldValue", () => {
  it("sets the field and sends one bubbling input event, as typing would", () => {
    const form = document.createElement("form");
    const field = document.createElement("textarea");
    form.append(field);
    const heard = vi.fn((event: Event) => [event.target, event.bubbles]);
    form.addEventListener("input", heard);
    writeFieldValue(field, "<p>a</p>");
    expect(field.value).toBe("<p>a</p>");
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.results[0]!.value).toEqual([field, true]);
  });

  it("sends nothing when the value is unchanged", () => {
    const field = document.createElement("textarea");
    field.value = "<p>a</p>";
    const heard = vi.fn();
    field.addEventListener("input", heard);
    writeFieldValue(field, "<p>a</p>");
    expect(heard).not.toHaveBeenCalled();
  });
});
