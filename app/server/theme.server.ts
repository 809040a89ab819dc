import { createCookie } from "react-router";

import { themeSchema, type Theme } from "~/lib/theme";

import { getEnv } from "./env.server";

const themeCookie = createCookie("mw_theme", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/** PRODUCT.md "Theme": the theme defaults to the system setting until the visitor picks one. */
export async function getTheme(request: Request): Promise<Theme> {
  return themeFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * The theme a Cookie header carries. Most readers send no theme cookie, and the page cache asks on every
 * request, so those are answered without parsing (PRODUCT.md "Page cache").
 */
export async function themeFromCookieHeader(cookieHeader: string | null | undefined): Promise<Theme> {
  if (!cookieHeader?.includes(`${themeCookie.name}=`)) return "system";
  const parsed = themeSchema.safeParse(await themeCookie.parse(cookieHeader));
  return parsed.success ? parsed.data : "system";
}

/**
 * The Set-Cookie value for a picked theme: `Secure` on an https site, like the toast cookie; decided on
 * each call, since tests change BETTER_AUTH_URL between files.
 */
export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme, { secure: getEnv().BETTER_AUTH_URL.startsWith("https://") });
}
