/**
 * The account page's action (PRODUCT.md "Account"): one form per intent, each with its Zod schema; a
 * refusal comes back as field messages (status 400), a success as a redirect with a toast.
 */
import { data, redirect } from "react-router";

import { ACCOUNT_TEXTS, changePasswordSchema, deleteAccountSchema, followSchema, preferencesSchema } from "~/lib/account";
import { NO_STORE } from "~/lib/cache-headers";
import { signInPath } from "~/lib/redirects";

import { appendSetCookies, changePassword, signOutSession } from "../auth/auth-actions.server";
import { getCurrentUser } from "../auth/session.server";
import { parseSubmission } from "../form-submission.server";
import { readForm } from "../request-form.server";
import { redirectWithToast } from "../toast.server";
import { deleteAccount, saveMailPreferences } from "./account.server";
import { followedCompanies, unfollowCompany } from "./follows.server";

export interface AccountActionData {
  intent: "password" | "delete" | "preferences" | "unfollow";
  /** Messages per field. */
  errors?: Record<string, string[] | null | undefined>;
}

const refused = (intent: AccountActionData["intent"], errors: AccountActionData["errors"], status = 400) =>
  data<AccountActionData>({ intent, errors }, { status, headers: NO_STORE });

export async function accountAction(request: Request) {
  const form = await readForm(request);
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signInPath("/account"));
  const intent = form.get("intent");

  if (intent === "unfollow") {
    const submission = parseSubmission(form, followSchema);
    if (submission.status !== "success") return refused("unfollow", submission.reply().error ?? {});
    const company = (await followedCompanies(user.id)).find((c) => c.id === submission.value.companyId);
    await unfollowCompany(user.id, submission.value.companyId);
    return redirectWithToast("/account", {
      type: "success",
      title: "Unfollowed",
      description: ACCOUNT_TEXTS.unfollowed(company?.name ?? "this company"),
    });
  }

  if (intent === "preferences") {
    const submission = parseSubmission(form, preferencesSchema);
    if (submission.status !== "success") return refused("preferences", submission.reply().error ?? {});
    await saveMailPreferences(user, { newsletter: submission.value.newsletter === "on", alerts: submission.value.alerts });
    return redirectWithToast("/account", { type: "success", title: "Preferences saved", description: ACCOUNT_TEXTS.preferencesSaved });
  }

  if (intent === "password") {
    const submission = parseSubmission(form, changePasswordSchema);
    if (submission.status !== "success") return refused("password", submission.reply().error ?? {});
    const result = await changePassword(request, submission.value);
    if (!result.ok) {
      const field = result.fieldErrors?.password ? "newPassword" : "currentPassword";
      return refused("password", { [field]: [result.description] }, result.status);
    }
    const response = await redirectWithToast("/account", {
      type: "success",
      title: "Password changed",
      description: ACCOUNT_TEXTS.passwordChanged,
    });
    return appendSetCookies(response, result.setCookies);
  }

  if (intent === "delete") {
    const submission = parseSubmission(form, deleteAccountSchema);
    if (submission.status !== "success") return refused("delete", submission.reply().error ?? {});
    const result = await deleteAccount(user, submission.value.password);
    if (!result.ok) {
      const message = result.reason === "staff" ? ACCOUNT_TEXTS.staffCannotDelete : ACCOUNT_TEXTS.wrongPassword;
      return refused("delete", { password: [message] }, result.reason === "staff" ? 403 : 400);
    }
    // The sessions are gone with the account; this clears the browser's cookie too.
    const signedOut = await signOutSession(request);
    const response = await redirectWithToast("/", { type: "success", title: "Account deleted", description: ACCOUNT_TEXTS.deleted });
    return signedOut.ok ? appendSetCookies(response, signedOut.setCookies) : response;
  }

  // A forged intent: nothing to change.
  throw data({ error: "Choose what to change: preferences, password, unfollow or delete." }, { status: 400, headers: NO_STORE });
}
