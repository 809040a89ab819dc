import { describe, expect, it } from "vitest";

import { disclosureText } from "./disclosure";

describe("disclosureText", () => {
  it.each([
    [
      { sponsor: "Acme Ltd", purpose: "Launch", compensation: "A$1" },
      "Paid promotion. Paid for by Acme Ltd. Purpose: Launch. Compensation: A$1.",
    ],
    [
      { sponsor: "Acme Inc.", purpose: "Is it sponsored?", compensation: "Shares!" },
      "Paid promotion. Paid for by Acme Inc. Purpose: Is it sponsored? Compensation: Shares!",
    ],
  ])("writes %j as sentences, never doubling a full stop", (disclosure, expected) => {
    expect(disclosureText(disclosure)).toBe(expected);
  });
});
