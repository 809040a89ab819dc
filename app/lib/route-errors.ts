import { isRouteErrorResponse } from "react-router";

/** What an error boundary says about an error: its status, a heading and a sentence for people. */
export function describeRouteError(error: unknown): { status: number; heading: string; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 500) return { status, heading: "Something went wrong", message: "An unexpected error occurred. Please try again." };
  // A refused request says why (e.g. readForm's "… contains a character that is not allowed").
  const reason = isRouteErrorResponse(error) ? refusalMessage(error.data) : null;
  return { status, heading: `Error ${status}`, message: reason ?? "This request could not be completed." };
}

function refusalMessage(data: unknown): string | null {
  if (typeof data === "string" && data.trim() !== "") return data;
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") return data.error;
  return null;
}
