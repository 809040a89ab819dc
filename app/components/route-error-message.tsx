import { isRouteErrorResponse, Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { describeRouteError } from "~/lib/route-errors";

/**
 * What an error boundary says about an error: logged once (in the browser) when it was unexpected, told in words (never a
 * stack) as the document's title and the heading, with one way back. Route meta does not run for an error
 * boundary; React hoists the <title> into <head>.
 */
export function RouteErrorMessage({
  error,
  site,
  headingClassName,
  back,
}: {
  error: unknown;
  /** The title's suffix: 'MarketWire', 'MarketWire Admin'. */
  site: string;
  headingClassName: string;
  back: { to: string; label: string };
}) {
  // In the browser only: on the server, entry.server's handleError has logged it with its request id.
  if (!isRouteErrorResponse(error) && typeof window !== "undefined") console.error(error);
  const { heading, message } = describeRouteError(error);
  return (
    <>
      <title>{`${heading} | ${site}`}</title>
      <h1 className={headingClassName}>{heading}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Link className={buttonVariants()} to={back.to}>
        {back.label}
      </Link>
    </>
  );
}
