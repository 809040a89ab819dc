import { describe, expect, it } from "vitest";

import { isUuid } from "./ids";

describe("isUuid", () => {
  it.each([
    ["3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c", true],
    ["3F2B8C1E-9A4D-4E7B-8C2A-1D5E6F7A8B9C", true],
    ["3f2b8c1e9a4d4e7b8c2a1d5e6f7a8b9c", false],
    ["3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9", false],
    ["' or 1=1 --", false],
    ["", false],
    [null, false],
  ])("%s → %s", (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
