/**
 * How the rich-text editor hands its HTML to the form (PRODUCT.md "Rich-text editor"): the form's own
 * `content` textarea stays in the form, hidden, and receives the editor's HTML, so saving, Conform's
 * validation and a rejected save's values work as they do without the editor. Pure DOM: tested on its own.
 */

/**
 * The HTML to save: an editor with nothing in it saves an empty field, not an empty paragraph, and the
 * empty paragraph the editor keeps after a last heading, list, image or video (so the caret can go
 * below it) is not saved either.
 */
export function editorHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(?:<p><\/p>)+$/, "");
}

/**
 * Writes the editor's HTML into the field and tells the form, as typing would: Conform listens for
 * `input` events on the document to validate and track the value.
 */
export function writeFieldValue(field: HTMLTextAreaElement, html: string): void {
  if (field.value === html) return;
  field.value = html;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
