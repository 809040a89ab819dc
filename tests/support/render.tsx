/** Renders components in a DOM for @testing-library queries (import "./dom" first in the test file). */
import "./dom";

import { cleanup, render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach } from "vitest";

afterEach(cleanup);

/**
 * Renders `Component` as the route matching `url` (its pathname, unless `path` is given) through
 * createRoutesStub, with `loaderData` as its loader's data, so links, forms and useLoaderData work.
 * The page replaces any page rendered before it, so `screen` sees one page.
 */
export function renderRoute(Component: ComponentType<never>, url = "/", options: { path?: string; loaderData?: unknown } = {}) {
  cleanup();
  const path = options.path ?? new URL(url, "http://localhost").pathname;
  // A route component's props are its module's typed loader data; the stub passes the data given here.
  const Stub = createRoutesStub([{ id: "route", path, Component: Component as ComponentType }]);
  return render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { route: options.loaderData } }} />);
}
