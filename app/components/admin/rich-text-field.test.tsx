// @vitest-environment happy-dom
// (Radix and the editor dispatch events made from the page's own Event classes.)

import { parseWithZod } from "@conform-to/zod/v4";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Editor } from "@tiptap/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ContentEditor, type EditorData } from "~/components/admin/content-editor";
import { uploadFile } from "~/components/admin/upload-file";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { emptyEditorValues } from "~/lib/editor-values";
import type { UploadedMedia } from "~/lib/uploads";
import type { EditorActionData } from "~/server/content/admin-content-handlers.server";

vi.mock("~/components/admin/upload-file", () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

afterEach(cleanup);
beforeEach(() => {
  upload.mockReset();
});

const editorData = (content: string): EditorData => ({
  type: "blog",
  mode: "create",
  id: null,
  values: { ...emptyEditorValues("blog"), title: "Rates", content },
});

/** What the last save posted, and whether the stub's action answers with a content error (as the server's checks do). */
let posted: FormData | null = null;
let refuseContent: string | null = null;

function Screen({ content }: { content: string }) {
  const actionData = useActionData<EditorActionData>();
  return <ContentEditor editor={editorData(content)} actionData={actionData} />;
}

/** The new blog post screen with `content`, rendered and hydrated as in the browser. */
function renderEditor(content: string) {
  posted = null;
  const Stub = createRoutesStub([
    {
      path: "/admin/blogs/new",
      Component: () => <Screen content={content} />,
      action: async ({ request }) => {
        posted = await request.formData();
        const submission = parseWithZod(posted, { schema: editorSchema("blog", "create"), ...EDITOR_PARSE_OPTIONS });
        return { result: submission.reply(refuseContent ? { fieldErrors: { content: [refuseContent] } } : {}) };
      },
    },
  ]);
  return render(<Stub initialEntries={["/admin/blogs/new"]} />);
}

/** The editor (it loads after hydration) and its TipTap instance, to place the caret as a user would. */
async function editorBox() {
  await waitFor(() => expect(document.querySelector("[contenteditable]")).not.toBeNull(), { timeout: 5000 });
  const box = screen.getByRole("textbox", { name: "Content" });
  expect(box.getAttribute("contenteditable")).toBe("true");
  return { box, editor: (box as HTMLElement & { editor: Editor }).editor };
}

const contentField = () => document.querySelector<HTMLTextAreaElement>('textarea[name="content"]')!;
const toolbar = () => screen.getByRole("toolbar", { name: "Formatting" });
const tool = (name: string) => within(toolbar()).getByRole("button", { name });

describe("RichTextField before JavaScript", () => {
  it("is a labelled textarea named content in the server render, without the editor", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <ContentEditor editor={editorData("<p>Hi</p>")} actionData={undefined} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    const textarea = page.querySelector<HTMLTextAreaElement>('textarea[name="content"]')!;
    expect(textarea.textContent).toBe("<p>Hi</p>");
    expect(page.querySelector(`label[for="${textarea.id}"]`)?.textContent).toBe("Content");
    expect(textarea.hasAttribute("aria-hidden")).toBe(false);
    expect(page.querySelector('[contenteditable], [role="toolbar"]')).toBeNull();
  });
});

describe("RichTextField after hydration", () => {
  it("shows the editor, labelled Content, with the field's HTML, and hides the textarea from keyboard and screen readers", async () => {
    renderEditor("<h2>Outlook</h2><p>Rates <strong>fell</strong>.</p>");
    const { box } = await editorBox();
    expect(box.innerHTML).toBe("<h2>Outlook</h2><p>Rates <strong>fell</strong>.</p>");
    expect(box.getAttribute("aria-multiline")).toBe("true");
    const field = contentField();
    expect(field.getAttribute("aria-hidden")).toBe("true");
    expect(field.tabIndex).toBe(-1);
    // Untouched, the field keeps the stored HTML as it was.
    expect(field.value).toBe("<h2>Outlook</h2><p>Rates <strong>fell</strong>.</p>");
  });

  it("writes the editor's HTML into the form's content field, with an input event for the form", async () => {
    renderEditor("<p>Rates fell</p>");
    const { editor } = await editorBox();
    const inputs = vi.fn();
    contentField().addEventListener("input", inputs);
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 });
    });
    fireEvent.click(tool("Bold"));
    expect(contentField().value).toBe("<p><strong>Rates</strong> fell</p>");
    expect(inputs).toHaveBeenCalledTimes(1);
    expect(tool("Bold").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(tool("Heading 2"));
    expect(contentField().value).toBe("<h2><strong>Rates</strong> fell</h2>");
    expect(tool("Heading 2").getAttribute("aria-pressed")).toBe("true");
  });

  it("saves an emptied editor as an empty field, not an empty paragraph", async () => {
    renderEditor("<p>Gone</p>");
    const { editor } = await editorBox();
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(contentField().value).toBe("");
  });

  it("posts the editor's HTML when the form is saved", async () => {
    renderEditor("<p>Rates fell</p>");
    await editorBox();
    fireEvent.click(tool("Bulleted list"));
    fireEvent.click(screen.getByRole("button", { name: "Save Draft" }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted!.get("content")).toBe("<ul><li><p>Rates fell</p></li></ul>");
  });

  it("shows a rejected save's content error on the editor and keeps what was typed", async () => {
    refuseContent = "Content is too long.";
    try {
      renderEditor("<p>Rates fell</p>");
      const { box } = await editorBox();
      fireEvent.click(tool("Quote"));
      fireEvent.click(screen.getByRole("button", { name: "Save Draft" }));
      const message = await screen.findByText("Content is too long.");
      expect(box.getAttribute("aria-invalid")).toBe("true");
      expect(box.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
      expect(box.querySelector("blockquote")?.textContent).toBe("Rates fell");
      expect(contentField().value).toBe("<blockquote><p>Rates fell</p></blockquote>");
    } finally {
      refuseContent = null;
    }
  });

  it("links the selection to an allowed address only, and removes the link", async () => {
    renderEditor("<p>See the report</p>");
    const { editor } = await editorBox();
    act(() => {
      editor.commands.setTextSelection({ from: 9, to: 15 });
    });
    fireEvent.click(tool("Link"));
    const dialog = await screen.findByRole("dialog", { name: "Add link" });
    const address = within(dialog).getByRole("textbox", { name: "Link address" });
    fireEvent.change(address, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply link" }));
    expect(within(dialog).getByText(/Enter a web address/).id).toBe(address.getAttribute("aria-describedby")?.split(" ").at(-1));
    expect(contentField().value).toBe("<p>See the report</p>");

    fireEvent.change(address, { target: { value: "example.com/report" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(contentField().value).toBe('<p>See the <a href="https://example.com/report">report</a></p>');

    fireEvent.click(tool("Link"));
    const again = await screen.findByRole("dialog", { name: "Edit link" });
    expect(within(again).getByRole("textbox", { name: "Link address" })).toHaveProperty("value", "https://example.com/report");
    fireEvent.click(within(again).getByRole("button", { name: "Remove link" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(contentField().value).toBe("<p>See the report</p>");
  });

  it("uploads an image with its progress and inserts it with its alt text", async () => {
    const media: UploadedMedia = {
      id: "m1",
      kind: "image",
      url: "/uploads/images/chart.png",
      mimeType: "image/png",
      sizeBytes: 120,
      width: 800,
      height: 600,
      duration: null,
    };
    let finish: (value: UploadedMedia) => void = () => {};
    upload.mockImplementation((_file, _kind, options) => {
      options?.onProgress?.(0.5);
      return new Promise((resolve) => (finish = resolve));
    });
    renderEditor("<p>Chart</p><p></p>");
    const { editor } = await editorBox();
    // The caret in the empty last paragraph.
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    });
    fireEvent.click(tool("Image"));
    const dialog = await screen.findByRole("dialog", { name: "Insert image" });
    const file = new File([new Uint8Array([1, 2, 3])], "chart.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByLabelText("Image file"), { target: { files: [file] } });
    expect(upload).toHaveBeenCalledWith(file, "image", expect.objectContaining({ onProgress: expect.any(Function) }));
    expect(within(dialog).getByLabelText("Uploading chart.png…")).toHaveProperty("value", 0.5);
    expect(within(dialog).getByRole("button", { name: "Insert image" })).toHaveProperty("disabled", true);

    await act(async () => finish(media));
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(within(dialog).getByText("Describe the image for readers who cannot see it.")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Alt text/ }), { target: { value: "Rates since 2020" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert image" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(contentField().value).toBe('<p>Chart</p><img src="/uploads/images/chart.png" alt="Rates since 2020" width="800" height="600">');
    // The caret is below the image: what comes next does not replace it.
    act(() => {
      editor.commands.insertContent("After");
    });
    expect(contentField().value).toBe(
      '<p>Chart</p><img src="/uploads/images/chart.png" alt="Rates since 2020" width="800" height="600"><p>After</p>',
    );
  });

  it("shows the server's message when an upload is refused, and inserts nothing", async () => {
    upload.mockRejectedValue(new Error("This file is not an image."));
    renderEditor("<p>Chart</p>");
    await editorBox();
    fireEvent.click(tool("Image"));
    const dialog = await screen.findByRole("dialog", { name: "Insert image" });
    const file = new File(["text"], "notes.txt", { type: "text/plain" });
    fireEvent.change(within(dialog).getByLabelText("Image file"), { target: { files: [file] } });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This file is not an image.");
    expect(within(dialog).getByRole("button", { name: "Insert image" })).toHaveProperty("disabled", true);
    expect(contentField().value).toBe("<p>Chart</p>");
  });

  it("embeds a YouTube video from its privacy-enhanced address, with its title", async () => {
    renderEditor("<p>Watch</p>");
    await editorBox();
    fireEvent.click(tool("Video"));
    const dialog = await screen.findByRole("dialog", { name: "Insert video" });
    const address = within(dialog).getByRole("textbox", { name: "YouTube address" });
    fireEvent.change(address, { target: { value: "https://vimeo.com/1234" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert video" }));
    expect(within(dialog).getByText(/Enter the address of a YouTube video/)).toBeTruthy();

    fireEvent.change(address, { target: { value: "https://youtu.be/dQw4w9WgXcQ?t=30" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Video title" }), { target: { value: "Fed briefing" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert video" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const saved = new DOMParser().parseFromString(contentField().value, "text/html");
    const frame = saved.querySelector("div[data-youtube-video] > iframe")!;
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30");
    expect(frame.getAttribute("title")).toBe("Fed briefing");
  });

  it("is one Tab stop: the toolbar's arrow keys move between its buttons", async () => {
    renderEditor("<p>Rates</p>");
    await editorBox();
    const buttonStops = () =>
      within(toolbar())
        .getAllByRole("button")
        .filter((button) => button.tabIndex === 0);
    // Tab lands on the toolbar, which hands the focus to its last used button (the first, at first).
    expect(toolbar().tabIndex).toBe(0);
    expect(buttonStops()).toEqual([]);
    expect(tool("Undo")).toHaveProperty("disabled", true);
    act(() => tool("Heading 2").focus());
    fireEvent.keyDown(tool("Heading 2"), { key: "ArrowRight" });
    await waitFor(() => expect(document.activeElement).toBe(tool("Heading 3")));
    expect(buttonStops()).toEqual([tool("Heading 3")]);
  });
});
