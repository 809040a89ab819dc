import { data, redirect } from "react-router";

import { safeRedirectPath } from "~/lib/redirects";
import { themeSchema } from "~/lib/theme";
import { readForm } from "~/server/request-form.server";
import { serializeTheme } from "~/server/theme.server";

import type { Route } from "./+types/resources.theme";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = themeSchema.safeParse(form.get("theme"));
  if (!parsed.success) return data({ error: "Unknown theme" }, { status: 400 });
  const headers = { "Set-Cookie": await serializeTheme(parsed.data) };
  // Without JavaScript the form posts here directly: go back to where the visitor was.
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (redirectTo) return redirect(redirectTo, { headers });
  return data({ theme: parsed.data }, { headers });
}
