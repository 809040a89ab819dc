import { Link, useRouteLoaderData } from "react-router";

import { DailyChart } from "~/components/admin/daily-chart";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { formatViews } from "~/lib/format";
import { can } from "~/lib/roles";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { getDashboardStats, type ContentStats } from "~/server/content/dashboard.server";
import { dailyTotals } from "~/server/counting/daily-stats.server";
import { pageUrl } from "~/server/http/page-url.server";
import { logError } from "~/server/log.server";

import type { Route } from "./+types/admin._index";
import type { loader as adminLayoutLoader } from "./admin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "admin.enter");
  // PRODUCT.md "Dashboard": a failure is only logged; the cards show '—', the chart a short message.
  const [stats, daily] = await Promise.all([
    readOrNull("Dashboard stats", request, getDashboardStats),
    readOrNull("Dashboard daily figures", request, () => dailyTotals()),
  ]);
  return { stats, daily };
}

async function readOrNull<T>(what: string, request: Request, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logError(`${what} failed (${pageUrl(request).pathname})`, error);
    return null;
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
  const { stats, daily } = loaderData;
  // PRODUCT.md "Inbox": the layout reads the unread count for the side bar; the dashboard shows the same.
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin");
  const unreadMessages = layout?.unreadMessages ?? null;
  // PRODUCT.md "Roles": each role sees only what it may use.
  const role = layout?.user.role ?? "reader";
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

      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="views-over-time" className="min-w-0 lg:col-span-2">
          <Card className="h-full">
            <CardHeader>
              <CardTitle>
                <span id="views-over-time" className="text-lg">
                  Views over time
                </span>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {daily ? (
                <DailyChart
                  figures={daily}
                  series={["views", "listens"]}
                  label={`Views and listens of all content, per day, last ${daily.length} days`}
                />
              ) : (
                <p className="text-sm text-muted-foreground">The daily figures could not be loaded.</p>
              )}
            </CardContent>
          </Card>
        </section>
        <div className="flex min-w-0 flex-col gap-4">
          {can(role, "inbox.read") ? (
            <section aria-labelledby="inbox-summary">
              <h2 id="inbox-summary" className="sr-only">
                Inbox
              </h2>
              <UnreadMessagesCard count={unreadMessages} />
            </section>
          ) : null}

          {can(role, "content.create") ? (
            <section aria-labelledby="quick-actions" className="flex-1">
              <Card className="h-full">
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
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** PRODUCT.md "Inbox": 'N unread messages', leading to the messages; '—' when the count could not be read. */
function UnreadMessagesCard({ count }: { count: number | null }) {
  return (
    <Link to="/admin/messages" className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <Card className="h-full transition-colors group-hover:border-primary/50">
        <CardHeader row>
          <CardTitle>Messages</CardTitle>
          <Icon name="message-square" className="size-5 text-muted-foreground" />
        </CardHeader>
        <CardContent>
          <p className="flex items-baseline gap-2" data-testid="dashboard-unread">
            <span className="text-3xl font-bold tabular-nums">{count == null ? "—" : count.toLocaleString("en-US")}</span>
            <span className="text-sm text-muted-foreground">{count === 1 ? "unread message" : "unread messages"}</span>
          </p>
        </CardContent>
      </Card>
    </Link>
  );
}

function StatsCard({ card, stats }: { card: CardInfo; stats: ContentStats | null }) {
  // '—' when the numbers could not be loaded (PRODUCT.md "Dashboard": the failure is only logged).
  const show = (value: number | undefined, format: (n: number) => string = (n) => n.toLocaleString("en-US")) =>
    value == null ? "—" : format(value);
  return (
    <Link to={card.href} className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <Card className="h-full transition-colors group-hover:border-primary/50">
        <CardHeader row>
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
              {/* The theme's gain green is too light for small text on a light card (WCAG contrast). */}
              <dd className="font-medium tabular-nums text-emerald-700 dark:text-gain">{show(stats?.published)}</dd>
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
          {/* PRODUCT.md "Transcripts": published audio and video still owing readers a transcript. */}
          {stats?.needsTranscript ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              <span className="font-medium tabular-nums">{stats.needsTranscript.toLocaleString("en-US")}</span> need a transcript
            </p>
          ) : null}
        </CardContent>
      </Card>
    </Link>
  );
}
