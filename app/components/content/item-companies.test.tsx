import "../../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderRoute } from "../../../tests/support/render";
import { InvestmentNotice, ItemCompanies, ItemUpdates, PaidPromotion } from "./item-companies";

const IRONBARK = {
  id: "0b6f3c1e-8a57-4d0c-9a43-2f6f1c1d0a01",
  name: "Ironbark Gold",
  slug: "ironbark-gold",
  ticker: "IBG",
  exchange: "ASX",
};
const HELIOS = {
  id: "0b6f3c1e-8a57-4d0c-9a43-2f6f1c1d0a02",
  name: "Helios Semiconductor",
  slug: "helios-semiconductor",
  ticker: "HLIO",
  exchange: "NASDAQ",
};

describe('ItemCompanies (PRODUCT.md "Paid promotion")', () => {
  it("links each company to its page, named with the company and its ticker, in the order given", () => {
    renderRoute(() => <ItemCompanies companies={[HELIOS, IRONBARK]} />);
    const list = screen.getByRole("list", { name: "Companies" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Helios Semiconductor NASDAQ:HLIO", "/companies/helios-semiconductor"],
      ["Ironbark Gold ASX:IBG", "/companies/ironbark-gold"],
    ]);
    expect(within(list).getByRole("link", { name: "Ironbark Gold ASX:IBG" })).toBeTruthy();
  });

  it('puts a Follow button for each company beside its link (PRODUCT.md "Following and alerts")', () => {
    renderRoute(() => <ItemCompanies companies={[HELIOS, IRONBARK]} />);
    const items = within(screen.getByRole("list", { name: "Companies" })).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("button").textContent)).toEqual([
      "Follow Helios Semiconductor",
      "Follow Ironbark Gold",
    ]);
    for (const [item, company] of [
      [items[0], HELIOS],
      [items[1], IRONBARK],
    ] as const) {
      const form = item.querySelector("form")!;
      expect(form.getAttribute("action")).toBe("/resources/follows");
      expect((form.querySelector('input[name="companyId"]') as HTMLInputElement).value).toBe(company.id);
    }
  });

  it("shows nothing for an item naming no company", () => {
    const { container } = renderRoute(() => <ItemCompanies companies={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("PaidPromotion", () => {
  it("shows the statement, the editor's addition (as text, never markup) and the agreement's date under 'Paid promotion'", () => {
    renderRoute(() => (
      <PaidPromotion
        disclosure={{
          sponsor: "Ironbark Gold Ltd (ASX:IBG)",
          statement: "MarketWire received A$5,000 in cash from Ironbark Gold Ltd (ASX:IBG) for this interview.",
          note: "Covers <b>travel</b> & more.",
          agreed: "3 November 2026",
        }}
      />
    ));
    const region = screen.getByRole("region", { name: "Paid promotion" });
    expect(within(region).getByRole("heading", { level: 2, name: "Paid promotion" })).toBeTruthy();
    expect([...region.querySelectorAll("p")].map((line) => line.textContent)).toEqual([
      "MarketWire received A$5,000 in cash from Ironbark Gold Ltd (ASX:IBG) for this interview.",
      "Covers <b>travel</b> & more.",
      "Agreement dated 3 November 2026.",
    ]);
    expect(region.querySelector("b")).toBeNull();
  });

  it("shows nothing without a disclosure", () => {
    const { container } = renderRoute(() => <PaidPromotion disclosure={null} />);
    expect(container.innerHTML).toBe("");
  });
});

describe('ItemUpdates (PRODUCT.md "Revisions")', () => {
  it("says when the text was updated and lists each correction with its date, as text", () => {
    renderRoute(() => (
      <ItemUpdates
        updated="2026-11-28T10:00:00.000Z"
        corrections={[{ at: "2026-11-27T09:00:00.000Z", note: "An earlier version said <b>12%</b>." }]}
      />
    ));
    const updates = screen.getByRole("region", { name: "Updates" });
    expect([...updates.querySelectorAll("p")].map((line) => line.textContent)).toEqual([
      "Updated November 28, 2026.",
      "Correction, November 27, 2026: An earlier version said <b>12%</b>.",
    ]);
    expect(updates.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-28T10:00:00.000Z");
  });

  it("shows nothing for a piece never changed since it was published", () => {
    const { container } = renderRoute(() => <ItemUpdates updated={null} corrections={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("InvestmentNotice", () => {
  it("is a note with the notice's text, or nothing", () => {
    renderRoute(() => <InvestmentNotice text="General information only." />);
    expect(screen.getByRole("note", { name: "Investment notice" }).textContent).toBe("General information only.");
    const { container } = renderRoute(() => <InvestmentNotice text={null} />);
    expect(container.innerHTML).toBe("");
  });
});
