import { createCookie } from "react-router";

import { themeSchema, type Theme } from "~/lib/theme";

const themeCookie = createCookie("mw_theme", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/** PRODUCT.md "Theme": the theme defaults to the system setting until the visitor picks one. */
export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  const parsed = themeSchema.safeParse(value);
  return parsed.success ? parsed.data : "system";
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}
