import { describe, expect, it } from "vitest";

import { disclosureText } from "./disclosure";

describe("disclosureText", () => {
  const statement = "MarketWire received A$7,500 in cash from Acme Ltd (ASX:ACM) for this interview.";

  it.each([
    [{ sponsor: "Acme Ltd (ASX:ACM)", statement, note: null, agreed: null }, `Paid promotion. ${statement}`],
    [
      { sponsor: "Acme Ltd (ASX:ACM)", statement, note: "Covers the site visit", agreed: "3 November 2026" },
      `Paid promotion. ${statement} Covers the site visit.`,
    ],
    [{ sponsor: "Acme Ltd (ASX:ACM)", statement, note: "Is it sponsored?", agreed: null }, `Paid promotion. ${statement} Is it sponsored?`],
  ])("writes %j as sentences, never doubling a full stop", (disclosure, expected) => {
    expect(disclosureText(disclosure)).toBe(expected);
  });
});
