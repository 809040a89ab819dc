import { getToast } from "~/server/toast.server";

import { appRequest } from "./auth";

/** The flash toast a redirect sets, read the way the root loader reads it; null when it sets none. */
export async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) return null;
  return (await getToast(appRequest("/", { cookie }))).toast;
}
