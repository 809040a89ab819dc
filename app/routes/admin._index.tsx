import { Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { formatViews } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";
import { getDashboardStats, type ContentStats } from "~/server/dashboard.server";
import { requireAdmin } from "~/server/session.server";

import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { stats: await getDashboardStats() };
  } catch (error) {
    // PRODUCT.md "Dashboard": a stats failure is only logged; the cards show '—'.
    console.error(`Dashboard stats failed (${new URL(request.url).pathname}):`, error);
    return { stats: null };
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | MarketWire Admin" }, NOINDEX];

interface CardInfo {
  type: ContentType;
  title: string;
  href: string;
  icon: IconName;
  viewsLabel: string;
}

/** PRODUCT.md "Dashboard": one card per content type, linking to its list. */
const CARDS: readonly CardInfo[] = CONTENT_TYPE_LIST.map((info) => ({
  type: info.key,
  title: info.listTitle,
  href: info.adminPath,
  icon: info.icon,
  viewsLabel: info.counter === "listens" ? "Total listens" : "Total views",
}));

/** PRODUCT.md "Dashboard", Quick Actions: the five create screens ('New Blog', 'New Feature': short labels). */
const QUICK_ACTION_LABELS: Record<ContentType, string> = {
  video: "New Video",
  podcast: "New Podcast",
  blog: "New Blog",
  interview: "New Interview",
  special_feature: "New Feature",
};
const QUICK_ACTIONS = CONTENT_TYPE_LIST.map((info) => ({
  label: QUICK_ACTION_LABELS[info.key],
  href: `${info.adminPath}/new`,
  icon: info.icon,
}));

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="text-muted-foreground">An overview of the site&apos;s content.</p>
      </div>

      <section aria-labelledby="content-stats">
        <h2 id="content-stats" className="sr-only">
          Content
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
          {CARDS.map((card) => (
            <li key={card.type}>
              <StatsCard card={card} stats={stats?.[card.type] ?? null} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quick-actions">
        <Card>
          <CardHeader>
            <CardTitle>
              <span id="quick-actions" className="text-lg">
                Quick Actions
              </span>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            {QUICK_ACTIONS.map(({ label, href, icon }) => (
              <Link key={href} to={href} className={buttonVariants({ variant: "outline" })}>
                <Icon name="plus" />
                <Icon name={icon} className="text-muted-foreground" />
                {label}
              </Link>
            ))}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

function StatsCard({ card, stats }: { card: CardInfo; stats: ContentStats | null }) {
  // '—' when the numbers could not be loaded (PRODUCT.md "Dashboard": the failure is only logged).
  const show = (value: number | undefined, format: (n: number) => string = (n) => n.toLocaleString("en-US")) =>
    value == null ? "—" : format(value);
  return (
    <Link to={card.href} className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <Card className="h-full transition-colors group-hover:border-primary/50">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{card.title}</CardTitle>
          <Icon name={card.icon} className="size-5 text-muted-foreground" />
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-bold tabular-nums">{show(stats?.total)}</span>
            <span className="text-sm text-muted-foreground">total</span>
          </p>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Published</dt>
              <dd className="font-medium tabular-nums text-gain">{show(stats?.published)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Draft</dt>
              <dd className="font-medium tabular-nums">{show(stats?.draft)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{card.viewsLabel}</dt>
              <dd className="font-medium tabular-nums">{show(stats?.views, formatViews)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </Link>
  );
}
