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
