/**
 * The replay test of issue 45 (PRODUCT.md "Measurement"): a hand-written log of enclosure requests covering
 * every rule, and the downloads and listeners the IAB guidelines give for it, worked out by hand below.
 */
import { describe, expect, it } from "vitest";

import { dailyAddressHash as addressListener } from "../daily-salt.server";
import { bytesNeeded, carriesAudio, countDownloads, countListeners, listenerKey, type ServedRequest } from "./download-rules.server";
import { classifyUserAgent } from "./user-agents/classify-user-agent.server";

const APPLE = "Podcasts/1650.20 CFNetwork/1404.0.5 Darwin/22.3.0";
const SPOTIFY = "Spotify/8.8.0 iOS/16.4 (iPhone14,2)";
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const WATCH = "atc/1.0 watchOS/9.4 model/Watch6,1 hwp/t8301 build/20T253 (6; dt:251)";
const BOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

// Episode A: 10 MB; its threshold is a 40,000-byte ID3 header and a minute at 128 kbit/s (960,000 bytes).
const A = { episodeId: "aaaaaaaa-0000-4000-8000-000000000001", fileBytes: 10_000_000, thresholdBytes: 1_000_000 };
// Episode B: 300,000 bytes, shorter than a minute: only the whole file counts.
const B = { episodeId: "bbbbbbbb-0000-4000-8000-000000000002", fileBytes: 300_000, thresholdBytes: 1_000_000 };

const SALTS: Record<string, string> = { "2026-12-01": "salt-of-the-first", "2026-12-02": "salt-of-the-second" };

let minute = 0;
/** One served request, at the next minute of `day` unless `at` says when. */
function request(
  episode: typeof A,
  address: string,
  userAgent: string,
  served: { method?: string; status: number; range?: string; first?: number; sent?: number; day?: string },
): ServedRequest {
  const day = served.day ?? "2026-12-01";
  const status = served.status;
  const sent = served.sent ?? (status === 200 && served.method !== "HEAD" ? episode.fileBytes : 0);
  return {
    at: new Date(Date.parse(`${day}T08:00:00Z`) + ++minute * 60_000),
    episodeType: "podcast",
    episodeId: episode.episodeId,
    method: served.method ?? "GET",
    status,
    range: served.range ?? null,
    firstByte: sent > 0 ? (served.first ?? 0) : null,
    bytesSent: sent,
    fileBytes: episode.fileBytes,
    thresholdBytes: episode.thresholdBytes,
    userAgent,
    listener: addressListener(address, SALTS[day]!),
  };
}

const LOG: ServedRequest[] = [
  // 203.0.113.5 with Apple Podcasts, episode A: HEAD, 304, a 0-1 probe and a 404 count nothing…
  request(A, "203.0.113.5", APPLE, { method: "HEAD", status: 200 }),
  request(A, "203.0.113.5", APPLE, { status: 304 }),
  request(A, "203.0.113.5", APPLE, { status: 206, range: "bytes=0-1", first: 0, sent: 2 }),
  request(A, "203.0.113.5", APPLE, { status: 404 }),
  // …500,000 bytes, then 700,000 more: 1,200,000 distinct bytes pass 1,000,000 at the second range. (1)
  request(A, "203.0.113.5", APPLE, { status: 206, range: "bytes=0-499999", first: 0, sent: 500_000 }),
  request(A, "203.0.113.5", APPLE, { status: 206, range: "bytes=500000-1199999", first: 500_000, sent: 700_000 }),
  // The whole file again the same day: inside the window, nothing more.
  request(A, "203.0.113.5", APPLE, { status: 200 }),
  // The same address and app the next day: outside the window. (2, day 2)
  request(A, "203.0.113.5", APPLE, { status: 200, day: "2026-12-02" }),
  // A second app behind the same address: another listener. (3)
  request(A, "203.0.113.5", SPOTIFY, { status: 200 }),
  // One range of 300,000 bytes: under a minute, no download.
  request(A, "203.0.113.9", OVERCAST, { status: 206, range: "bytes=0-299999", first: 0, sent: 300_000 }),
  // One range of 1,500,000 bytes: over a minute. (4)
  request(A, "192.0.2.44", SPOTIFY, { status: 206, range: "bytes=0-1499999", first: 0, sent: 1_500_000 }),
  // Two IPv6 addresses in one /64, one app: one listener whose ranges add up (600,000 + 500,000). (5)
  request(A, "2001:db8:1:2::10", OVERCAST, { status: 206, range: "bytes=0-599999", first: 0, sent: 600_000 }),
  request(A, "2001:db8:1:2:ffff::20", OVERCAST, { status: 206, range: "bytes=600000-1099999", first: 600_000, sent: 500_000 }),
  // The same ranges overlapping from another address: 600,000 + 200,000 new bytes, not enough.
  request(A, "2001:db8:9:9::1", OVERCAST, { status: 206, range: "bytes=0-599999", first: 0, sent: 600_000 }),
  request(A, "2001:db8:9:9::1", OVERCAST, { status: 206, range: "bytes=400000-799999", first: 400_000, sent: 400_000 }),
  // Another /64: another listener. (6)
  request(A, "2001:db8:1:3::10", OVERCAST, { status: 200 }),
  // An Apple Watch and a known bot, whole file each: never counted.
  request(A, "198.51.100.7", WATCH, { status: 200 }),
  request(A, "198.51.100.8", BOT, { status: 200 }),
  // Episode B, shorter than a minute: 200,000 of 300,000 bytes is not a download; the rest later is. (7)
  request(B, "198.51.100.20", OVERCAST, { status: 206, range: "bytes=0-199999", first: 0, sent: 200_000 }),
  request(B, "198.51.100.21", SPOTIFY, { status: 200 }), // (8)
  request(B, "198.51.100.20", OVERCAST, { status: 206, range: "bytes=200000-", first: 200_000, sent: 100_000 }),
  // The first listener on episode B: a download of B, the same listener as (1). (9)
  request(B, "203.0.113.5", APPLE, { status: 200 }),
];

describe('the IAB download rules (PRODUCT.md "Measurement")', () => {
  const downloads = countDownloads(LOG, classifyUserAgent);
  const summary = downloads.map((d) => `${d.day} ${d.episodeId === A.episodeId ? "A" : "B"} ${d.app ?? "?"}`).sort();

  it("counts exactly the downloads worked out by hand", () => {
    expect(summary).toEqual(
      [
        "2026-12-01 A Apple Podcasts", // (1)
        "2026-12-01 A Spotify", // (3)
        "2026-12-01 A Spotify", // (4)
        "2026-12-01 A Overcast", // (5)
        "2026-12-01 A Overcast", // (6)
        "2026-12-01 B Overcast", // (7)
        "2026-12-01 B Spotify", // (8)
        "2026-12-01 B Apple Podcasts", // (9)
        "2026-12-02 A Apple Podcasts", // (2)
      ].sort(),
    );
  });

  it("counts the listeners: distinct address hash and app per day (7 on the first day, 1 on the second)", () => {
    expect(countListeners(downloads)).toBe(8);
    expect(countListeners(downloads.filter((d) => d.day === "2026-12-01"))).toBe(7);
  });

  it("dates a download at the request that reached the threshold", () => {
    const first = downloads.find((d) => d.day === "2026-12-01" && d.episodeId === A.episodeId && d.app === "Apple Podcasts")!;
    expect(first.countedAt).toEqual(LOG[5]!.at);
    const reassembled = downloads.find((d) => d.episodeId === B.episodeId && d.app === "Overcast")!;
    expect(reassembled.countedAt).toEqual(LOG[20]!.at);
  });

  it("gives the same answer whatever the order the requests come in", () => {
    const shuffled = [...LOG].reverse();
    expect(countDownloads(shuffled, classifyUserAgent)).toHaveLength(downloads.length);
  });

  it("keys a listener by the address's /64 and the user agent, never the address itself", () => {
    const first = addressListener("2001:db8:1:2::10", "salt");
    expect(addressListener("2001:db8:1:2:ffff::20", "salt")).toBe(first);
    expect(addressListener("2001:db8:1:3::10", "salt")).not.toBe(first);
    expect(addressListener("2001:db8:1:2::10", "another salt")).not.toBe(first);
    expect(first).not.toContain("2001");
    expect(listenerKey(first, OVERCAST)).not.toBe(listenerKey(first, SPOTIFY));
  });

  it("needs the whole file only when the file is no longer than the threshold", () => {
    expect(bytesNeeded(10_000_000, 1_000_000)).toBe(1_000_000);
    expect(bytesNeeded(300_000, 1_000_000)).toBe(300_000);
  });

  it("takes only a GET answered 200 or 206 with a body, and never a 0-1 probe", () => {
    const base = LOG[4]!;
    expect(carriesAudio(base)).toBe(true);
    expect(carriesAudio({ ...base, method: "HEAD" })).toBe(false);
    expect(carriesAudio({ ...base, status: 304 })).toBe(false);
    expect(carriesAudio({ ...base, status: 416 })).toBe(false);
    expect(carriesAudio({ ...base, range: "bytes=0-1" })).toBe(false);
    expect(carriesAudio({ ...base, range: "bytes=0-2" })).toBe(true);
    expect(carriesAudio({ ...base, firstByte: null, bytesSent: 0 })).toBe(false);
  });
});
