/**
 * The demo's podcast downloads (PRODUCT.md "Measurement"): 90 days of counted downloads for every published
 * demo podcast and interview with audio, so a fresh install's lists and client reports show reach. A fifth
 * of an episode's listens (a tenth of an interview's views), spread over its life like its other figures
 * (`demoDailyFigures`), each download with a listener key of its own and an app and device in the
 * proportions podcast hosts report. Pure and deterministic, like daily-traffic.ts.
 */
import type { EpisodeType } from "~/lib/measurement";

import { demoDailyFigures, seededRandom } from "./daily-traffic";

export const DEMO_DOWNLOAD_DAYS = 90;

/** Apps with their devices and shares (of 100), as a large host's public figures roughly split them. */
const APPS: { app: string; device: string; share: number }[] = [
  { app: "Apple Podcasts", device: "Apple iPhone", share: 44 },
  { app: "Spotify", device: "Android Phone", share: 18 },
  { app: "Spotify", device: "Apple iPhone", share: 12 },
  { app: "Overcast", device: "Apple iPhone", share: 8 },
  { app: "Pocket Casts", device: "Android Phone", share: 7 },
  { app: "AppleCoreMedia", device: "Apple Computer", share: 6 },
  { app: "Chrome", device: "Windows Computer", share: 5 },
];

export interface DemoDownload {
  episodeType: EpisodeType;
  episodeId: string;
  day: string;
  listener: string;
  app: string;
  device: string;
  countedAt: Date;
}

export function demoDownloads({
  episodeType,
  episodeId,
  total,
  publishedAt,
  now,
}: {
  episodeType: EpisodeType;
  episodeId: string;
  /** The episode's downloads over its life. */
  total: number;
  publishedAt: Date;
  now: Date;
}): DemoDownload[] {
  const random = seededRandom(`downloads:${episodeId}`);
  const pick = () => {
    let roll = random() * 100;
    for (const entry of APPS) if ((roll -= entry.share) < 0) return entry;
    return APPS[0]!;
  };
  return demoDailyFigures({ total, publishedAt, now, days: DEMO_DOWNLOAD_DAYS, seed: `downloads:${episodeId}` }).flatMap(({ day, hits }) =>
    Array.from({ length: hits }, (_, n) => {
      const { app, device } = pick();
      // Within the day, never after `now` on its last day.
      const start = Date.parse(`${day}T00:00:00Z`);
      const at = new Date(Math.min(now.getTime(), start + Math.floor(random() * 86_400_000)));
      return {
        episodeType,
        episodeId,
        day,
        listener: `demo-${day}-${n}-${Math.floor(random() * 1e9).toString(36)}`,
        app,
        device,
        countedAt: at,
      };
    }),
  );
}
