import { data, redirect } from "react-router";

import { followSchema, type FollowReply } from "~/lib/account";
import { NO_STORE } from "~/lib/cache-headers";
import { safeRedirectPath, signInPath } from "~/lib/redirects";
import { getCurrentUser } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { followCompany, followedCompanyIds, unfollowCompany } from "~/server/readers/follows.server";
import { readForm } from "~/server/request-form.server";
import { createToastHeaders } from "~/server/toast.server";

import type { Route } from "./+types/resources.follows";

/** PRODUCT.md "Following and alerts": the companies the signed-in account follows (the Follow buttons read it). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return data({ companyIds: user ? await followedCompanyIds(user.id) : [] }, { headers: NO_STORE });
}

/**
 * Follow or unfollow a company. The buttons post with a fetcher and read this JSON; before JavaScript they
 * are plain forms that send `redirectTo` and come back to the page with a toast. A visitor is sent to sign
 * in (or up) and back to the page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  const user = await getCurrentUser(request);
  if (!user) {
    const signIn = signInPath(back ?? "/companies");
    if (back) return redirect(signIn);
    return data<FollowReply>({ ok: false, error: "Sign in to follow companies.", signIn }, { status: 401, headers: NO_STORE });
  }
  const submission = parseSubmission(form, followSchema);
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {})[0]?.[0] ?? "Choose a company to follow.";
    return data<FollowReply>({ ok: false, error }, { status: 400, headers: NO_STORE });
  }
  const { companyId, intent } = submission.value;
  if (intent === "follow" && !(await followCompany(user.id, companyId))) {
    return data<FollowReply>({ ok: false, error: "There is no such company." }, { status: 404, headers: NO_STORE });
  }
  if (intent === "unfollow") await unfollowCompany(user.id, companyId);
  const following = intent === "follow";
  if (back) {
    const toast = following
      ? { type: "success" as const, title: "Following", description: "You will hear when something new is said about this company." }
      : { type: "success" as const, title: "Unfollowed", description: "You no longer follow this company." };
    return redirect(back, { headers: await createToastHeaders(toast) });
  }
  return data<FollowReply>({ ok: true, following }, { headers: NO_STORE });
}
