import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { COMPANY_TEXTS, MAX_COMPANIES_PER_ITEM } from "~/lib/companies";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import { utcInputValue } from "~/lib/publish-time";
import { z } from "~/lib/zod";

import { UNPAID_WITHOUT_COMPANIES } from "../../tests/support/editor";
import { LIMITS } from "./editor-fields";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "./editor-schema";
import { type EditorMode } from "./editor-values";

/** The editor form's values as Conform's parse gives them: text, and `tags` as one text or a list. */
type FormValues = Record<string, string | string[]>;

/** Every field of the type as an empty form sends it, with a title, and the test's own values. */
function values(type: ContentType, overrides: FormValues = {}): FormValues {
  const form: FormValues = { title: "", description: "", content: "", status: "draft", tags: [], featured: "false" };
  for (const field of CONTENT_REGISTRY[type].fields) form[field] = "";
  return { ...form, title: "A title", ...overrides };
}

function errorsFor(type: ContentType, overrides: FormValues, mode: EditorMode = "create") {
  const result = editorSchema(type, mode).safeParse(values(type, overrides));
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

function parsed(type: ContentType, overrides: FormValues, mode: EditorMode = "create") {
  const result = editorSchema(type, mode).safeParse(values(type, overrides));
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(z.flattenError(result.error).fieldErrors)}`);
  return result.data;
}

/** A posted form read the way the server reads it (Conform's parseWithZod with the editor's options). */
function submit(type: ContentType, mode: EditorMode, entries: [string, string | Blob][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return parseWithZod(form, { schema: editorSchema(type, mode), ...EDITOR_PARSE_OPTIONS });
}

describe("editor title", () => {
  it.each(CONTENT_TYPES)("%s: empty title is required", (type) => {
    expect(errorsFor(type, { title: "" }).title).toEqual(["Title is required"]);
  });
  it("a title of spaces only is empty", () => {
    expect(errorsFor("video", { title: "   " }).title).toEqual(["Title is required"]);
  });
  it("a 10,000-character title gets a field message", () => {
    expect(errorsFor("blog", { title: "x".repeat(10_000) }).title).toEqual(["Title must be at most 300 characters"]);
  });
  it("title is trimmed", () => {
    expect(parsed("video", { title: "  Markets  " }).title).toBe("Markets");
  });
});

describe("editor numbers", () => {
  it.each([
    ["", null],
    ["0", 0],
    ["125", 125],
    [" 90 ", 90],
    ["604800", 604_800],
    ["1e3", 1000],
  ])("duration %j is saved as %j", (input, expected) => {
    expect(parsed("video", { duration: input }).duration).toBe(expected);
  });

  it.each([
    ["-1", "Duration must be 0 or more"],
    ["1.5", "Duration must be a whole number of seconds"],
    ["abc", "Duration must be a number"],
    ["0x10", "Duration must be a number"],
    ["Infinity", "Duration must be a number"],
    ["604801", "Duration must be at most 604,800 seconds"],
    ["99999999999999999999", "Duration must be at most 604,800 seconds"],
  ])("duration %j: %s", (input, message) => {
    expect(errorsFor("podcast", { duration: input }).duration).toEqual([message]);
  });

  it.each([
    ["", null],
    ["1", 1],
    ["12", 12],
  ])("read time %j is saved as %j", (input, expected) => {
    expect(parsed("blog", { readTime: input }).readTime).toBe(expected);
  });

  it.each([
    ["0", "Read time must be at least 1 minute"],
    ["-3", "Read time must be at least 1 minute"],
    ["2.5", "Read time must be a whole number of minutes"],
    ["601", "Read time must be at most 600 minutes"],
  ])("read time %j: %s", (input, message) => {
    expect(errorsFor("special_feature", { readTime: input }).readTime).toEqual([message]);
  });
});

describe("editor URLs", () => {
  it.each([
    ["video", "thumbnailUrl"],
    ["video", "videoUrl"],
    ["podcast", "audioUrl"],
    ["blog", "featuredImageUrl"],
    ["interview", "thumbnailUrl"],
    ["special_feature", "featuredImageUrl"],
  ] as const)("%s %s accepts the site's own media path", (type, field) => {
    expect(parsed(type, { [field]: "/media/blog-gold.svg" })[field]).toBe("/media/blog-gold.svg");
  });

  it.each(["videoUrl", "thumbnailUrl"] as const)("videos %s rejects a bad URL", (field) => {
    expect(errorsFor("video", { [field]: "javascript:alert(1)" })[field]).toEqual(["Enter a valid URL starting with http:// or https://"]);
  });

  it("podcast audioUrl and blog featuredImageUrl are validated", () => {
    expect(errorsFor("podcast", { audioUrl: "nope" }).audioUrl).toHaveLength(1);
    expect(errorsFor("blog", { featuredImageUrl: "nope" }).featuredImageUrl).toHaveLength(1);
  });

  it("an over-long URL gets a message", () => {
    expect(errorsFor("interview", { videoUrl: `https://example.com/${"a".repeat(2100)}` }).videoUrl).toEqual([
      "Video URL must be at most 2048 characters",
    ]);
  });

  it("empty URL is saved as null and a good one trimmed", () => {
    const data = parsed("video", { videoUrl: "", thumbnailUrl: " https://img.example.com/t.jpg " });
    expect(data.videoUrl).toBeNull();
    expect(data.thumbnailUrl).toBe("https://img.example.com/t.jpg");
  });
});

describe("editor tags", () => {
  it("submitted tags are trimmed and deduplicated", () => {
    expect(parsed("video", { tags: [" a ", "b", "a", "", "  "] }).tags).toEqual(["a", "b"]);
  });

  it("one tag arrives as text (Conform gives a single value as a string)", () => {
    expect(parsed("video", { tags: " solo " }).tags).toEqual(["solo"]);
  });

  it("at most 30 tags of at most 50 characters", () => {
    const many = Array.from({ length: 31 }, (_, i) => `tag${i}`);
    expect(errorsFor("blog", { tags: many }).tags).toEqual(["Use at most 30 tags"]);
    expect(errorsFor("blog", { tags: ["x".repeat(51)] }).tags).toEqual(["Each tag must be at most 50 characters"]);
  });
});

describe("editor status and featured", () => {
  it("create offers draft and published only; edit also archived", () => {
    expect(errorsFor("video", { status: "archived" }, "create").status).toEqual(["Choose a valid status"]);
    expect(parsed("video", { status: "archived" }, "edit").status).toBe("archived");
    expect(errorsFor("video", { status: "deleted" }, "edit").status).toEqual(["Choose a valid status"]);
  });

  it("featured is kept for videos and podcasts and always false elsewhere", () => {
    // The editor's hidden input sends 'true'; a checkbox would send 'on'.
    expect(parsed("podcast", { featured: "true" }).featured).toBe(true);
    expect(parsed("video", { featured: "on" }).featured).toBe(true);
    expect(parsed("video", { featured: "false" }).featured).toBe(false);
    expect(parsed("video", { featured: "" }).featured).toBe(false);
    expect(parsed("blog", { featured: "true" }).featured).toBe(false);
  });

  it("featureType accepts the six values or none", () => {
    expect(parsed("special_feature", { featureType: "deep_dive" }).featureType).toBe("deep_dive");
    expect(parsed("special_feature", { featureType: "" }).featureType).toBeNull();
    expect(errorsFor("special_feature", { featureType: "gossip" }).featureType).toEqual(["Choose a feature type from the list"]);
  });
});

describe("limits on text fields", () => {
  it.each([
    ["description", "x".repeat(2001), "Description must be at most 2,000 characters"],
    ["content", "x".repeat(200_001), "Content must be at most 200,000 characters"],
  ] as const)("%s", (field, input, message) => {
    expect(errorsFor("video", { [field]: input })[field]).toEqual([message]);
  });

  it("author name is limited to 200 characters", () => {
    expect(errorsFor("blog", { authorName: "x".repeat(201) }).authorName).toEqual(["Author Name must be at most 200 characters"]);
  });

  it("empty optional text is saved as null", () => {
    const data = parsed("blog", { description: " ", content: "", authorName: "" });
    expect([data.description, data.content, data.authorName]).toEqual([null, null, null]);
  });
});

describe("missing fields count as empty", () => {
  it.each(CONTENT_TYPES)("%s: a title alone is a draft with every other field empty", (type) => {
    const result = editorSchema(type, "create").safeParse({ title: "Only a title" });
    expect(result.success ? {} : z.flattenError(result.error).fieldErrors).toEqual({});
    const fields = Object.fromEntries(CONTENT_REGISTRY[type].fields.map((field) => [field, null]));
    expect(result.data).toEqual({
      title: "Only a title",
      description: null,
      content: null,
      status: "draft",
      tags: [],
      featured: false,
      publishAt: null,
      ...UNPAID_WITHOUT_COMPANIES,
      ...fields,
    });
  });

  it("an empty object has exactly one message: the title's", () => {
    const result = editorSchema("interview", "edit").safeParse({});
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({ title: ["Title is required"] });
  });
});

describe("FormData parsing (Conform's parseWithZod, as the server reads a post)", () => {
  it("reads every field of the type, repeated tags and the featured flag", () => {
    const submission = submit("video", "create", [
      ["title", "Hello"],
      ["status", "published"],
      ["videoUrl", "https://v.example.com/1"],
      ["duration", "61"],
      ["transcript", "\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there.\r\n"],
      ["chapters", "0:00 - Hello"],
      ["featured", "true"],
      ["authorName", "ignored for videos"],
      ["tags", "a"],
      ["tags", "b"],
    ]);
    expect(submission.status === "success" ? {} : submission.error).toEqual({});
    expect(submission.status === "success" ? submission.value : null).toEqual({
      title: "Hello",
      description: null,
      content: null,
      status: "published",
      tags: ["a", "b"],
      featured: true,
      publishAt: null,
      ...UNPAID_WITHOUT_COMPANIES,
      videoUrl: "https://v.example.com/1",
      thumbnailUrl: null,
      duration: 61,
      // PRODUCT.md "Transcripts": an SRT upload is stored as WebVTT; chapters normalised.
      transcript: "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there.\n",
      chapters: "0:00 Hello",
    });
  });

  it.each(CONTENT_TYPES)("%s: the form as the browser sends it, without tags (and for most types without a featured input)", (type) => {
    const entries: [string, string][] = [
      ["title", "From the browser"],
      ["description", ""],
      ["content", ""],
      ["status", "draft"],
    ];
    if (CONTENT_REGISTRY[type].featurable) entries.push(["featured", "false"]);
    for (const field of CONTENT_REGISTRY[type].fields) entries.push([field, ""]);
    const submission = submit(type, "create", entries);
    expect(submission.status === "success" ? {} : submission.error).toEqual({});
    expect(submission.status === "success" ? submission.value : null).toMatchObject({
      title: "From the browser",
      tags: [],
      featured: false,
    });
  });

  it("a file where text is expected counts as empty, and a missing status is draft", () => {
    const withFile = submit("blog", "create", [["title", new Blob(["x"])]]);
    expect(withFile.status).toBe("error");
    expect(withFile.status === "success" ? null : withFile.error).toEqual({ title: ["Title is required"] });
    const titleOnly = submit("blog", "create", [["title", "Hello"]]);
    expect(titleOnly.status === "success" ? {} : titleOnly.error).toEqual({});
    expect(titleOnly.status === "success" ? titleOnly.value : null).toMatchObject({ status: "draft", featured: false });
  });

  it("the server's reply keeps what was typed and names exactly the fields in error", () => {
    const submission = submit("video", "create", [
      ["title", ""],
      ["description", "Keep me"],
      ["duration", "-1"],
      ["videoUrl", "javascript:alert(1)"],
      ["tags", "kept"],
    ]);
    const reply = submission.reply();
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({
      title: ["Title is required"],
      duration: ["Duration must be 0 or more"],
      videoUrl: ["Enter a valid URL starting with http:// or https://"],
    });
    expect(reply.initialValue).toMatchObject({ description: "Keep me", duration: "-1", videoUrl: "javascript:alert(1)", tags: "kept" });
  });
});

describe('publishAt (PRODUCT.md "Scheduled publishing")', () => {
  const YEAR_MS = 365.25 * 24 * 3600 * 1000;
  const inYears = (years: number) => utcInputValue(new Date(Date.now() + years * YEAR_MS));

  it.each([
    ["empty", "", null],
    ["blank", "   ", null],
    ["the control's value without scripts, read as UTC", "2027-03-01T09:30", "2027-03-01T09:30:00.000Z"],
    ["with seconds", "2027-03-01T09:30:15", "2027-03-01T09:30:15.000Z"],
    ["the browser's ISO time in UTC", "2027-03-01T04:00:00.000Z", "2027-03-01T04:00:00.000Z"],
    ["an offset east of UTC", "2027-03-01T09:30+05:30", "2027-03-01T04:00:00.000Z"],
    ["an offset west of UTC, across midnight", "2027-03-01T21:00-05:00", "2027-03-02T02:00:00.000Z"],
    ["in the past (back-dated)", "2001-09-01T08:00", "2001-09-01T08:00:00.000Z"],
    ["the first minute of 2000", "2000-01-01T00:00", "2000-01-01T00:00:00.000Z"],
  ])("%s: %j is accepted", (_case, input, expected) => {
    const data = parsed("blog", { status: "published", publishAt: input });
    expect(data.publishAt === null || data.publishAt === undefined ? data.publishAt : data.publishAt.toISOString()).toBe(expected);
  });

  it("is null when the form has no such field (a draft, or a hand-made body)", () => {
    expect(parsed("video", {}).publishAt).toBeNull();
  });

  it("within five years ahead is accepted", () => {
    expect(parsed("video", { publishAt: inYears(4.9) }).publishAt).toBeInstanceOf(Date);
  });

  it.each([
    ["not a date", "next tuesday", "Enter a valid date and time"],
    ["a date without a time", "2027-03-01", "Enter a valid date and time"],
    ["a day that does not exist", "2027-02-30T10:00", "Enter a valid date and time"],
    ["an hour that does not exist", "2027-03-01T24:00", "Enter a valid date and time"],
    ["an offset no place has", "2027-03-01T10:00+15:00", "Enter a valid date and time"],
    ["a NUL byte", "2027-03-01T10:00\u0000", "Enter a valid date and time"],
    ["a very long value", `2027-03-01T10:00${"0".repeat(10_000)}`, "Enter a valid date and time"],
    ["before 2000", "1999-12-31T23:59", "Choose a time in 2000 or later"],
    ["before 2000 once the offset is applied", "2000-01-01T03:00+05:00", "Choose a time in 2000 or later"],
  ])("%s is refused: '%s'", (_case, input, message) => {
    expect(errorsFor("blog", { status: "published", publishAt: input }).publishAt).toEqual([message]);
  });

  it("more than five years ahead is refused", () => {
    expect(errorsFor("podcast", { publishAt: inYears(5.1) }).publishAt).toEqual(["Choose a time at most 5 years ahead"]);
  });

  it("a posted form's time is read with the other fields, and a bad one keeps what was typed", () => {
    const good = submit("blog", "edit", [
      ["title", "Later"],
      ["status", "published"],
      ["publishAt", "2027-03-01T04:00:00.000Z"],
    ]);
    expect(good.status === "success" ? good.value.publishAt : null).toEqual(new Date("2027-03-01T04:00:00.000Z"));
    const bad = submit("blog", "edit", [
      ["title", "Later"],
      ["publishAt", "2027-13-01T00:00"],
    ]);
    const reply = bad.reply();
    expect(reply.error).toEqual({ publishAt: ["Enter a valid date and time"] });
    expect(reply.initialValue).toMatchObject({ publishAt: "2027-13-01T00:00" });
  });
});

/** A company id as the picker sends it; `n` makes each one different. */
const companyId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

describe('companyIds (PRODUCT.md "Companies")', () => {
  it("the limit and its message are the company admin's (lib/companies.ts)", () => {
    expect(LIMITS.companies).toBe(MAX_COMPANIES_PER_ITEM);
    expect(errorsFor("video", { companyIds: Array.from({ length: 21 }, (_, i) => companyId(i)) }).companyIds).toEqual([
      COMPANY_TEXTS.tooManyCompanies,
    ]);
  });

  it.each([
    ["none (the field left out)", undefined, []],
    ["none (an empty list)", [], []],
    ["one, sent as one value", companyId(1), [companyId(1)]],
    ["several, in the order chosen", [companyId(2), companyId(1)], [companyId(2), companyId(1)]],
    ["repeated ids once", [companyId(1), companyId(1), companyId(2), companyId(1)], [companyId(1), companyId(2)]],
    ["the same id in capitals once", [companyId(10), companyId(10).toUpperCase()], [companyId(10)]],
    ["20, the limit", Array.from({ length: 20 }, (_, i) => companyId(i)), Array.from({ length: 20 }, (_, i) => companyId(i))],
    ["21 copies of one id as one", Array.from({ length: 21 }, () => companyId(3)), [companyId(3)]],
  ] as const)("accepts %s", (_case, ids, expected) => {
    const overrides: FormValues = ids === undefined ? {} : { companyIds: typeof ids === "string" ? ids : [...ids] };
    expect(parsed("blog", overrides).companyIds).toEqual(expected);
  });

  it.each([
    ["a name instead of an id", ["Ironbark Gold"]],
    ["one bad id among good ones", [companyId(1), "not-a-uuid"]],
    ["an id with SQL in it", ["00000000-0000-4000-8000-000000000001' or 1=1 --"]],
  ])("refuses %s with 'Choose companies from the list'", (_case, ids) => {
    expect(errorsFor("interview", { companyIds: ids }).companyIds).toEqual(["Choose companies from the list"]);
  });

  it("refuses 21 different companies with 'Choose at most 20 companies'", () => {
    expect(errorsFor("podcast", { companyIds: Array.from({ length: 21 }, (_, i) => companyId(i)) }).companyIds).toEqual([
      "Choose at most 20 companies",
    ]);
  });

  it("reads repeated fields from a posted form", () => {
    const submission = submit("video", "edit", [
      ["title", "Tagged"],
      ["companyIds", companyId(5)],
      ["companyIds", companyId(4)],
      ["companyIds", companyId(5)],
    ]);
    expect(submission.status === "success" ? submission.value.companyIds : submission.error).toEqual([companyId(5), companyId(4)]);
  });
});

describe('paid promotion (PRODUCT.md "Paid promotion")', () => {
  const PAYER = "0b7c1f0e-4a59-4f32-9a0e-6f0d6c1b2a01";
  const CASH = {
    paidBy: PAYER,
    considerationForm: "cash",
    considerationAmount: "7,500",
    considerationCurrency: "AUD",
    agreementDate: "2026-11-03",
  };
  const REQUIRED = {
    paidBy: "Choose who paid for this promotion",
    considerationForm: "Choose what was paid",
    agreementDate: "Enter the date of the agreement",
  } as const;

  it.each(["on", "true"])("a checkbox sending '%s' marks the item paid, and the sponsorship is saved as columns", (flag) => {
    expect(parsed("interview", { status: "published", paidPromotion: flag, ...CASH, disclosureNote: "  Covers travel. " })).toMatchObject({
      paidPromotion: true,
      sponsorCompanyId: PAYER,
      disclosureSponsor: null,
      considerationForm: "cash",
      considerationAmount: "7500.00",
      considerationCurrency: "AUD",
      considerationUnits: null,
      agreementDate: "2026-11-03",
      disclosureNote: "Covers travel.",
    });
  });

  it("another party is saved by name; shares keep their number and no currency", () => {
    const value = parsed("blog", {
      status: "published",
      paidPromotion: "on",
      paidBy: "other",
      disclosureSponsor: " Halcyon Investor Relations ",
      considerationForm: "shares",
      considerationUnits: "250,000",
      considerationAmount: "99",
      considerationCurrency: "USD",
      agreementDate: "2026-10-01",
    });
    expect(value).toMatchObject({
      sponsorCompanyId: null,
      disclosureSponsor: "Halcyon Investor Relations",
      considerationForm: "shares",
      considerationUnits: "250000",
      considerationAmount: null,
      considerationCurrency: null,
    });
    expect(value).not.toHaveProperty("paidBy");
  });

  it.each(Object.entries(REQUIRED))("paid and published without %s is refused with '%s' on that field only", (field, message) => {
    expect(errorsFor("video", { status: "published", paidPromotion: "on", ...CASH, [field]: "   " })).toEqual({ [field]: [message] });
  });

  it.each([
    [{ considerationAmount: "" }, { considerationAmount: ["Enter the amount paid"] }],
    [{ considerationCurrency: "" }, { considerationCurrency: ["Choose the currency"] }],
    [{ paidBy: "other" }, { disclosureSponsor: ["Enter who paid for this promotion"] }],
    [{ considerationForm: "options" }, { considerationUnits: ["Enter the number of shares or options"] }],
  ])("paid and published: %j is refused with %j", (change, errors) => {
    expect(errorsFor("interview", { status: "published", paidPromotion: "on", ...CASH, ...change })).toEqual(errors);
  });

  it("paid and published with nothing filled: each required field gets its own message", () => {
    expect(errorsFor("blog", { status: "published", paidPromotion: "on" })).toEqual(
      Object.fromEntries(Object.entries(REQUIRED).map(([field, message]) => [field, [message]])),
    );
  });

  it("the rule also holds on an edit, and alongside other fields' messages", () => {
    expect(errorsFor("video", { title: "", status: "published", paidPromotion: "on", ...CASH, agreementDate: "" }, "edit")).toEqual({
      title: ["Title is required"],
      agreementDate: [REQUIRED.agreementDate],
    });
  });

  it.each([
    ["draft", "create"],
    ["draft", "edit"],
    ["archived", "edit"],
  ] as const)("a paid %s (%s) may be saved with the sponsorship empty", (status, mode) => {
    expect(parsed("special_feature", { status, paidPromotion: "on" }, mode)).toMatchObject({
      paidPromotion: true,
      sponsorCompanyId: null,
      considerationForm: null,
      agreementDate: null,
    });
  });

  it.each([
    [{ paidBy: "Ironbark" }, { paidBy: ["Choose who paid from the list"] }],
    [{ considerationForm: "gold" }, { considerationForm: ["Choose cash, shares or options"] }],
    [{ considerationAmount: "A$7,500" }, { considerationAmount: ["Enter an amount such as 7500 or 7,500.50"] }],
    [{ considerationAmount: "0" }, { considerationAmount: ["The amount must be more than 0 and at most 1,000,000,000"] }],
    [{ considerationAmount: "1000000000.01" }, { considerationAmount: ["The amount must be more than 0 and at most 1,000,000,000"] }],
    [{ considerationCurrency: "XAU" }, { considerationCurrency: ["Choose a currency from the list"] }],
    [{ considerationForm: "shares", considerationUnits: "2.5" }, { considerationUnits: ["Enter a whole number such as 250000"] }],
    [
      { considerationForm: "options", considerationUnits: "1,000,000,000,001" },
      { considerationUnits: ["The number must be more than 0 and at most 1,000,000,000,000"] },
    ],
    [{ agreementDate: "2026-02-30" }, { agreementDate: ["Enter a valid date"] }],
    [{ agreementDate: "1999-12-31" }, { agreementDate: ["Choose a date from 2000 to today"] }],
    [{ agreementDate: "2999-01-01" }, { agreementDate: ["Choose a date from 2000 to today"] }],
  ])("a wrong value is refused even on a draft: %j → %j", (change, errors) => {
    expect(errorsFor("interview", { status: "draft", paidPromotion: "on", ...CASH, ...change })).toEqual(errors);
  });

  it("an item that is not paid saves no sponsorship, whatever was typed (even wrong or too long)", () => {
    expect(
      parsed("video", { status: "published", ...CASH, considerationAmount: "lots", disclosureNote: "x".repeat(DISCLOSURE_MAX_LENGTH + 1) }),
    ).toMatchObject(UNPAID_WITHOUT_COMPANIES);
  });

  it.each(["", "off", "false", "yes"])("'%s' is not paid", (flag) => {
    expect(parsed("podcast", { paidPromotion: flag }).paidPromotion).toBe(false);
  });

  it.each([
    ["disclosureSponsor", { paidBy: "other" }, "The other party's name must be at most 500 characters"],
    ["disclosureNote", {}, "Editor's addition must be at most 500 characters"],
  ])("%s over 500 characters is refused, a draft too", (field, extra, message) => {
    expect(errorsFor("blog", { paidPromotion: "on", ...extra, [field]: "x".repeat(DISCLOSURE_MAX_LENGTH + 1) })).toEqual({
      [field]: [message],
    });
    expect(
      parsed("blog", { paidPromotion: "on", ...extra, [field]: "x".repeat(DISCLOSURE_MAX_LENGTH) })[field as "disclosureNote"],
    ).toHaveLength(DISCLOSURE_MAX_LENGTH);
  });

  it.each([
    ["disclosureSponsor", { paidBy: "other" }, "Iron\u0000bark", "The other party's name contains a control character; remove it"],
    ["disclosureNote", {}, "Paid\u001b[31m", "Editor's addition contains a control character; remove it"],
  ])("%s with a control character is refused", (field, extra, text, message) => {
    expect(errorsFor("interview", { status: "published", paidPromotion: "on", ...CASH, ...extra, [field]: text })).toEqual({
      [field]: [message],
    });
  });

  it("tabs and line breaks are ordinary text in the editor's addition", () => {
    expect(parsed("interview", { paidPromotion: "on", disclosureNote: "Covers travel\nand lodging" }).disclosureNote).toBe(
      "Covers travel\nand lodging",
    );
  });
});

describe('the correction note (PRODUCT.md "Revisions")', () => {
  it("is read on an edit, trimmed, empty as none; a new item has no such field", () => {
    expect(parsed("blog", { title: "T", correction: "  Fixed the date. " }, "edit").correction).toBe("Fixed the date.");
    expect(parsed("blog", { title: "T", correction: "" }, "edit").correction).toBeNull();
    expect(parsed("blog", { title: "T", correction: "Fixed the date." }, "create")).not.toHaveProperty("correction");
  });

  it("is at most 500 characters, without control characters", () => {
    expect(errorsFor("blog", { title: "T", correction: "x".repeat(501) }, "edit")).toEqual({
      correction: ["Correction note must be at most 500 characters"],
    });
    expect(errorsFor("blog", { title: "T", correction: "Fixed\u0000" }, "edit")).toEqual({
      correction: ["Correction note contains a control character; remove it"],
    });
  });
});
