/** Opening and rendering a newsletter link page (/newsletter/confirm, /newsletter/unsubscribe) in its tests. */
import "./dom";

import { screen } from "@testing-library/react";
import type { ComponentType } from "react";

import { appRequest } from "./auth";
import { renderRoute } from "./render";
import { callRoute } from "./route";

type RouteFunction = (args: never) => unknown;

/** The page's `open` (its loader's answer for a GET, its action's for a POST), `render` and `heading` (its notice's title). */
export function newsletterLinkPage<Loader extends RouteFunction, Action extends RouteFunction>(
  Page: ComponentType<never>,
  loader: Loader,
  action: Action,
) {
  return {
    open: (path: string, method: "GET" | "POST" = "GET") =>
      callRoute(method === "GET" ? loader : action, appRequest(path, { method }), { throws: false }),
    render: (path: string, loaderData: unknown) => renderRoute(Page, path, { loaderData }).container,
    heading: () => screen.getByRole("heading", { level: 1 }).textContent,
  };
}
