import type * as React from "react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";

import { PaidLabel } from "~/components/content/paid-label";
import { FeaturedCarousel } from "~/components/site/featured-carousel";
import { NewsletterBox } from "~/components/site/newsletter-box";
import { PodcastCard } from "~/components/site/podcast-card";
import { VideoCard } from "~/components/site/video-card";
import { Icon, type IconName } from "~/components/ui/icon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { formatDate, formatDuration } from "~/lib/format";
import { metaFromLoader } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { getHomePodcasts } from "~/server/content/podcasts.server";
import { getHomeVideos } from "~/server/content/videos.server";
import { sitePageMeta } from "~/server/seo/seo.server";
import { homeStructuredData } from "~/server/seo/structured-data.server";

import type { Route } from "./+types/home";

export async function loader() {
  // Every block of the page in one round of parallel queries.
  const [videos, podcasts] = await Promise.all([getHomeVideos(), getHomePodcasts()]);
  const meta = sitePageMeta({
    title: "MarketWire | Market Insights, Interviews & Podcasts",
    description: "MarketWire connects investors with companies through market insights: video interviews, podcasts and analysis.",
    path: "/",
    structuredData: homeStructuredData(),
  });
  return { videos, podcasts, meta };
}

export const headers = publicPageHeaders;

// Subscribing to the newsletter changes nothing this page shows.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/resources/newsletter" ? false : defaultShouldRevalidate;
}

export const meta = metaFromLoader;

/** PRODUCT.md "Home": five podcast platforms (placeholders: each links to the platform's home page). */
const PLATFORMS: { name: string; href: string; icon: IconName }[] = [
  { name: "Spotify", href: "https://open.spotify.com/", icon: "eighth-notes" },
  { name: "Apple Podcasts", href: "https://podcasts.apple.com/", icon: "mic-signal" },
  { name: "YouTube Music", href: "https://music.youtube.com/", icon: "eighth-note" },
  { name: "Amazon Music", href: "https://music.amazon.com/", icon: "headphones" },
  { name: "Pocket Casts", href: "https://pocketcasts.com/", icon: "radio" },
];

/** PRODUCT.md "Home": six placeholder sponsor logos (styled text, no third-party marks). */
const SPONSORS = [
  { name: "Northbridge Capital", style: "text-base font-serif tracking-tight" },
  { name: "ATLAS SECURITIES", style: "font-black tracking-[0.2em] text-sm" },
  { name: "meridian bank", style: "text-base font-light lowercase tracking-wide" },
  { name: "Summit Analytics", style: "text-base font-semibold italic" },
  { name: "HARBOR FUNDS", style: "font-bold tracking-widest text-sm" },
  { name: "Vertex Exchange", style: "text-base font-mono font-semibold" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { videos, podcasts } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-16 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="sr-only">MarketWire: market insights, interviews and podcasts</h1>

      {/* Featured carousel and the latest videos beside it */}
      <section aria-labelledby="featured-heading">
        <SectionHeading
          id="featured-heading"
          icon="video"
          title="Featured Videos"
          action={<ViewAll to="/videos">View All Videos</ViewAll>}
        />
        {videos.carousel.length === 0 ? (
          <EmptyNote>No videos available</EmptyNote>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FeaturedCarousel videos={videos.carousel} />
            <div>
              <h3 className="mb-4 text-sm font-semibold tracking-widest text-muted-foreground uppercase">Latest</h3>
              {videos.latest.length === 0 ? (
                <p className="text-sm text-muted-foreground">No videos available</p>
              ) : (
                <ul className="space-y-4">
                  {videos.latest.map((video) => (
                    <li key={video.id}>
                      <VideoCard video={video} layout="compact" headingLevel="h3" />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </section>

      {/* Most Watched #1–#5 */}
      <section aria-labelledby="most-watched-heading">
        <SectionHeading id="most-watched-heading" title="Most Watched" />
        {videos.mostWatched.length === 0 ? (
          <EmptyNote>No videos available</EmptyNote>
        ) : (
          <ol className="grid gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
            {videos.mostWatched.map((video, i) => (
              <li key={video.id}>
                <VideoCard video={video} rank={i + 1} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {/* Podcasts */}
      <section aria-labelledby="podcasts-heading" className="space-y-6">
        <SectionHeading
          id="podcasts-heading"
          icon="headphones"
          title="Podcasts"
          action={<ViewAll to="/podcasts">View All</ViewAll>}
          flush
        />
        <div className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center">
          <h3 className="shrink-0 text-sm font-semibold">Listen &amp; Subscribe on</h3>
          <ul className="flex flex-wrap gap-2">
            {PLATFORMS.map(({ name, href, icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1.5 text-sm font-medium transition-colors outline-none hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <Icon name={icon} className="size-4" />
                  {name}
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {podcasts.featured.length === 0 ? (
              <EmptyNote>No podcasts available</EmptyNote>
            ) : (
              <ul className="grid gap-6 sm:grid-cols-2">
                {podcasts.featured.map((podcast) => (
                  <li key={podcast.id} className="flex">
                    <PodcastCard podcast={podcast} className="w-full" />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <aside aria-labelledby="new-episodes-heading" className="rounded-xl border bg-card p-5 shadow-sm">
            <h3 id="new-episodes-heading" className="mb-4 flex items-center gap-2 font-semibold">
              <Icon name="bell-ring" className="size-4 text-primary" />
              New Episode Alert!
            </h3>
            {podcasts.recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent episodes available</p>
            ) : (
              <ul className="divide-y">
                {podcasts.recent.map((podcast) => (
                  <li key={podcast.id} className="py-3 first:pt-0 last:pb-0">
                    <Link
                      to={`/podcast/${podcast.id}`}
                      className="line-clamp-2 rounded-sm text-sm font-medium outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      {podcast.title}
                    </Link>
                    {podcast.paidPromotion ? <PaidLabel className="mt-1" /> : null}
                    <p className="mt-1 flex items-center gap-3 text-xs text-muted-foreground">
                      {podcast.publishedAt ? (
                        <time dateTime={new Date(podcast.publishedAt).toISOString()}>{formatDate(podcast.publishedAt)}</time>
                      ) : null}
                      {podcast.duration != null ? (
                        <span className="inline-flex items-center gap-1">
                          <Icon name="clock" className="size-3" />
                          {formatDuration(podcast.duration)}
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      </section>

      {/* Sponsors */}
      <section aria-labelledby="sponsors-heading">
        <h2 id="sponsors-heading" className="mb-6 text-center text-xs font-semibold tracking-widest text-muted-foreground uppercase">
          Our Sponsors
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {SPONSORS.map((sponsor) => (
            <li
              key={sponsor.name}
              className="flex h-20 items-center justify-center rounded-lg border bg-card px-3 text-center text-muted-foreground grayscale transition-colors hover:text-foreground"
            >
              <span className={sponsor.style}>{sponsor.name}</span>
            </li>
          ))}
        </ul>
      </section>

      <NewsletterBox />
    </div>
  );
}

function SectionHeading({
  id,
  title,
  icon,
  action,
  flush = false,
}: {
  id: string;
  title: string;
  icon?: IconName;
  action?: React.ReactNode;
  /** No space below: the section spaces its children itself. */
  flush?: boolean;
}) {
  return (
    <div className={cn("flex items-end justify-between gap-4 border-b pb-3", !flush && "mb-6")}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
        {icon ? <Icon name={icon} className="size-5 shrink-0 text-primary sm:size-6" /> : null}
        {title}
      </h2>
      {action}
    </div>
  );
}

function ViewAll({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm font-semibold text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
      <Icon name="arrow-right" className="size-4" />
    </Link>
  );
}

function EmptyNote({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center text-muted-foreground">{children}</p>;
}
