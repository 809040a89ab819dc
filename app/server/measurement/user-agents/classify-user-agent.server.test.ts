import { describe, expect, it } from "vitest";

import { classifyUserAgent, MATCHED_AGENT_LENGTH, USER_AGENT_LIST_VERSION, type UserAgentClass } from "./classify-user-agent.server";
import appsExamples from "./opawg-examples/apps.examples.json";
import botsExamples from "./opawg-examples/bots.examples.json";
import browsersExamples from "./opawg-examples/browsers.examples.json";
import devicesExamples from "./opawg-examples/devices.examples.json";
import librariesExamples from "./opawg-examples/libraries.examples.json";
import devicesRuntime from "./opawg/devices.runtime.json";
import librariesRuntime from "./opawg/libraries.runtime.json";

interface ExamplesFile {
  entries: { name: string; examples: string[] }[];
}

/** Every example of a list with what it should classify to, and the ones that classify otherwise. */
function mismatches(file: ExamplesFile, expected: (name: string, agent: string) => Partial<UserAgentClass>) {
  const found: { agent: string; expected: Partial<UserAgentClass>; got: Partial<UserAgentClass> }[] = [];
  let checked = 0;
  for (const { name, examples } of file.entries) {
    for (const agent of examples) {
      checked++;
      const want = expected(name, agent);
      const result = classifyUserAgent(agent);
      const got = Object.fromEntries(Object.keys(want).map((key) => [key, result[key as keyof UserAgentClass]]));
      if (JSON.stringify(got) !== JSON.stringify(want)) found.push({ agent, expected: want, got });
    }
  }
  return { checked, found };
}

const NOTHING: UserAgentClass = {
  kind: "unknown",
  bot: null,
  app: null,
  library: null,
  browser: null,
  device: null,
  deviceCategory: null,
  watch: false,
};

// OPAWG's precedence (bots, apps, libraries, browsers; first match) gives every apps, bots, libraries and
// browsers example its own entry at this commit: their CI checks the same. So there are no exceptions for
// those lists; a new one fails below and is to be listed here with why.
describe("OPAWG's examples classify to their own entry", () => {
  it("apps examples name their app", () => {
    const { checked, found } = mismatches(appsExamples, (name) => ({ kind: "app", app: name }));
    expect(checked).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it("bots examples are bots, named", () => {
    const { checked, found } = mismatches(botsExamples, (name) => ({ kind: "bot", bot: name }));
    expect(checked).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  // Not a precedence exception but OPAWG's own field: a library marked "category": "bot" is kind "bot".
  const botLibraries = new Set(librariesRuntime.entries.filter((entry) => entry.category === "bot").map((entry) => entry.name));

  it("libraries examples name their library, kind bot where OPAWG marks the library a bot", () => {
    const { checked, found } = mismatches(librariesExamples, (name) => ({
      kind: botLibraries.has(name) ? "bot" : "library",
      library: name,
    }));
    expect(checked).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it("some libraries examples are bot-marked and some are not (both branches run)", () => {
    const kinds = new Set(librariesExamples.entries.map(({ name }) => (botLibraries.has(name) ? "bot" : "library")));
    expect(kinds).toEqual(new Set(["bot", "library"]));
  });

  it("browsers examples name their browser", () => {
    const { checked, found } = mismatches(browsersExamples, (name) => ({ kind: "browser", browser: name }));
    expect(checked).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
});

/**
 * Devices examples that devices.json's own order (first match) gives to another device. OPAWG's CI does not
 * check devices examples, so these can go unnoticed upstream.
 */
const DEVICE_ORDER_EXCEPTIONS = new Map([
  // Listed under "Apple Watch" (Overcast's watch app; the Apple Watch pattern has `^Watch/\d+ CFNetwork/` for
  // it), but "Apple iPhone" comes first in the file and matches its `CFNetwork`.
  ["Watch/1140 CFNetwork/3860.200.71 Darwin/25.1.0", "Apple iPhone"],
]);

describe("OPAWG's devices examples find their device", () => {
  const categories = new Map(devicesRuntime.entries.map((entry) => [entry.name, entry.category]));

  it("names the device, its category and whether it is a watch", () => {
    const { checked, found } = mismatches(devicesExamples, (name, agent) => {
      const device = DEVICE_ORDER_EXCEPTIONS.get(agent) ?? name;
      return { device, deviceCategory: categories.get(device), watch: categories.get(device) === "watch" };
    });
    expect(checked).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it("lists only exceptions that are in the examples and differ from their entry", () => {
    const listedUnder = new Map(devicesExamples.entries.flatMap(({ name, examples }) => examples.map((agent) => [agent, name])));
    for (const [agent, device] of DEVICE_ORDER_EXCEPTIONS) {
      expect(listedUnder.get(agent)).toBeDefined();
      expect(listedUnder.get(agent)).not.toBe(device);
    }
  });
});

describe("classifyUserAgent", () => {
  it.each<[string, string, Partial<UserAgentClass>]>([
    [
      "Apple Podcasts' progressive download on iPhone: AppleCoreMedia, a library OPAWG says is not only Apple Podcasts",
      "AppleCoreMedia/1.0.0.20E252 (iPhone; U; CPU OS 16_4_1 like Mac OS X; en_us)",
      { kind: "library", library: "AppleCoreMedia", device: "Apple iPhone", deviceCategory: "mobile" },
    ],
    [
      "Apple Podcasts' download on iPhone",
      "Podcasts/1650.20 CFNetwork/1404.0.5 Darwin/22.3.0",
      { kind: "app", app: "Apple Podcasts", device: "Apple iPhone", deviceCategory: "mobile" },
    ],
    [
      "Spotify on iPhone",
      "Spotify/8.8.0 iOS/16.4 (iPhone14,2)",
      { kind: "app", app: "Spotify", device: "Apple iPhone", deviceCategory: "mobile" },
    ],
    [
      "Overcast on iOS",
      "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)",
      { kind: "app", app: "Overcast", device: "Apple iPhone", deviceCategory: "mobile" },
    ],
    [
      "Apple Podcasts on Apple Watch: an OPAWG bot (duplicates the phone's download), on a watch",
      "atc/1.0 watchOS/9.4 model/Watch6,1 hwp/t8301 build/20T253 (6; dt:251) ",
      { kind: "bot", bot: "Apple Podcasts (Watch)", device: "Apple Watch", deviceCategory: "watch", watch: true },
    ],
    [
      "Overcast's Apple Watch app (a watch by the generic 'Other Watch' entry)",
      "Overcast (+http://overcast.fm/; Apple Watch podcast app)",
      { kind: "app", app: "Overcast", device: "Other Watch", deviceCategory: "watch", watch: true },
    ],
    ["Googlebot", "Googlebot/2.1 (+http://www.google.com/bot.html)", { kind: "bot", bot: "Googlebot", device: null, watch: false }],
    ["curl: in OPAWG's bots list, not its libraries", "curl/8.5.0", { kind: "bot", bot: "curl", library: null }],
    ["okhttp: a library OPAWG marks as a bot", "okhttp/4.12.0", { kind: "bot", bot: null, library: "okhttp" }],
    [
      "desktop Chrome",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      { kind: "browser", browser: "Chrome", app: null, device: "Windows Computer", deviceCategory: "computer" },
    ],
    [
      // Constructed: no OPAWG example matches both a library and a browser, so this pins their order.
      "an agent naming both a library and a browser: the library, as OPAWG orders them",
      "Mozilla/5.0 (Linux; Android 11; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.45 Mobile Safari/537.36 ExoPlayerLib/2.15.1",
      { kind: "library", library: "ExoPlayer (Android)", browser: null, device: "Android Phone" },
    ],
    ["an agent no list knows", "ZqxwvPlayer/1.0", { kind: "unknown", bot: null, app: null, library: null, browser: null, device: null }],
  ])("%s", (_label, agent, expected) => {
    expect(classifyUserAgent(agent)).toMatchObject(expected);
  });

  it("gives every field, and exactly one name for the kind", () => {
    expect(classifyUserAgent("Podcasts/1650.20 CFNetwork/1404.0.5 Darwin/22.3.0")).toEqual({
      ...NOTHING,
      kind: "app",
      app: "Apple Podcasts",
      device: "Apple iPhone",
      deviceCategory: "mobile",
    });
  });

  it("treats an empty or missing agent as unknown, not a bot", () => {
    expect(classifyUserAgent("")).toEqual(NOTHING);
    expect(classifyUserAgent(null)).toEqual(NOTHING);
    expect(classifyUserAgent(undefined)).toEqual(NOTHING);
  });

  it("removes newlines before matching, as OPAWG says", () => {
    // `^Overcast/` matches only at the start: the leading newline must go.
    expect(classifyUserAgent("\r\nOvercast/3.0 (+http://overcast.fm/; iOS podcast app)")).toMatchObject({ kind: "app", app: "Overcast" });
  });

  it("matches only the agent's first characters, so an overlong agent cannot cost seconds", () => {
    expect(MATCHED_AGENT_LENGTH).toBe(512);
    const padding = "x".repeat(MATCHED_AGENT_LENGTH);
    expect(classifyUserAgent(`${padding.slice(20)}Googlebot/2.1`)).toMatchObject({ kind: "bot", bot: "Googlebot" });
    expect(classifyUserAgent(`${padding}Googlebot/2.1`)).toMatchObject({ kind: "unknown" });
  });

  it("remembers a result, frozen, and forgets the least recently used past 1,000 agents", () => {
    const agent = "Spotify/8.8.0 iOS/16.4 (iPhone14,2) cache-test";
    const first = classifyUserAgent(agent);
    expect(Object.isFrozen(first)).toBe(true);
    expect(classifyUserAgent(agent)).toBe(first);
    for (let i = 0; i < 999; i++) classifyUserAgent(`cache-filler/${i}`);
    // The cache is full and the agent its oldest; using it again makes it the most recent, so the next new
    // agent pushes out a filler instead.
    expect(classifyUserAgent(agent)).toBe(first);
    classifyUserAgent("cache-filler/one more");
    expect(classifyUserAgent(agent)).toBe(first);
    for (let i = 0; i < 1_000; i++) classifyUserAgent(`cache-filler-2/${i}`);
    const again = classifyUserAgent(agent);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("USER_AGENT_LIST_VERSION", () => {
  it("names the vendored list and its commit", () => {
    expect(USER_AGENT_LIST_VERSION).toEqual({
      source: "https://github.com/opawg/user-agents-v2",
      commit: "8008a31b7d348cd5722656c9d3e2d0c1cd6af212",
      date: "2026-08-06",
      licence: "MIT",
    });
  });
});
