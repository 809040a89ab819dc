import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";

/** A one-shot message shown by the next page (a cookie read once in the root loader). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "mw_toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.BETTER_AUTH_URL?.startsWith("https://") ?? false,
    // The message is not secret; signing only stops tampering.
    secrets: [process.env.BETTER_AUTH_SECRET ?? "marketwire-toast"],
  },
});

export async function createToastHeaders(toast: z.input<typeof toastSchema>) {
  const session = await toastStorage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ "Set-Cookie": await toastStorage.destroySession(session) })
      : null,
  };
}
