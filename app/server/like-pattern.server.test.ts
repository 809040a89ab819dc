import { describe, expect, it } from "vitest";

import { containsPattern } from "./like-pattern.server";

describe("containsPattern", () => {
  it.each([
    ["oil", "%oil%"],
    ["50%", "%50\\%%"],
    ["a_b", "%a\\_b%"],
    ["C:\\temp", "%C:\\\\temp%"],
    ["%_\\", "%\\%\\_\\\\%"],
    ["5%_\\", "%5\\%\\_\\\\%"],
  ])("%j → %j", (query, pattern) => {
    expect(containsPattern(query)).toBe(pattern);
  });
});
