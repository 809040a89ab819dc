import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { COMPANY_PARSE_OPTIONS, companySchema, slugFromName, type CompanyInput } from "./companies";

const VALID = { name: "Rio Tinto", ticker: "rio", exchange: "ASX" };

/** The form as Conform parses it on the server: every value text. */
function parse(form: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) data.append(name, value);
  return parseWithZod(data, { schema: companySchema, ...COMPANY_PARSE_OPTIONS });
}

function valueOf(form: Record<string, string>): CompanyInput {
  const submission = parse(form);
  if (submission.status !== "success") throw new Error(`expected success, got ${JSON.stringify(submission.error)}`);
  return submission.value;
}

function errorsOf(form: Record<string, string>): Record<string, string[] | null> {
  const submission = parse(form);
  if (submission.status === "success") throw new Error("expected the form to be refused");
  return submission.error ?? {};
}

describe("slugFromName", () => {
  it.each([
    ["Rio Tinto", "rio-tinto"],
    ["  BHP Group Ltd. ", "bhp-group-ltd"],
    ["Société Générale", "societe-generale"],
    ["A -- B", "a-b"],
    ["3M", "3m"],
    ["日本", ""],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe("companySchema", () => {
  it("a minimal form saves with the slug made from the name, the ticker upper-cased and the rest empty", () => {
    expect(valueOf(VALID)).toEqual({
      name: "Rio Tinto",
      slug: "rio-tinto",
      ticker: "RIO",
      exchange: "ASX",
      sector: null,
      website: null,
      logoUrl: null,
      description: null,
      isClient: false,
    });
  });

  it("keeps a given slug and reads the checkbox", () => {
    expect(valueOf({ ...VALID, slug: "rio", isClient: "on", sector: "mining" })).toMatchObject({
      slug: "rio",
      isClient: true,
      sector: "mining",
    });
  });

  it.each([
    ["bhp", "BHP"],
    [" brk.b ", "BRK.B"],
    ["rds-a", "RDS-A"],
    ["7203", "7203"],
  ])("ticker %j is saved as %j", (ticker, saved) => {
    expect(valueOf({ ...VALID, ticker }).ticker).toBe(saved);
  });

  it.each([
    ["", "Ticker is required"],
    ["BH P", 'A ticker is letters, digits, "." and "-"'],
    ["BHP/L", 'A ticker is letters, digits, "." and "-"'],
    ["ÅB", 'A ticker is letters, digits, "." and "-"'],
    ["ABCDEFGHIJKLM", "Ticker must be at most 12 characters"],
  ])("ticker %j is refused: %s", (ticker, message) => {
    expect(errorsOf({ ...VALID, ticker }).ticker).toEqual([message]);
  });

  it.each([
    ["Rio--Tinto", "A slug is lower-case letters, digits and single hyphens"],
    ["Rio-Tinto", "A slug is lower-case letters, digits and single hyphens"],
    ["-rio", "A slug is lower-case letters, digits and single hyphens"],
    ["rio_tinto", "A slug is lower-case letters, digits and single hyphens"],
  ])("slug %j is refused", (slug, message) => {
    expect(errorsOf({ ...VALID, slug }).slug).toEqual([message]);
  });

  it("a name without a–z or 0–9 needs a slug", () => {
    expect(errorsOf({ ...VALID, name: "日本" }).slug).toEqual(["Enter a slug: the name has no letters or digits to make one from"]);
    expect(valueOf({ ...VALID, name: "日本", slug: "nihon" }).slug).toBe("nihon");
  });

  it("refuses an empty or long name, an unknown exchange or sector and a long description", () => {
    expect(errorsOf({ ticker: "X", exchange: "MOON", sector: "gossip", description: "x".repeat(501) })).toEqual({
      name: ["Name is required"],
      exchange: ["Choose an exchange from the list"],
      sector: ["Choose a sector from the list"],
      description: ["Description must be at most 500 characters"],
    });
    expect(errorsOf({ ...VALID, name: "x".repeat(201) }).name).toEqual(["Name must be at most 200 characters"]);
    expect(errorsOf({ ...VALID, exchange: "" }).exchange).toEqual(["Exchange is required"]);
  });

  it("reads the exchange in any case", () => {
    expect(valueOf({ ...VALID, exchange: "nasdaq" }).exchange).toBe("NASDAQ");
  });

  it.each([
    ["website", "https://www.riotinto.com", true],
    ["website", "http://example.com/about", true],
    ["website", "javascript:alert(1)", false],
    ["website", "www.example.com", false],
    ["website", "/uploads/logo.png", false],
    ["logoUrl", "https://cdn.example.com/logo.png", true],
    ["logoUrl", "/uploads/2026/logo.png", true],
    ["logoUrl", "/media/logos/rio.svg", true],
    ["logoUrl", "//evil.example.com/logo.png", false],
    ["logoUrl", "/uploads/../secret", false],
    ["logoUrl", "data:image/png;base64,AAAA", false],
  ])("%s %j accepted: %s", (field, url, accepted) => {
    const submission = parse({ ...VALID, [field]: url });
    if (accepted) expect(submission.status === "success" ? submission.value[field as "website"] : submission.error).toBe(url);
    else
      expect(submission.status === "success" ? null : submission.error?.[field]).toEqual([
        "Enter a valid URL starting with http:// or https://",
      ]);
  });

  it.each(["name", "description", "website", "slug", "ticker"])("a NUL byte in %s is refused, never saved", (field) => {
    const form = { ...VALID, [field]: `${field === "website" ? "https://a.example/" : "ab"}\u0000c` };
    expect(parse(form).status).not.toBe("success");
  });

  it("a NUL byte in the name says so", () => {
    expect(errorsOf({ ...VALID, name: "Rio\u0000" }).name).toEqual(["Name contains a control character; remove it"]);
  });
});
