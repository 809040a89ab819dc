import * as React from "react";
import { Link, useFetcher, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { FollowReply } from "~/lib/account";
import { signInPath } from "~/lib/redirects";
import { useHydrated } from "~/lib/use-hydrated";

import { useAuthIfProvided } from "./auth-provider";

/** The followed companies, asked once per page and account and shared by every button on it. */
let followed: { userId: string; ids: Promise<Set<string>> } | null = null;

function followedIds(userId: string): Promise<Set<string>> {
  if (followed?.userId !== userId) {
    const ids = fetch("/resources/follows", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ companyIds: string[] }>) : { companyIds: [] }))
      .then((body) => new Set(body.companyIds))
      .catch(() => new Set<string>());
    followed = { userId, ids };
  }
  return followed.ids;
}

/**
 * PRODUCT.md "Following and alerts": 'Follow' a company, 'Following' once followed (pressing it again
 * unfollows). Public pages are the same for everyone, so whether the reader follows is asked in the browser;
 * a visitor is sent to sign in (or up) and back here. Before JavaScript it is a plain form.
 */
export function FollowButton({ companyId, companyName, compact }: { companyId: string; companyName: string; compact?: boolean }) {
  const auth = useAuthIfProvided();
  const user = auth?.user ?? null;
  const loading = auth?.loading ?? true;
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<FollowReply>();
  const [stored, setStored] = React.useState<boolean | null>(null);

  React.useEffect(() => {
    if (!user) return;
    let current = true;
    void followedIds(user.id).then((ids) => current && setStored(ids.has(companyId)));
    return () => {
      current = false;
    };
  }, [user, companyId]);

  const reply = fetcher.data;
  React.useEffect(() => {
    if (!reply?.ok || !followed) return;
    void followed.ids.then((ids) => (reply.following ? ids.add(companyId) : ids.delete(companyId)));
  }, [reply, companyId]);

  const here = location.pathname + location.search;
  // Plain class strings: item pages sit at their first-load budget (PRODUCT.md "Speed").
  const style = `inline-flex items-center gap-1.5 rounded-md border font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:opacity-60 ${compact ? "h-7 px-2 text-xs" : "h-9 px-3 text-sm"}`;
  const plain = "border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-white";
  const name = <span className="sr-only"> {companyName}</span>;

  if (hydrated && !loading && !user) {
    return (
      <Link to={signInPath(here)} className={`${style} ${plain}`}>
        <Icon name="plus" className="size-4" />
        Follow{name}
      </Link>
    );
  }

  // While the request is under way the button shows what it asked for.
  const asked = fetcher.formData?.get("intent");
  const following = asked ? asked === "follow" : reply?.ok ? reply.following : stored === true;
  return (
    <fetcher.Form method="post" action="/resources/follows" className="inline-flex">
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
      <input type="hidden" name="companyId" value={companyId} />
      <button
        type="submit"
        name="intent"
        value={following ? "unfollow" : "follow"}
        aria-pressed={following}
        disabled={hydrated && (loading || stored === null)}
        className={`${style} ${following ? "border-sky-700 bg-sky-700 text-white hover:bg-sky-800" : plain}`}
      >
        <Icon name={following ? "check" : "plus"} className="size-4" />
        {following ? "Following" : "Follow"}
        {name}
      </button>
    </fetcher.Form>
  );
}
