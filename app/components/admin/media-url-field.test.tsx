// @vitest-environment happy-dom

import { parseWithZod } from "@conform-to/zod/v4";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ContentEditor } from "~/components/admin/content-editor";
import { uploadFile } from "~/components/admin/upload-file";
import type { ContentType } from "~/lib/content-types";
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

let posted: FormData | null = null;

function renderEditor(type: ContentType, values: Record<string, unknown> = {}) {
  posted = null;
  const editor = { type, mode: "create" as const, id: null, values: { ...emptyEditorValues(type), title: "Episode", ...values } };
  function Screen() {
    const actionData = useActionData<EditorActionData>();
    return <ContentEditor editor={editor} actionData={actionData} />;
  }
  const Stub = createRoutesStub([
    {
      path: "/admin/new",
      Component: Screen,
      action: async ({ request }) => {
        posted = await request.formData();
        return { result: parseWithZod(posted, { schema: editorSchema(type, "create"), ...EDITOR_PARSE_OPTIONS }).reply() };
      },
    },
  ]);
  return render(<Stub initialEntries={["/admin/new"]} />);
}

const AUDIO: UploadedMedia = {
  id: "0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e",
  kind: "audio",
  url: "/uploads/audio/0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e.mp3",
  mimeType: "audio/mpeg",
  sizeBytes: 96_779,
  width: null,
  height: null,
  duration: 12,
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function choose(label: string, name: string) {
  const file = new File(["bytes"], name, { type: "audio/mpeg" });
  fireEvent.change(field(label), { target: { files: [file] } });
  return file;
}

describe('the media fields\' upload (PRODUCT.md "Media library")', () => {
  it("is not there before the page's scripts run: the address field works alone", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ContentEditor
            editor={{ type: "podcast", mode: "create", id: null, values: emptyEditorValues("podcast") }}
            actionData={undefined}
          />
        ),
      },
    ]);
    const page = new DOMParser().parseFromString(renderToString(<Stub initialEntries={["/"]} />), "text/html");
    expect(page.querySelector('input[type="file"]')).toBeNull();
    expect(page.querySelector('input[name="audioUrl"]')).not.toBeNull();
  });

  it("offers an upload for audio and image fields, never for a video address", () => {
    renderEditor("interview");
    expect(screen.getAllByRole("button", { name: /^Upload/ }).map((button) => button.textContent)).toEqual([
      "Upload audio",
      "Upload image",
    ]);
    expect(field("Audio file").accept).toContain("audio/mpeg");
    expect(field("Thumbnail file").accept).toContain("image/webp");
    expect(field("Audio file").name).toBe("");
  });

  it("shows the progress, then fills the address and an empty duration, which the save sends", async () => {
    let finish!: (media: UploadedMedia) => void;
    upload.mockImplementation((_file, _kind, options) => {
      options?.onProgress?.(0.42);
      return new Promise((resolve) => (finish = resolve));
    });
    renderEditor("podcast");
    const file = choose("Audio file", "theme.mp3");
    expect(upload).toHaveBeenCalledWith(file, "audio", expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(await screen.findByText("Uploading theme.mp3… 42%")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Uploading theme.mp3" })).toHaveProperty("value", 0.42);
    expect(screen.getByRole("button", { name: "Uploading…" })).toHaveProperty("disabled", true);

    await act(async () => finish(AUDIO));
    expect(screen.getByText("Uploaded theme.mp3 (94.5 KB).").getAttribute("role")).toBe("status");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(field("Audio URL").value).toBe(AUDIO.url);
    expect(field("Duration (seconds)").value).toBe("12");

    fireEvent.click(screen.getByRole("button", { name: "Save Draft" }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted!.get("audioUrl")).toBe(AUDIO.url);
    expect(posted!.get("duration")).toBe("12");
  });

  it("leaves a duration already typed alone", async () => {
    upload.mockResolvedValue(AUDIO);
    renderEditor("podcast", { duration: "1800" });
    choose("Audio file", "theme.mp3");
    await waitFor(() => expect(field("Audio URL").value).toBe(AUDIO.url));
    expect(field("Duration (seconds)").value).toBe("1800");
  });

  it("shows a refusal under the field and keeps the address as it was", async () => {
    upload.mockRejectedValue(new Error("This file is not MP3, M4A/AAC or OGG audio (its type is read from its content, not its name)."));
    renderEditor("podcast", { audioUrl: "/media/audio/capital-call-trailer.mp3" });
    choose("Audio file", "notes.mp3");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This file is not MP3, M4A/AAC or OGG audio (its type is read from its content, not its name).");
    expect(screen.getByRole("button", { name: "Upload audio" }).getAttribute("aria-describedby")).toBe(alert.id);
    expect(field("Audio URL").value).toBe("/media/audio/capital-call-trailer.mp3");
  });
});
