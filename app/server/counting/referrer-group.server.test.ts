import { describe, expect, it } from "vitest";

import { deviceClassOf, referrerGroup, referrerHostOf } from "./referrer-group.server";

const OWN = "news.example.com";

describe('referrer groups (PRODUCT.md "Measurement")', () => {
  it.each([
    ["www.google.com", null, "search"],
    ["google.com.au", null, "search"],
    ["www.bing.com", null, "search"],
    ["duckduckgo.com", null, "search"],
    ["search.brave.com", null, "search"],
    ["t.co", null, "social"],
    ["www.linkedin.com", null, "social"],
    ["old.reddit.com", null, "social"],
    ["hotcopper.com.au", null, "social"],
    ["news.example.com", null, "internal"],
    [null, null, "direct"],
    ["ir.ironbarkgold.com.au", null, "other"],
    ["notgoogle.example", null, "other"],
    ["mail.google.com", "newsletter", "newsletter"],
    [null, "Alert", "alert"],
    [null, "twitter", "direct"],
  ] as const)("%s with utm_source %s is %s", (host, source, group) => {
    expect(referrerGroup(host, source, OWN)).toBe(group);
  });

  it("takes only a host from the page, lower-cased", () => {
    expect(referrerHostOf("WWW.Google.COM.")).toBe("www.google.com");
    expect(referrerHostOf("https://www.google.com/search?q=me")).toBeNull();
    expect(referrerHostOf("localhost")).toBeNull();
    expect(referrerHostOf("a".repeat(254) + ".com")).toBeNull();
    expect(referrerHostOf(["x.com"])).toBeNull();
    expect(referrerHostOf(undefined)).toBeNull();
  });
});

describe("device classes", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "mobile",
    ],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36", "mobile"],
    ["Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/604.1", "tablet"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", "desktop"],
  ] as const)("%s is %s", (userAgent, device) => {
    expect(deviceClassOf(userAgent)).toBe(device);
  });
});
