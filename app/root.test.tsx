import "../tests/support/dom";

import { screen } from "@testing-library/react";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { renderRoute } from "../tests/support/render";
import type { Route } from "./+types/root";
import { ErrorBoundary } from "./root";

/** Renders the root error boundary for `error` (route `meta` does not run for it) and returns the document's title. */
function renderBoundary(error: unknown) {
  const props = { error, params: {} } as unknown as Route.ErrorBoundaryProps;
  renderRoute(() => <ErrorBoundary {...props} />);
  return document.title;
}

describe("root ErrorBoundary: every error page has a title", () => {
  it("the 404 page is titled 'Page not found | MarketWire'", () => {
    const title = renderBoundary(new ErrorResponse(404, "Not Found", null));
    expect(screen.getByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    expect(title).toBe("Page not found | MarketWire");
  });

  it("an unexpected error's page is titled 'Something went wrong | MarketWire'", () => {
    // The boundary logs the unexpected error once; that log is expected here.
    const logged = vi.mocked(console.error).mockImplementationOnce(() => {});
    const title = renderBoundary(new Error("boom"));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(title).toBe("Something went wrong | MarketWire");
  });

  it("another error status's page is titled with the status", () => {
    expect(renderBoundary(new ErrorResponse(403, "Forbidden", null))).toBe("Error 403 | MarketWire");
  });
});
