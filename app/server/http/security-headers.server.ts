/**
 * Security headers (PRODUCT.md "Security headers"). helmet sets the fixed headers on every response. A
 * page's Content-Security-Policy names a nonce made for that one render, so `entry.server.tsx` sets it on
 * the page's own response (the page cache then stores the two together); any other response (files,
 * feeds, JSON, errors) gets the strict file policy here. Both policies come from the lists below.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

import { AUDIO_FRAME_ALLOW, AUDIO_FRAME_ORIGINS, FRAME_ORIGINS, VIDEO_FRAME_ALLOW, VIDEO_FRAME_ORIGINS } from "~/lib/frame-hosts";

import { getEnv, type Env } from "../env.server";

export type Directives = Record<string, string[]>;

export interface PolicyContext {
  /** The public URL is https: HSTS is sent and the page's http subresources are upgraded. */
  https: boolean;
  /** Vite's development server, whose hot reload talks over a WebSocket. */
  development: boolean;
}

export function policyContext(env: Pick<Env, "BETTER_AUTH_URL" | "NODE_ENV"> = getEnv()): PolicyContext {
  return { https: new URL(env.BETTER_AUTH_URL).protocol === "https:", development: env.NODE_ENV === "development" };
}

/** A nonce for one render: 128 random bits. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The policy of a page rendered with `nonce`. */
export function pageDirectives(nonce: string, { https, development }: PolicyContext): Directives {
  // Editors may give images and media on other hosts, http ones too (PRODUCT.md "Media fields"); an
  // https site upgrades those instead of loading them in the clear.
  const mediaHosts = https ? ["https:"] : ["https:", "http:"];
  return {
    "default-src": ["'self'"],
    // Our build's files, and inline scripts only with this render's nonce (the theme script, React
    // Router's hydration data). No event-handler attributes.
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "script-src-attr": ["'none'"],
    // Inline styles stay allowed: components set style attributes (the sidebar, menus, the audio frame's
    // height) and the toast library adds its <style> from script, without a nonce. A nonce here would
    // turn 'unsafe-inline' off. Stored HTML never carries styles (sanitised), so this opens no door to it.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", ...mediaHosts],
    "media-src": ["'self'", ...mediaHosts],
    "font-src": ["'self'"],
    // The podcast player asks the audio host whether it answers before showing its frame.
    "connect-src": ["'self'", ...AUDIO_FRAME_ORIGINS, ...(development ? ["ws:"] : [])],
    "frame-src": [...FRAME_ORIGINS],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/**
 * PRODUCT.md "Embeds": an embed page may be framed by any site. It runs only its one inline script and
 * style, allowed by their hashes; it shows pictures of this site only, so nothing is asked of another host
 * until the reader presses play (then the host's player frame, or the native player's file).
 */
export function embedDirectives(hashes: { script: string; style: string }, { https }: PolicyContext): Directives {
  const mediaHosts = https ? ["https:"] : ["https:", "http:"];
  return {
    "default-src": ["'none'"],
    "script-src": [`'sha256-${hashes.script}'`],
    "style-src": [`'sha256-${hashes.style}'`],
    "img-src": ["'self'"],
    "media-src": ["'self'", ...mediaHosts],
    "frame-src": [...FRAME_ORIGINS],
    // PRODUCT.md "Embeds": the frame's one script posts its view and its player's marks to our counters.
    "connect-src": ["'self'"],
    "frame-ancestors": ["*"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** A policy that lets any site frame the page: X-Frame-Options must not say otherwise. */
const FRAMEABLE_BY_ANY = /(?:^|;)\s*frame-ancestors \*\s*(?:;|$)/;

/** Everything that is not a page: nothing runs; an image, audio or video opened on its own still shows. */
export const FILE_DIRECTIVES: Directives = {
  "default-src": ["'none'"],
  "img-src": ["'self'"],
  "media-src": ["'self'"],
  "style-src": ["'unsafe-inline'"],
  "frame-ancestors": ["'self'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
};

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** The Content-Security-Policy header of a page rendered with `nonce`. */
export function pageContentSecurityPolicy(nonce: string, context: PolicyContext = policyContext()): string {
  return serializePolicy(pageDirectives(nonce, context));
}

/** What the site never uses. */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/**
 * What players use, by feature: the site's own pages (the native players) and the frame hosts whose
 * frames ask for it (video frames also go full screen), nobody else. A frame only gets a feature its
 * page has, so `self` stays in each list.
 */
export function playerFeatures(): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  const grant = (features: string[], origins: string[]) => {
    for (const feature of features) grants.set(feature, [...(grants.get(feature) ?? ["self"]), ...origins]);
  };
  grant([...VIDEO_FRAME_ALLOW, "fullscreen"], VIDEO_FRAME_ORIGINS);
  grant(AUDIO_FRAME_ALLOW, AUDIO_FRAME_ORIGINS);
  return grants;
}

export function permissionsPolicy(): string {
  const allowlist = (origins: string[]) => `(${origins.map((origin) => (origin === "self" ? origin : `"${origin}"`)).join(" ")})`;
  return [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    ...[...playerFeatures()].map(([feature, origins]) => `${feature}=${allowlist(origins)}`),
  ].join(", ");
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Express middleware: every security header, the file policy for responses that bring no policy of their own. */
export function securityHeaders(context: PolicyContext = policyContext()): RequestHandler {
  const fixedHeaders = helmet({
    // Per response: the page's from its render, the file policy otherwise (below).
    contentSecurityPolicy: false,
    // Video players refuse to play without the embedding page's origin as Referer.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only when browsers reach the site over https (a TLS proxy in front counts): http cannot promise it.
    strictTransportSecurity: context.https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
  const filePolicy = helmet.contentSecurityPolicy({ useDefaults: false, directives: FILE_DIRECTIVES });
  const permissions = permissionsPolicy();
  return (req, res, next) => {
    fixedHeaders(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader("Permissions-Policy", permissions);
      beforeHeadersAreSent(res, () => {
        // A page's own Referrer-Policy (appended after this one) replaces the site's: a link's token must not
        // leave as a Referer (PRODUCT.md "Client reports"), rather than two policies a browser must sort out.
        const referrer = res.getHeader("Referrer-Policy");
        if (Array.isArray(referrer) && referrer.length > 1) res.setHeader("Referrer-Policy", referrer.at(-1)!);
        const policy = res.getHeader("Content-Security-Policy");
        if (!policy) filePolicy(req, res, () => {});
        // PRODUCT.md "Embeds": browsers obey X-Frame-Options where the policy allows framing by any site.
        else if (typeof policy === "string" && FRAMEABLE_BY_ANY.test(policy)) res.removeHeader("X-Frame-Options");
      });
      next();
    });
  };
}

/**
 * Runs `callback` just before the response's headers go out. A page's policy arrives late (React Router's
 * Express adapter appends its headers when the render is done), and two policies would both apply, so the
 * file policy can only be chosen at that point.
 */
function beforeHeadersAreSent(res: ServerResponse, callback: () => void) {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    callback();
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
