import { describe, expect, it } from "vitest";

import { addTag } from "./tags";

describe("editor tags", () => {
  it.each([
    [["markets"], "  stocks ", ["markets", "stocks"]],
    [["markets"], "   ", ["markets"]],
    [["markets"], "markets", ["markets"]],
    [["markets"], " markets ", ["markets"]],
    [[], "Crypto", ["Crypto"]],
  ])("addTag(%j, %j) → %j", (tags, raw, expected) => {
    expect(addTag(tags, raw)).toEqual(expected);
  });
});
