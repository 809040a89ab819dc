// @vitest-environment happy-dom
// The browser's own FormData: Conform reads the form element into one, which Node's cannot.
import { parseWithZod } from "@conform-to/zod/v4";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { ContentEditor, type EditorData } from "~/components/admin/content-editor";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { emptyEditorValues, type EditorMode } from "~/lib/editor-values";
import { utcInputValue } from "~/lib/publish-time";
import type { EditorActionData } from "~/server/content/admin-content-handlers.server";

import { PublishAtField } from "./publish-at-field";

// The browser's time zone in these tests: 5 h 30 ahead of UTC, so a time read in the wrong zone shows.
const ZONE = process.env.TZ;
beforeEach(() => {
  process.env.TZ = "Asia/Kolkata";
});
afterEach(() => {
  cleanup();
  if (ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = ZONE;
});

const META = { id: "publish-at", name: "publishAt", errors: undefined, defaultValue: undefined };

/** What the last save posted, and what the form's schema made of it. */
let posted: FormData | null = null;

/** A blog post's editor, rendered and hydrated as in the browser, whose saves the stub's action parses like the server. */
function renderEditor(mode: EditorMode, publishAt?: string) {
  posted = null;
  const editor: EditorData = {
    type: "blog",
    mode,
    id: mode === "edit" ? "00000000-0000-4000-8000-000000000001" : null,
    values: { ...emptyEditorValues("blog"), title: "Rates", status: "published", ...(publishAt ? { publishAt } : {}) },
  };
  function Screen() {
    const actionData = useActionData<EditorActionData>();
    return <ContentEditor editor={editor} actionData={actionData} />;
  }
  const Stub = createRoutesStub([
    {
      path: "/admin/blogs/edit",
      Component: Screen,
      action: async ({ request }) => {
        posted = await request.formData();
        const submission = parseWithZod(posted, { schema: editorSchema("blog", mode), ...EDITOR_PARSE_OPTIONS });
        return { result: submission.reply() };
      },
    },
  ]);
  return render(<Stub initialEntries={["/admin/blogs/edit"]} />);
}

const control = () => screen.getByLabelText<HTMLInputElement>("Publish at");
const hiddenField = () => document.querySelector<HTMLInputElement>('input[type="hidden"][name="publishAt"]')!;
const save = (mode: EditorMode) =>
  fireEvent.click(screen.getByRole("button", { name: mode === "create" ? "Publish" : "Update Blog Post" }));

describe('PublishAtField before the scripts run (PRODUCT.md "Scheduled publishing")', () => {
  it("is a labelled datetime-local control posting UTC, with the stored time in UTC and a hint that says so", () => {
    const html = renderToString(<PublishAtField meta={META} initial="2030-06-01T09:30" revalidate={() => {}} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    const input = page.querySelector<HTMLInputElement>('input[name="publishAt"]')!;
    expect([input.type, input.value]).toEqual(["datetime-local", "2030-06-01T09:30"]);
    expect(page.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Publish at");
    const hint = page.getElementById(input.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toMatch(/^For a published item\. Empty: now.*Times are in UTC\.$/);
  });
});

describe("PublishAtField once the scripts run", () => {
  it("shows the stored time in the browser's zone and posts it back unchanged as the same instant", async () => {
    renderEditor("edit", "2030-06-01T09:30");
    expect(control().value).toBe("2030-06-01T15:00");
    expect(control().name).toBe("");
    // ICU may name the zone Asia/Calcutta, as some browsers do.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    const hint = document.getElementById(control().getAttribute("aria-describedby")!)!;
    expect(hint.textContent?.endsWith(`Times are in your time zone (${zone}).`)).toBe(true);
    save("edit");
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted!.getAll("publishAt")).toEqual(["2030-06-01T09:30:00.000Z"]);
  });

  it("posts the local time typed as the instant in UTC, which the schema reads", async () => {
    renderEditor("create");
    expect([control().value, hiddenField().value]).toEqual(["", ""]);
    fireEvent.change(control(), { target: { value: "2030-06-02T10:00" } });
    expect(hiddenField().value).toBe("2030-06-02T04:30:00.000Z");
    save("create");
    await waitFor(() => expect(posted).not.toBeNull());
    const submission = parseWithZod(posted!, { schema: editorSchema("blog", "create"), ...EDITOR_PARSE_OPTIONS });
    expect(submission.status === "success" ? submission.value.publishAt : null).toEqual(new Date("2030-06-02T04:30:00.000Z"));
  });

  it("posts nothing when the control is cleared (publish now)", () => {
    renderEditor("edit", "2030-06-01T09:30");
    fireEvent.change(control(), { target: { value: "" } });
    expect(hiddenField().value).toBe("");
  });

  it("checks the time when the control is left, with the schema's message beside it", async () => {
    renderEditor("create");
    const tooLate = new Date(Date.now() + 6 * 366 * 24 * 3600 * 1000);
    // The control's value in the browser's zone: a UTC value shifted by the zone's 5 h 30.
    const local = utcInputValue(new Date(tooLate.getTime() + 5.5 * 3600 * 1000));
    fireEvent.change(control(), { target: { value: local } });
    fireEvent.blur(control());
    const message = await screen.findByText("Choose a time at most 5 years ahead");
    expect(control().getAttribute("aria-invalid")).toBe("true");
    expect(control().getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    fireEvent.change(control(), { target: { value: "2030-06-02T10:00" } });
    await waitFor(() => expect(screen.queryByText("Choose a time at most 5 years ahead")).toBeNull());
  });
});
