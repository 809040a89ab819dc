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

/** What an https site gets while its requests look like plain http (the proxy's X-Forwarded-Proto not believed). */
const FORMS_REFUSED =
  "the site's own forms (sign-in and sign-up on /auth, contact, the admin's) are refused with 400, their https Origin not matching the request's http (the JSON API under /api/auth and /resources posts still work)";

/** What a site gets while the proxy in front is not trusted: the proxy is the only client it sees. */
const ONE_ADDRESS_FOR_ALL =
  "every reader has the proxy's address, so one reader's attempts use up the sign-in and form rate limits for everyone and views count at most 20 per item per 30 minutes for all readers together; the proxy's X-Request-Id is replaced by one of ours";

const FIX = "Set TRUST_PROXY to the proxy (.env.example) and have it send X-Forwarded-Proto: https.";

/**
 * The message for a site whose public address is https while its requests arrive over plain http, as they
 * do from a proxy that ends TLS: React Router refuses every page form (its own cross-site check compares the
 * Origin, https, with the request's URL, http), and without TRUST_PROXY the proxy's address is every
 * reader's. Cookies stay Secure either way (they follow BETTER_AUTH_URL, not the request). Null when nothing
 * is wrong.
 */
export function plainHttpBehindHttpsWarning(authUrl: string, trustProxy: Env["TRUST_PROXY"], requestProtocol?: string): string | null {
  if (new URL(authUrl).protocol !== "https:") return null;
  if (requestProtocol === undefined) {
    return trustProxy === false
      ? `BETTER_AUTH_URL is https but TRUST_PROXY is not set. Behind a proxy that ends TLS: ${FORMS_REFUSED}; ${ONE_ADDRESS_FOR_ALL}. ${FIX}`
      : null;
  }
  if (requestProtocol !== "http") return null;
  return trustProxy === false
    ? `BETTER_AUTH_URL is https but a request arrived over plain http: ${FORMS_REFUSED}; ${ONE_ADDRESS_FOR_ALL}. ${FIX}`
    : `BETTER_AUTH_URL is https but a request arrived over plain http without X-Forwarded-Proto: https from a trusted proxy: on such requests ${FORMS_REFUSED}. Have the proxy send X-Forwarded-Proto: https, and TRUST_PROXY name it.`;
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
