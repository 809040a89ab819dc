import type * as React from "react";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { publicPageHeaders } from "~/lib/cache-headers";
import { METHODOLOGY_PATH } from "~/lib/measurement";
import { metaFromLoader } from "~/lib/seo";
import { methodologyFacts } from "~/server/measurement/methodology.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/methodology";

export function loader() {
  return {
    facts: methodologyFacts(),
    meta: sitePageMeta({
      title: "How we count | MarketWire",
      description: "How MarketWire counts podcast downloads, listeners and web listens, and what it never stores.",
      path: METHODOLOGY_PATH,
    }),
  };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-col gap-3 text-muted-foreground [&_li]:ml-5 [&_li]:list-disc">{children}</div>
    </section>
  );
}

/** PRODUCT.md "Measurement": the public statement of how downloads are counted, for readers and clients. */
export default function Methodology({ loaderData }: Route.ComponentProps) {
  const { facts } = loaderData;
  const list = facts.userAgents;
  return (
    <div className={PAGE_CONTAINER}>
      <PageIntro eyebrow="Methodology" title="How we count">
        <p>
          Podcast downloads follow the IAB Tech Lab Podcast Measurement Technical Guidelines (version 2). Nothing we keep can identify a
          listener or a reader.
        </p>
      </PageIntro>
      <div className="grid max-w-3xl gap-6">
        <Section id="downloads" title="Podcast downloads">
          <p>
            Every episode in our podcast feed is fetched through one address of ours for the life of the episode. A download is counted when
            one listener has received the episode&rsquo;s header and {facts.thresholdSeconds} seconds of its audio, worked out from the
            file&rsquo;s bitrate (or, when a file does not state it, {facts.fallbackKbps} kbit/s). An episode no longer than that counts
            only when the whole file has been received. The pieces an app asks for one after another are added together.
          </p>
          <p>
            <strong className="text-foreground">The window.</strong> A listener is one network address together with one app, within one
            calendar day in UTC (00:00 to 24:00). A listener counts at most once per episode per day, however often the app asks again.
            Listeners are the distinct listeners with a download on each day, added up over the days.
          </p>
        </Section>
        <Section id="excluded" title="What is never counted">
          <ul>
            <li>Requests that only ask about the file (HEAD), or that the app already has (304 Not Modified), and failed requests.</li>
            <li>
              Requests for the first two bytes only (<code>bytes=0-1</code>), which players send to test a file.
            </li>
            <li>
              Known bots, crawlers and server-side download tools, and Apple Podcasts on the Apple Watch, which repeats a download already
              made on the phone.
            </li>
          </ul>
          <p>
            Apps, bots and devices are recognised with the Open Podcast Analytics Working Group&rsquo;s user-agent list,{" "}
            <a className="text-primary underline underline-offset-4" href={list.source}>
              user-agents-v2
            </a>{" "}
            (version {list.commit}, {list.date}, {list.licence} licence). Player libraries that apps are built on count, named as the
            library.
          </p>
        </Section>
        <Section id="web" title="Web listens and views">
          <p>
            A press of Play on our own pages is a web listen, counted apart from downloads. Our web player fetches nothing until Play is
            pressed, so a page view is never a download.
          </p>
        </Section>
        <Section id="privacy" title="What we keep">
          <ul>
            <li>
              Network addresses are never stored. Each request keeps a one-way hash of the address (for IPv6, of its first 64 bits) made
              with a random key of the day; the key is deleted {facts.saltGraceMinutes} minutes after the day ends, so a hash can never be
              tied back to an address or to the same listener on another day.
            </li>
            <li>We keep only the host of a referring page, and set no cookie.</li>
            <li>
              The request records are kept {facts.retentionDays} days, then deleted. The downloads counted from them are kept per listener
              (a hash under the day&rsquo;s deleted key) for {facts.retentionDays} days too; after that only daily totals stay: downloads
              and listeners per episode, day, app and device. Figures are brought up to date every{" "}
              {facts.intervalSeconds === 1 ? "second" : `${facts.intervalSeconds} seconds`}.
            </li>
            <li>
              For views and web listens we keep per item and day only counts: views, unique visitors, referrer groups and hosts, and device
              classes. A visitor&rsquo;s hash (under the day&rsquo;s key) is kept only until the day after, to count them once.
            </li>
          </ul>
        </Section>
      </div>
    </div>
  );
}
