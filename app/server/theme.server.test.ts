import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { getTheme, serializeTheme, themeFromCookieHeader } from "./theme.server";

restoreEnvAfterEach(["BETTER_AUTH_URL"]);

/** The Cookie header a browser sends back after the theme was set. */
async function cookieFor(theme: "light" | "dark" | "system") {
  return (await serializeTheme(theme)).split(";")[0]!;
}

describe('the theme a request carries (PRODUCT.md "Theme")', () => {
  it("is the system's without a theme cookie, whatever other cookies there are", async () => {
    expect(await themeFromCookieHeader(undefined)).toBe("system");
    expect(await themeFromCookieHeader("")).toBe("system");
    expect(await themeFromCookieHeader("better-auth.session_token=abc; mw_toast=x")).toBe("system");
  });

  it("is the one the cookie names, among other cookies", async () => {
    expect(await themeFromCookieHeader(await cookieFor("dark"))).toBe("dark");
    expect(await themeFromCookieHeader(`a=1; ${await cookieFor("light")}; b=2`)).toBe("light");
    expect(await getTheme(new Request("http://localhost/", { headers: { Cookie: await cookieFor("dark") } }))).toBe("dark");
  });

  it("falls back to the system's for a cookie it does not know", async () => {
    expect(await themeFromCookieHeader("mw_theme=purple")).toBe("system");
    expect(await themeFromCookieHeader("mw_theme=%00%00")).toBe("system");
  });
});

describe("the theme cookie", () => {
  /** The attributes of a Set-Cookie value, lower-cased, without the name and value. */
  const attributes = (setCookie: string) =>
    setCookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it("is Secure on an https site", async () => {
    setEnv({ BETTER_AUTH_URL: "https://marketwire.example" });
    expect(attributes(await serializeTheme("dark"))).toContain("secure");
  });

  it("is not Secure on an http site (development), which would otherwise never get it back", async () => {
    setEnv({ BETTER_AUTH_URL: "http://localhost:3000" });
    const setCookie = await serializeTheme("dark");
    expect(attributes(setCookie)).not.toContain("secure");
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["path=/", "samesite=lax", `max-age=${60 * 60 * 24 * 365}`]));
  });
});
