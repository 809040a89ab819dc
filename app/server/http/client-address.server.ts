import { isIP } from "node:net";
import type { Express, RequestHandler } from "express";

import type { Env } from "../env.server";

/**
 * PRODUCT.md "Security": every limit keys on one client address, resolved once here by Express's
 * `trust proxy` rules from TRUST_PROXY (no proxy: the socket address; otherwise the address the trusted
 * hops name, walking X-Forwarded-For from the right). That one address then replaces X-Forwarded-For
 * for everything downstream (React Router's loaders and actions, Better Auth), so nothing can read an
 * entry the client wrote itself.
 */
export function installClientAddress(app: Express, trustProxy: Env["TRUST_PROXY"]) {
  app.set("trust proxy", trustProxy);
  app.use(forwardClientAddress);
}

const forwardClientAddress: RequestHandler = (req, res, next) => {
  const address = req.ip;
  // Behind a trusted proxy the address comes from its header; one that is not an address means the
  // request did not come through that proxy. Refused, rather than counted in a bucket shared by all.
  if (!address || !isIP(address)) {
    res.status(400).type("text/plain").send("Bad Request: no valid client address");
    return;
  }
  req.headers["x-forwarded-for"] = address;
  next();
};

/**
 * The message for a site whose public address is https while its requests arrive over plain http, so
 * React Router and Better Auth refuse every form (the Origin, https, is not the request's own, http).
 * Null when nothing is wrong.
 */
export function plainHttpBehindHttpsWarning(authUrl: string, trustProxy: Env["TRUST_PROXY"], requestProtocol?: string): string | null {
  if (new URL(authUrl).protocol !== "https:") return null;
  const fix =
    "behind a proxy or load balancer that ends TLS, set TRUST_PROXY to it (.env.example) and have it send X-Forwarded-Proto: https";
  if (requestProtocol === undefined) {
    return trustProxy === false
      ? `BETTER_AUTH_URL is https but TRUST_PROXY is not set: sign-in and every form will be refused; ${fix}.`
      : null;
  }
  if (requestProtocol !== "http") return null;
  return `BETTER_AUTH_URL is https but a request arrived over plain http${trustProxy === false ? "" : " without X-Forwarded-Proto: https from a trusted proxy"}: sign-in and every form on such requests are refused; ${fix}.`;
}

/** Warns once, at the first request that arrives over plain http while the site's address is https. */
export function warnOfPlainHttpBehindHttps(
  authUrl: string,
  trustProxy: Env["TRUST_PROXY"],
  warn: (message: string) => void,
): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned) {
      const warning = plainHttpBehindHttpsWarning(authUrl, trustProxy, req.protocol);
      if (warning) {
        warned = true;
        warn(warning);
      }
    }
    next();
  };
}
