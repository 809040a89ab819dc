// PRODUCT.md "Companies": the editor's company picker (being built).
import { data } from "react-router";

export function loader() {
  return data({ companies: [] }, { status: 501 });
}
