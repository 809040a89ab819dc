/**
 * The demo's mail figures (PRODUCT.md "Measurement", "Client reports"): for an item naming a demo company,
 * the sends and clicks of the mails that carried it over the last 90 days, so a fresh install's client
 * reports show what the newsletter and the company alerts brought. The item goes out once in the weekly
 * edition (Thursday, the first after its publication day) to about every subscriber, and once as an alert,
 * on its publication day, to its companies' followers; a few per cent of the mails bring a press of its
 * link, most on the day they arrive and fewer on each day after. Pure and deterministic, like
 * daily-traffic.ts.
 */
import type { MailChannel } from "~/lib/measurement";

import { seededRandom } from "./daily-traffic";

export const DEMO_MAIL_DAYS = 90;
/** The confirmed subscribers an edition goes to. */
export const DEMO_SUBSCRIBERS = 4_800;
/** The weekly edition's day (UTC): Thursday. */
const EDITION_WEEKDAY = 4;
/** Each mail's share of sends bringing a press, from the lower bound up to the upper. */
const CLICK_RATE: Record<MailChannel, [number, number]> = { newsletter: [0.025, 0.05], alert: [0.06, 0.12] };
/** How a mail's presses spread over the day it arrives and the days after. */
const CLICK_DAYS = [0.55, 0.22, 0.1, 0.06, 0.04, 0.03] as const;
/** Of the subscribers, the share whose mail the server accepts (the rest bounce or fail). */
const ACCEPTED: [number, number] = [0.97, 1];

const DAY_MS = 86_400_000;

export interface DemoMailRow {
  day: string;
  channel: MailChannel;
  sends: number;
  clicks: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The mail rows of one item published at `publishedAt`: the days from `days` days before `now` (UTC) to
 * `now`'s, none before the item's send, none after `now`. `followers` are the readers following the
 * companies it names (its alert's recipients). Sorted by day, then channel.
 */
export function demoMail({
  seed,
  publishedAt,
  now,
  followers,
  subscribers = DEMO_SUBSCRIBERS,
  days = DEMO_MAIL_DAYS,
}: {
  seed: string;
  publishedAt: Date;
  now: Date;
  followers: number;
  subscribers?: number;
  days?: number;
}): DemoMailRow[] {
  const random = seededRandom(`mail:${seed}`);
  const between = ([low, high]: [number, number]) => low + (high - low) * random();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const published = Date.UTC(publishedAt.getUTCFullYear(), publishedAt.getUTCMonth(), publishedAt.getUTCDate());
  const first = today - (days - 1) * DAY_MS;
  // The first Thursday after the publication day.
  const edition = published + (((EDITION_WEEKDAY - new Date(published).getUTCDay() + 6) % 7) + 1) * DAY_MS;
  const mails: { channel: MailChannel; day: number; sends: number }[] = [
    { channel: "newsletter", day: edition, sends: Math.round(subscribers * between(ACCEPTED)) },
    { channel: "alert", day: published, sends: Math.round(followers * between(ACCEPTED)) },
  ];
  const rows = new Map<string, DemoMailRow>();
  const add = (day: number, channel: MailChannel, sends: number, clicks: number) => {
    if (day < first || day > today || sends + clicks === 0) return;
    const key = `${dayOf(day)} ${channel}`;
    const row = rows.get(key) ?? { day: dayOf(day), channel, sends: 0, clicks: 0 };
    rows.set(key, { ...row, sends: row.sends + sends, clicks: row.clicks + clicks });
  };
  for (const mail of mails) {
    // An edition still to come (or a mail sent at `now` being read) has not been pressed yet beyond today.
    if (mail.sends === 0 || mail.day > today) continue;
    const clicks = Math.round(mail.sends * between(CLICK_RATE[mail.channel]));
    // Rounded down each day; the presses left over fall on the day the mail arrives.
    const spread = CLICK_DAYS.map((share) => Math.floor(clicks * share));
    spread[0]! += clicks - spread.reduce((sum, n) => sum + n, 0);
    spread.forEach((n, after) => add(mail.day + after * DAY_MS, mail.channel, after === 0 ? mail.sends : 0, n));
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.channel.localeCompare(b.channel));
}
