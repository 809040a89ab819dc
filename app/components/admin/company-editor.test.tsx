// @vitest-environment happy-dom
// The browser's own FormData: Conform reads the form element into one, which Node's cannot.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, data, useActionData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { COMPANY_TEXTS, emptyCompanyValues, type CompanyValues } from "~/lib/companies";
import type { CompanyEditorActionData } from "~/server/companies/company-handlers.server";

import { CompanyEditor } from "./company-editor";

afterEach(cleanup);

const RIO: CompanyValues = {
  ...emptyCompanyValues(),
  name: "Rio Tinto",
  slug: "rio-tinto",
  ticker: "RIO",
  exchange: "ASX",
  sector: "mining",
  isClient: true,
};

/** The edit screen of `values`, whose save is refused the way the server refuses a taken ticker. */
function renderEditor(values: CompanyValues, canSetClient = true) {
  let posted: Record<string, FormDataEntryValue> = {};
  function Screen() {
    const actionData = useActionData<CompanyEditorActionData>();
    return (
      <CompanyEditor editor={{ mode: "edit", id: "00000000-0000-4000-8000-000000000001", values, canSetClient }} actionData={actionData} />
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/admin/companies/edit",
      Component: Screen,
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        posted = form;
        return data(
          {
            result: {
              status: "error" as const,
              initialValue: form as Record<string, string>,
              error: { ticker: [COMPANY_TEXTS.tickerTaken] },
            },
          },
          { status: 400 },
        );
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/companies/edit"]} />);
  return { posted: () => posted };
}

describe("CompanyEditor", () => {
  it("opens with the company's values: text, the chosen exchange and sector, the client box ticked", async () => {
    renderEditor(RIO);
    expect(await screen.findByRole("heading", { level: 1, name: "Edit Company" })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Rio Tinto");
    expect((screen.getByLabelText(/^Exchange/) as HTMLSelectElement).value).toBe("ASX");
    expect((screen.getByLabelText("Sector") as HTMLSelectElement).value).toBe("mining");
    expect((screen.getByLabelText("This company is a client") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("link", { name: "Back to Companies" }).getAttribute("href")).toBe("/admin/companies");
  });

  it("a taken ticker comes back beside the ticker field, with what was typed", async () => {
    renderEditor(RIO);
    const ticker = (await screen.findByLabelText(/^Ticker/)) as HTMLInputElement;
    fireEvent.input(ticker, { target: { value: "bhp" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Company" }));
    await waitFor(() => expect(screen.getByText(COMPANY_TEXTS.tickerTaken)).toBeTruthy());
    expect(ticker.getAttribute("aria-invalid")).toBe("true");
    expect(((await screen.findByLabelText(/^Ticker/)) as HTMLInputElement).value).toBe("bhp");
    expect((screen.getByLabelText("This company is a client") as HTMLInputElement).checked).toBe(true);
  });

  it('an editor sees the client flag but cannot change it, and the form sends it as it is (PRODUCT.md "Review")', async () => {
    const { posted } = renderEditor(RIO, false);
    const box = (await screen.findByLabelText("This company is a client")) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(box.getAttribute("aria-describedby")).toContain(`${box.id}-hint`);
    expect(screen.getByText(COMPANY_TEXTS.clientHelp)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Update Company" }));
    await waitFor(() => expect(posted().isClient).toBe("on"));
  });

  it("checks a field when it is left, with the server's rules", async () => {
    renderEditor(RIO);
    const website = (await screen.findByLabelText("Website")) as HTMLInputElement;
    fireEvent.input(website, { target: { value: "javascript:alert(1)" } });
    fireEvent.blur(website);
    await waitFor(() => expect(screen.getByText("Enter a valid URL starting with http:// or https://")).toBeTruthy());
  });
});
