import { data } from "react-router";

// Placeholder: replaced when the feature is built.
export async function action() {
  return data({ error: "Not implemented" }, { status: 501 });
}
