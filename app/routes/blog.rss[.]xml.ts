import { data } from "react-router";

// Placeholder until the route is built (PRODUCT.md "Discovery").
export function loader() {
  throw data("Not Found", { status: 404 });
}
