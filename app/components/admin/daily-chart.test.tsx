import "../../../tests/support/dom";

import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { DailyChart, dailySummary, formatDay } from "./daily-chart";

afterEach(cleanup);

const days = (values: number[], key: "views" | "listens") =>
  values.map((value, i) => ({ day: `2026-01-${String(i + 1).padStart(2, "0")}`, [key]: value }));

describe("dailySummary", () => {
  it.each([
    [
      "two series, thousands separated",
      [
        { day: "2026-01-01", views: 1234, listens: 56 },
        { day: "2026-01-02", views: 0, listens: 0 },
      ],
      ["views", "listens"],
      "1,234 views and 56 listens in the last 2 days",
    ],
    ["one view", days([0, 1, 0], "views"), ["views"], "1 view in the last 3 days"],
    ["no listens", days([0, 0], "listens"), ["listens"], "0 listens in the last 2 days"],
    ["one day", days([2], "views"), ["views"], "2 views today"],
  ] as const)("%s", (_name, figures, series, expected) => {
    expect(dailySummary(figures, series)).toBe(expected);
  });
});

describe("formatDay", () => {
  it("reads the day as a UTC date, whatever the zone", () => {
    expect(formatDay("2026-03-01")).toBe("Mar 1, 2026");
    expect(formatDay("2026-12-31")).toBe("Dec 31, 2026");
  });
});

describe("DailyChart", () => {
  it("gives every day's figure in a table named after the chart, newest first", () => {
    render(<DailyChart figures={days([4, 0, 7], "listens")} series={["listens"]} label="Listens of this podcast" />);
    const table = screen.getByRole("table", { name: "Listens of this podcast" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual(["DayListens", "Jan 3, 20267", "Jan 2, 20260", "Jan 1, 20264"]);
    expect(screen.getByText("11 listens in the last 3 days")).toBeTruthy();
  });
});
