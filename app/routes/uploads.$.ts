import { data } from "react-router";

import type { Route } from "./+types/uploads.$";

// PRODUCT.md "Media library": uploaded files. (Placeholder until storage lands.)
export async function loader(_args: Route.LoaderArgs) {
  throw data("Not Found", { status: 404 });
}
