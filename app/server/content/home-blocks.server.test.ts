import { describe, expect, it } from "vitest";

import { rowsByBlock } from "./home-blocks.server";

describe("rowsByBlock", () => {
  it("splits union rows into their lists, each in its own order, without the bookkeeping columns", () => {
    const rows = [
      { id: "b2", block: "latest", position: 2 },
      { id: "a1", block: "featured", position: 1 },
      { id: "b1", block: "latest", position: 1 },
      { id: "b3", block: "latest", position: 3 },
    ] as const;
    const blocks = rowsByBlock([...rows]);
    expect(blocks.get("featured")).toEqual([{ id: "a1" }]);
    expect(blocks.get("latest")).toEqual([{ id: "b1" }, { id: "b2" }, { id: "b3" }]);
  });

  it("has no entry for a list without rows", () => {
    expect(rowsByBlock<"featured", { id: string; block: "featured"; position: number }>([]).get("featured")).toBeUndefined();
  });
});
