import { Link } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Badge } from "~/components/ui/badge";
import { Icon, type IconName } from "~/components/ui/icon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { getProgrammeStats } from "~/server/content/programme.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/programme";

// Without the database the cards still lead on; only the count is missing (503, like every list).
export async function loader({ request }: Route.LoaderArgs) {
  const meta = sitePageMeta({
    title: "Programme | MarketWire",
    description: "Interviews, podcasts and special features from MarketWire.",
    path: "/programme",
  });
  return loadPublicList(request, "the programme", getProgrammeStats, { totalVideos: null }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

interface ProgrammeCard {
  to: string;
  title: string;
  description: string;
  icon: IconName;
  badge?: string;
}

export default function Programme({ loaderData }: Route.ComponentProps) {
  const { totalVideos } = loaderData;
  // PRODUCT.md "Public pages": three cards; the Interviews card's badge is the published video count.
  const cards: ProgrammeCard[] = [
    {
      to: "/interviews",
      title: "Interviews",
      description: "On-camera conversations with chief executives, founders and fund managers about strategy, results and outlook.",
      icon: "mic",
      badge: totalVideos === null ? undefined : `${totalVideos} ${totalVideos === 1 ? "video" : "videos"}`,
    },
    {
      to: "/podcasts",
      title: "Podcasts",
      description: "Long-form audio on markets, sectors and the ideas moving them, for the commute or the desk.",
      icon: "headphones",
    },
    {
      to: "/special-features",
      title: "Special Features",
      description: "Market analysis, exclusive reports, expert insight and deep dives from our research desk.",
      icon: "sparkles",
    },
  ];

  return (
    <section className={PAGE_CONTAINER} aria-labelledby="programme-title">
      <PageIntro id="programme-title" eyebrow="Programme" title="Our Programme">
        <p>Three ways to hear directly from the companies and investors shaping the market.</p>
      </PageIntro>
      <ul className="grid gap-6 md:grid-cols-3">
        {cards.map(({ to, title, description, icon, badge }) => (
          <li key={to}>
            <article className="group relative flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon name={icon} className="size-6" />
                </span>
                {badge ? (
                  <Badge variant="secondary" data-testid="programme-video-count">
                    {badge}
                  </Badge>
                ) : null}
              </div>
              <h2 className="text-xl font-semibold">
                <Link to={to} prefetch="intent" className="outline-none after:absolute after:inset-0 after:content-['']">
                  {title}
                </Link>
              </h2>
              <p className="text-sm text-muted-foreground">{description}</p>
              <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary">
                Explore <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
