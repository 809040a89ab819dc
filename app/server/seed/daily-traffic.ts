/**
 * The demo's daily figures (PRODUCT.md "Views over time"): how a demo item's stored total could have come
 * in, day by day, so a fresh install's dashboard and edit-screen charts show traffic. Shaped like real
 * traffic: a peak in the first days after publication that decays into a long tail, weekdays busier than
 * weekends, some day-to-day noise. Pure and deterministic: the same item, total and moment give the same
 * figures on every seed and in every test.
 */

export interface DailyFigure {
  /** The UTC date, as PostgreSQL's `date` text: '2026-05-13'. */
  day: string;
  hits: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How fast the launch peak fades (days), and the long tail's share and pace. */
const PEAK_DAYS = 1.5;
const TAIL_SHARE = 0.03;
const TAIL_DAYS = 90;
/** Saturdays and Sundays (UTC) bring this share of a weekday's readers. */
const WEEKEND_FACTOR = 0.6;
/** Each day's figure varies by up to ±15 %. */
const NOISE = 0.3;

/** A small seeded generator (mulberry32, seeded by a string hash): the same `seed` gives the same numbers. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Midnight UTC of `at`'s day, in milliseconds. */
function utcMidnight(at: Date): number {
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
}

/** The relative traffic of day `age` after publication (0: the day it came out), before rhythm and noise. */
function lifeCurve(age: number): number {
  return (1 + age) * Math.exp(-age / PEAK_DAYS) + TAIL_SHARE * Math.exp(-age / TAIL_DAYS);
}

/**
 * The figures of the last `days` days (UTC, ending with `now`'s) of an item published at `publishedAt`
 * whose lifetime count is `total`: the total is spread over every day since publication, so the days
 * shown add up to at most the total (all of it for an item younger than the window). Only days with hits,
 * none before publication, oldest first.
 */
export function demoDailyFigures({
  total,
  publishedAt,
  now,
  days = 60,
  seed,
}: {
  total: number;
  publishedAt: Date;
  now: Date;
  days?: number;
  seed: string;
}): DailyFigure[] {
  const first = utcMidnight(publishedAt);
  const today = utcMidnight(now);
  if (total <= 0 || first > today) return [];
  const random = seededRandom(seed);
  const lifetime = Math.round((today - first) / DAY_MS) + 1;
  const weights = Array.from({ length: lifetime }, (_, age) => {
    const weekday = new Date(first + age * DAY_MS).getUTCDay();
    const rhythm = weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1;
    return lifeCurve(age) * rhythm * (1 - NOISE / 2 + NOISE * random());
  });
  const scale = total / weights.reduce((sum, weight) => sum + weight, 0);
  const figures: DailyFigure[] = [];
  for (let age = Math.max(0, lifetime - days); age < lifetime; age++) {
    // Rounded down, so the figures never add up to more than the total.
    const hits = Math.floor(weights[age]! * scale);
    if (hits > 0) figures.push({ day: new Date(first + age * DAY_MS).toISOString().slice(0, 10), hits });
  }
  return figures;
}
