/**
 * The demo's audience figures (PRODUCT.md "Measurement"): for each day's demo views or listens of an item that
 * names a demo company, where they came from, on which devices, and how many unique visitors, so a fresh
 * install's client reports are not empty. Shares as a financial publisher's analytics typically show them,
 * varied a little per day. Pure and deterministic, like daily-traffic.ts.
 */
import type { DeviceClass, ReferrerGroup } from "../counting/referrer-group.server";
import { seededRandom, type DailyFigure } from "./daily-traffic";

const REFERRERS: Record<ReferrerGroup, number> = {
  search: 30,
  social: 15,
  newsletter: 10,
  alert: 5,
  internal: 15,
  direct: 20,
  other: 5,
  embed: 4,
};
const DEVICES: Record<DeviceClass, number> = { mobile: 55, desktop: 38, tablet: 7 };
/** The referring hosts within a group, with their shares. */
const HOSTS: Partial<Record<ReferrerGroup, Record<string, number>>> = {
  search: { "www.google.com": 85, "www.bing.com": 10, "duckduckgo.com": 5 },
  social: { "www.linkedin.com": 45, "x.com": 30, "hotcopper.com.au": 25 },
  other: { "finance.yahoo.com": 60, "www.marketindex.com.au": 40 },
  // PRODUCT.md "Embeds": the sites framing our pieces (a client's investor page), kept as embed hosts.
  embed: { "investors.example.com": 100 },
};
/** Unique visitors as a share of the day's counted views. */
const UNIQUE_SHARE = 0.82;

export interface DemoAudienceRow {
  day: string;
  dimension: "referrer" | "referrer_host" | "embed_host" | "device";
  value: string;
  hits: number;
}

/** `total` split by `weights` (each varied by ±20 %), whole numbers that add up to `total` exactly. */
function split(total: number, weights: Record<string, number>, random: () => number): [string, number][] {
  const varied = Object.entries(weights).map(([key, weight]) => [key, weight * (0.8 + 0.4 * random())] as const);
  const sum = varied.reduce((acc, [, weight]) => acc + weight, 0);
  const shares = varied.map(([key, weight]) => ({ key, exact: (total * weight) / sum }));
  const parts = shares.map(({ key, exact }) => ({ key, n: Math.floor(exact), rest: exact - Math.floor(exact) }));
  let left = total - parts.reduce((acc, part) => acc + part.n, 0);
  for (const part of [...parts].sort((a, b) => b.rest - a.rest)) if (left-- > 0) part.n++;
  return parts.filter((part) => part.n > 0).map((part) => [part.key, part.n]);
}

/** The audience rows of one item's daily figures, and each day's uniques. */
export function demoAudience(figures: readonly DailyFigure[], seed: string): { rows: DemoAudienceRow[]; uniques: Map<string, number> } {
  const random = seededRandom(`audience:${seed}`);
  const rows: DemoAudienceRow[] = [];
  const uniques = new Map<string, number>();
  for (const { day, hits } of figures) {
    uniques.set(day, Math.max(1, Math.round(hits * UNIQUE_SHARE)));
    for (const [group, n] of split(hits, REFERRERS, random)) {
      rows.push({ day, dimension: "referrer", value: group, hits: n });
      const hosts = HOSTS[group as ReferrerGroup];
      const dimension = group === "embed" ? "embed_host" : "referrer_host";
      if (hosts) for (const [host, m] of split(n, hosts, random)) rows.push({ day, dimension, value: host, hits: m });
    }
    for (const [device, n] of split(hits, DEVICES, random)) rows.push({ day, dimension: "device", value: device, hits: n });
  }
  return { rows, uniques };
}

/** Plays as a share of the day's views (listens are plays already), and the shares of plays reaching each quarter. */
const PLAY_SHARE = { views: 0.6, listens: 1 } as const;
const REACHED = [0.74, 0.55, 0.41, 0.29] as const;

export interface DemoPlaysRow {
  day: string;
  plays: number;
  q25: number;
  q50: number;
  q75: number;
  q100: number;
  seconds: number;
}

/**
 * PRODUCT.md "Measurement": the plays of one item's daily figures, each quarter reached by fewer plays than
 * the one before, and the time played: a play that stopped in a quarter counts half of it, one that reached
 * a quarter all of it. `duration` is the item's length in seconds.
 */
export function demoPlays(
  figures: readonly DailyFigure[],
  { seed, counter, duration }: { seed: string; counter: "views" | "listens"; duration: number },
): DemoPlaysRow[] {
  const random = seededRandom(`plays:${seed}`);
  return figures.flatMap(({ day, hits }) => {
    const plays = Math.round(hits * PLAY_SHARE[counter]);
    if (plays === 0) return [];
    let reached = plays;
    const [q25, q50, q75, q100] = REACHED.map((share, i) => {
      const before = i === 0 ? 1 : REACHED[i - 1]!;
      reached = Math.min(reached, Math.round(reached * (share / before) * (0.9 + 0.2 * random())));
      return reached;
    }) as [number, number, number, number];
    const quarter = duration / 4;
    // Each play's whole quarters, and half of the quarter it stopped in (none for a finished play).
    const whole = q25 + q50 + q75 + q100;
    const stopped = plays - q100;
    return [{ day, plays, q25, q50, q75, q100, seconds: Math.round(quarter * whole + (quarter / 2) * stopped) }];
  });
}
