// @vitest-environment happy-dom
// The browser's own FormData and fetch stand-ins: the picker reads the endpoint with fetch.
import { parseWithZod } from "@conform-to/zod/v4";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ContentEditor } from "~/components/admin/content-editor";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { emptyEditorValues } from "~/lib/editor-values";
import type { EditorActionData } from "~/server/content/admin-content-handlers.server";
import type { ItemCompanyRow } from "~/server/content/item-companies.server";

import { CompanyPicker } from "./company-picker";

const company = (n: number, name: string, ticker: string, exchange = "ASX"): ItemCompanyRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  ticker,
  exchange,
  isClient: false,
});

const IRONBARK = company(1, "Ironbark Gold", "IBG");
const IRONSTONE = company(2, "Ironstone Minerals", "ISM");
const HELIOS = company(3, "Helios Semiconductor", "HLIO", "NASDAQ");

const fetchMock = vi.fn<typeof fetch>();

/** The endpoint answers every query with `companies`. */
function answer(companies: ItemCompanyRow[]) {
  fetchMock.mockImplementation(async () => Response.json({ companies }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The picker in a form, holding its chosen companies as the editor does. */
function renderPicker(initial: ItemCompanyRow[] = []) {
  function Harness() {
    const [chosen, setChosen] = useState(initial);
    return (
      <form aria-label="editor">
        <CompanyPicker chosen={chosen} onChange={setChosen} />
      </form>
    );
  }
  return render(<Harness />);
}

const combobox = () => screen.getByRole("combobox", { name: "Companies" }) as HTMLInputElement;
const chosenIds = () => [...document.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="companyIds"]')].map((i) => i.value);

/** Types `text` and waits for the listbox of matches. */
async function typeAndWait(text: string) {
  fireEvent.change(combobox(), { target: { value: text } });
  await waitFor(() => expect(combobox().getAttribute("aria-expanded")).toBe("true"));
  return screen.getByRole("listbox", { name: "Matching companies" });
}

describe('the company picker (PRODUCT.md "Companies")', () => {
  it("searches after a pause, once, lists the matches and says how many", async () => {
    answer([IRONBARK, IRONSTONE]);
    renderPicker();
    fireEvent.change(combobox(), { target: { value: "i" } });
    fireEvent.change(combobox(), { target: { value: "ir" } });
    const listbox = await typeAndWait("iro");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/admin/companies/search?q=iro");
    expect([...listbox.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
      "Ironbark GoldASX:IBG",
      "Ironstone MineralsASX:ISM",
    ]);
    expect(combobox().getAttribute("aria-controls")).toBe(listbox.id);
    expect(screen.getByRole("status").textContent).toBe("2 companies found");
  });

  it("arrow keys move the active option and Enter chooses it as a chip with a hidden input", async () => {
    answer([IRONBARK, IRONSTONE]);
    renderPicker();
    await typeAndWait("iro");
    const active = () => document.getElementById(combobox().getAttribute("aria-activedescendant") ?? "")?.textContent;
    expect(active()).toBe("Ironbark GoldASX:IBG");
    fireEvent.keyDown(combobox(), { key: "ArrowDown" });
    expect(active()).toBe("Ironstone MineralsASX:ISM");
    fireEvent.keyDown(combobox(), { key: "ArrowDown" });
    expect(active()).toBe("Ironbark GoldASX:IBG");
    fireEvent.keyDown(combobox(), { key: "ArrowUp" });
    const enter = fireEvent.keyDown(combobox(), { key: "Enter" });
    // Enter chose; it did not submit the form.
    expect(enter).toBe(false);
    expect(chosenIds()).toEqual([IRONSTONE.id]);
    expect(screen.getByRole("button", { name: "Remove Ironstone Minerals" })).toBeTruthy();
    expect(combobox().value).toBe("");
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("status").textContent).toBe("Ironstone Minerals added");
  });

  it("a click chooses too, and a chosen company is not offered again", async () => {
    answer([IRONBARK, IRONSTONE]);
    renderPicker([IRONBARK]);
    const listbox = await typeAndWait("iro");
    expect([...listbox.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(["Ironstone MineralsASX:ISM"]);
    fireEvent.click(screen.getByRole("option", { name: /Ironstone Minerals/ }));
    expect(chosenIds()).toEqual([IRONBARK.id, IRONSTONE.id]);
  });

  it("Escape closes the list, and a second Escape empties the box", async () => {
    answer([HELIOS]);
    renderPicker();
    await typeAndWait("hlio");
    fireEvent.keyDown(combobox(), { key: "Escape" });
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
    expect(combobox().value).toBe("hlio");
    fireEvent.keyDown(combobox(), { key: "Enter" });
    expect(chosenIds()).toEqual([]);
    fireEvent.keyDown(combobox(), { key: "Escape" });
    expect(combobox().value).toBe("");
  });

  it("a chip's button removes the company and its hidden input", () => {
    renderPicker([IRONBARK, HELIOS]);
    expect(chosenIds()).toEqual([IRONBARK.id, HELIOS.id]);
    fireEvent.click(screen.getByRole("button", { name: "Remove Ironbark Gold" }));
    expect(chosenIds()).toEqual([HELIOS.id]);
    expect(screen.queryByRole("button", { name: "Remove Ironbark Gold" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Ironbark Gold removed");
  });

  it("no match, or a failed search, is said under the box", async () => {
    answer([]);
    renderPicker();
    fireEvent.change(combobox(), { target: { value: "zzz" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No companies found"));
    fetchMock.mockImplementation(async () => Response.json({ error: "Failed to fetch companies" }, { status: 503 }));
    fireEvent.change(combobox(), { target: { value: "zzzz" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Failed to fetch companies"));
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
  });

  it("before the scripts run, the chosen companies are ticked checkboxes and adding says it needs JavaScript", () => {
    const html = renderToString(<CompanyPicker chosen={[IRONBARK]} onChange={() => {}} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(page.querySelector('[role="combobox"]')).toBeNull();
    const box = page.querySelector<HTMLInputElement>('input[type="checkbox"][name="companyIds"]');
    expect([box?.value, box?.hasAttribute("checked")]).toEqual([IRONBARK.id, true]);
    expect(page.querySelector(`label[for="${box?.id}"]`)?.textContent).toBe("Ironbark Gold ASX:IBG");
    expect(page.body.textContent).toContain("Adding companies needs JavaScript.");
  });
});

describe("the picker in the editor", () => {
  it("a refused save shows the chosen companies again, by name, with the message beside them", async () => {
    answer([IRONBARK]);
    function Screen() {
      const actionData = useActionData<EditorActionData>();
      return (
        <ContentEditor
          editor={{ type: "video", mode: "create", id: null, values: { ...emptyEditorValues("video"), title: "Tagged" } }}
          actionData={actionData}
        />
      );
    }
    const Stub = createRoutesStub([
      {
        path: "/admin/videos/new",
        Component: Screen,
        action: async ({ request }) => {
          const form = await request.formData();
          const submission = parseWithZod(form, { schema: editorSchema("video", "create"), ...EDITOR_PARSE_OPTIONS });
          // The server's answer when the company was deleted meanwhile.
          return {
            result: submission.reply({ fieldErrors: { companyIds: ["A chosen company no longer exists; remove it and save again"] } }),
            companies: [IRONBARK],
          } satisfies EditorActionData;
        },
      },
    ]);
    render(<Stub initialEntries={["/admin/videos/new"]} />);
    await typeAndWait("ibg");
    fireEvent.keyDown(combobox(), { key: "Enter" });
    fireEvent.click(screen.getByRole("button", { name: "Save Draft" }));
    await waitFor(() => expect(screen.getByText("A chosen company no longer exists; remove it and save again")).toBeTruthy());
    expect(combobox().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Remove Ironbark Gold" })).toBeTruthy();
    expect(chosenIds()).toEqual([IRONBARK.id]);
  });

  it("without scripts, a refused save shows the submitted companies from the reply as ticked checkboxes", () => {
    const actionData: EditorActionData = {
      result: { status: "error", initialValue: { title: "", companyIds: IRONBARK.id }, error: { title: ["Title is required"] } },
      companies: [IRONBARK],
    };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ContentEditor editor={{ type: "blog", mode: "create", id: null, values: emptyEditorValues("blog") }} actionData={actionData} />
        ),
      },
    ]);
    const page = new DOMParser().parseFromString(renderToString(<Stub initialEntries={["/"]} />), "text/html");
    const box = page.querySelector<HTMLInputElement>('input[type="checkbox"][name="companyIds"]');
    expect([box?.value, box?.hasAttribute("checked")]).toEqual([IRONBARK.id, true]);
    expect(page.querySelector(`label[for="${box?.id}"]`)?.textContent).toBe("Ironbark Gold ASX:IBG");
  });

  it("paid and published without the disclosure: each field's message shows in the box", async () => {
    const Stub = createRoutesStub([
      {
        path: "/admin/interviews/new",
        Component: () => (
          <ContentEditor
            editor={{
              type: "interview",
              mode: "create",
              id: null,
              values: { ...emptyEditorValues("interview"), title: "Paid", status: "published" },
            }}
            actionData={undefined}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/interviews/new"]} />);
    const payer = (await screen.findByLabelText("Paid for by", { selector: "select" })) as HTMLSelectElement;
    // Hidden until the item is marked paid.
    expect(payer.closest("[hidden]")).not.toBeNull();
    fireEvent.click(screen.getByLabelText("Paid promotion"));
    expect(payer.closest("[hidden]")).toBeNull();
    // The amount and currency appear once cash is chosen; the other party's name once 'Another party' is.
    expect(screen.queryByLabelText("Amount")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(screen.getByText("Choose who paid for this promotion")).toBeTruthy());
    expect(screen.getByText("Choose what was paid")).toBeTruthy();
    expect(screen.getByText("Enter the date of the agreement")).toBeTruthy();
    expect(payer.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(payer, { target: { value: "other" } });
    fireEvent.change(screen.getByLabelText("Name of the other party"), { target: { value: "Halcyon IR" } });
    fireEvent.change(screen.getByLabelText("Paid in"), { target: { value: "cash" } });
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "7,500" } });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "AUD" } });
    // PRODUCT.md "Paid promotion": the sentence readers will see, as it is typed.
    expect(screen.getByText("MarketWire received A$7,500 in cash from Halcyon IR for this interview.")).toBeTruthy();
  });
});
