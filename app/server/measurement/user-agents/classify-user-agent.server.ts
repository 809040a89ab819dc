/**
 * Classifies a download's User-Agent with the OPAWG user-agents-v2 list (./opawg, vendored; README there), for
 * counting podcast downloads to the IAB Tech Lab Podcast Measurement Guidelines 2.x (issue 45).
 *
 * Precedence is OPAWG's own (their README, "Quick start"): "Remove any newlines", then "Iterate the following
 * json files … in this order: bots, apps, libraries, browsers", "returning the first entry where `pattern`
 * matches" — one entity or none. So a bot beats an app and an app beats a library (an app's agent often
 * names the library it uses too). Libraries come before browsers, as OPAWG orders them.
 *
 * Where we add to it:
 * - A library OPAWG marks `"category": "bot"` (okhttp, axios, Go-http-client …; of Apache HttpClient they say
 *   "mostly seen today on the server-side (bots)") is `kind: "bot"`, with the library named in `library`. OP3,
 *   the list maintainer's own service, excludes these as bots the same way.
 * - The device (their optional step: "If `type` is not `bot` … Iterate the devices … returning the first
 *   entry") is looked up for every agent, bots included: IAB's Apple Watch exclusion is a device rule, and
 *   OPAWG lists Apple Podcasts on the watch (`atc/…`) as a bot, so `watch` holds for it too. A bot's device is
 *   never reported, since bots are not counted.
 * - An empty or missing User-Agent matches nothing: `kind: "unknown"`, not a bot. Excluding agentless
 *   requests is the counting rule's decision, not the list's (OPAWG gives no entry for them).
 */
import appsFile from "./opawg/apps.runtime.json";
import botsFile from "./opawg/bots.runtime.json";
import browsersFile from "./opawg/browsers.runtime.json";
import devicesFile from "./opawg/devices.runtime.json";
import librariesFile from "./opawg/libraries.runtime.json";
import versionFile from "./opawg/VERSION.json";

export type UserAgentKind = "bot" | "app" | "browser" | "library" | "unknown";

export interface UserAgentClass {
  /** Which list matched first; a library OPAWG marks as a bot is "bot". */
  kind: UserAgentKind;
  /** The bots entry's name, e.g. "Googlebot" (null when a bot-marked library matched: see `library`). */
  bot: string | null;
  /** The apps entry's name, e.g. "Apple Podcasts", "Spotify", "Overcast". */
  app: string | null;
  /** The libraries entry's name, e.g. "AppleCoreMedia", or "okhttp" for a bot-marked library. */
  library: string | null;
  /** The browsers entry's name, e.g. "Chrome". */
  browser: string | null;
  /** The devices entry's name, e.g. "Apple iPhone". */
  device: string | null;
  /** The device's OPAWG category: mobile, computer, smart_speaker, smart_tv, watch, auto. */
  deviceCategory: string | null;
  /** The device's category is "watch" (IAB excludes Apple Watch downloads as duplicates of the phone's). */
  watch: boolean;
}

/** Which list, from where, at which commit: for the public methodology page. */
export const USER_AGENT_LIST_VERSION: Readonly<{ source: string; commit: string; date: string; licence: string }> = Object.freeze({
  ...versionFile,
});

interface PatternFile {
  entries: readonly { name: string; pattern: string; category?: string }[];
}

interface Entry {
  name: string;
  pattern: RegExp;
  category: string | null;
}

/** Compiled once; OPAWG keeps its patterns to plain, flag-free regular expressions. */
function compile(file: PatternFile): readonly Entry[] {
  return file.entries.map(({ name, pattern, category }) => ({ name, pattern: new RegExp(pattern), category: category ?? null }));
}

const BOTS = compile(botsFile);
const APPS = compile(appsFile);
const LIBRARIES = compile(librariesFile);
const BROWSERS = compile(browsersFile);
const DEVICES = compile(devicesFile);

function firstMatch(entries: readonly Entry[], userAgent: string): Entry | undefined {
  return entries.find((entry) => entry.pattern.test(userAgent));
}

function classifyUncached(userAgent: string): UserAgentClass {
  const result: UserAgentClass = {
    kind: "unknown",
    bot: null,
    app: null,
    library: null,
    browser: null,
    device: null,
    deviceCategory: null,
    watch: false,
  };
  if (userAgent === "") return result;

  const device = firstMatch(DEVICES, userAgent);
  result.device = device?.name ?? null;
  result.deviceCategory = device?.category ?? null;
  result.watch = device?.category === "watch";

  const bot = firstMatch(BOTS, userAgent);
  if (bot) return { ...result, kind: "bot", bot: bot.name };
  const app = firstMatch(APPS, userAgent);
  if (app) return { ...result, kind: "app", app: app.name };
  const library = firstMatch(LIBRARIES, userAgent);
  if (library) return { ...result, kind: library.category === "bot" ? "bot" : "library", library: library.name };
  const browser = firstMatch(BROWSERS, userAgent);
  if (browser) return { ...result, kind: "browser", browser: browser.name };
  return result;
}

/**
 * Only an agent's first 512 characters are matched. Some patterns scan from every position (`.+[Bb]rave`), so
 * the time grows with the square of the length: about 1 s for a 16 KB agent (Node's header limit), 1.4 ms at
 * 512. OPAWG's longest example is 255 characters, so no real agent is cut short.
 */
export const MATCHED_AGENT_LENGTH = 512;

// The same few agents make most requests: remember the last ones (least recently used goes first).
const CACHE_LIMIT = 1_000;
const cache = new Map<string, Readonly<UserAgentClass>>();

export function classifyUserAgent(userAgent: string | null | undefined): Readonly<UserAgentClass> {
  // OPAWG: "Remove any newlines (never occurs except from bad actors)".
  const agent = (userAgent ?? "").replace(/[\r\n]/g, "").slice(0, MATCHED_AGENT_LENGTH);
  const cached = cache.get(agent);
  if (cached) {
    cache.delete(agent);
    cache.set(agent, cached);
    return cached;
  }
  const result = Object.freeze(classifyUncached(agent));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(agent, result);
  return result;
}
