import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { z } from "zod";

import { getEnv } from "./env.server";
import { getServerSecret } from "./secret.server";

/** A one-shot message shown by the next page (a cookie read once in the root loader). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});

type ToastStorage = SessionStorage;
let storage: { secret: string; storage: ToastStorage } | undefined;

/**
 * Built on first use, signed with the server secret that signs sessions (PRODUCT.md "Security"): a fixed
 * fallback secret would let anyone forge a toast.
 */
function toastStorage(): ToastStorage {
  const secret = getServerSecret();
  if (storage?.secret !== secret) {
    const env = getEnv();
    storage = {
      secret,
      storage: createCookieSessionStorage({
        cookie: {
          name: "mw_toast",
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: env.BETTER_AUTH_URL.startsWith("https://"),
          // The message is not secret; signing only stops tampering.
          secrets: [secret],
        },
      }),
    };
  }
  return storage.storage;
}

export async function createToastHeaders(toast: z.input<typeof toastSchema>) {
  const session = await toastStorage().getSession();
  session.flash("toast", toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }) : null,
  };
}
