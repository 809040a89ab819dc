import { data } from "react-router";

// Placeholder until the page is built (PRODUCT.md "Discovery").
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function Placeholder() {
  return null;
}
