import { renderToString } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponse, createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/root";
import { ErrorBoundary } from "./root";

/** Server-renders the root error boundary for `error` (route `meta` does not run for it). */
function renderBoundary(error: unknown) {
  const props = { error, params: {} } as unknown as Route.ErrorBoundaryProps;
  const Stub = createRoutesStub([{ path: "/", Component: () => <ErrorBoundary {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("root ErrorBoundary: every error page has a title", () => {
  it("the 404 page is titled 'Page not found | MarketWire'", () => {
    const html = renderBoundary(new ErrorResponse(404, "Not Found", null));
    expect(html).toContain("Oops! Page not found");
    expect(title(html)).toBe("Page not found | MarketWire");
  });

  it("an unexpected error's page is titled 'Something went wrong | MarketWire'", () => {
    // The boundary logs the unexpected error once; that log is expected here.
    const logged = vi.mocked(console.error).mockImplementationOnce(() => {});
    const html = renderBoundary(new Error("boom"));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(title(html)).toBe("Something went wrong | MarketWire");
  });

  it("another error status's page is titled with the status", () => {
    expect(title(renderBoundary(new ErrorResponse(403, "Forbidden", null)))).toBe("Error 403 | MarketWire");
  });
});
