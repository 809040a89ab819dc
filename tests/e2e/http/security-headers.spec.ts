import type { APIResponse } from "@playwright/test";

import { FRAME_ORIGINS } from "../../../app/lib/frame-hosts";
import { cachedResponse } from "../fixtures";
import { expect, test } from "./request-test";

/**
 * Security headers against the production server (PRODUCT.md "Security headers"): helmet's headers on
 * every answer, a page policy whose nonce is the one in the page's HTML (from the cache too), and a file
 * policy for everything else. The policy at work in a browser is in ../security-headers.spec.ts.
 */

/** A policy header as directive name → values. */
function directives(header: string | undefined) {
  expect(header, "Content-Security-Policy").toBeTruthy();
  return Object.fromEntries(
    header!.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** The nonce a page's policy names. */
function headerNonce(response: APIResponse) {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce, "a nonce in the policy").toBeTruthy();
  return nonce!;
}

/** The nonces on the HTML's scripts, after checking that every script has one. */
async function htmlNonces(response: APIResponse) {
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, "inline scripts on the page").toBeGreaterThan(0);
  const nonces = scripts.map((tag) => /\snonce="([^"]+)"/.exec(tag)?.[1]);
  expect(nonces, "every <script> carries a nonce").not.toContain(undefined);
  return new Set(nonces);
}

/** Helmet's headers, the same on every answer. */
function expectFixedHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["permissions-policy"]).toContain("geolocation=()");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The end-to-end server's public URL is http://localhost: no HSTS over plain http.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

function expectPagePolicy(response: APIResponse) {
  const policy = directives(response.headers()["content-security-policy"]);
  expect(policy["script-src"]).toEqual(["'self'", `'nonce-${headerNonce(response)}'`]);
  expect(policy["frame-src"]).toEqual(FRAME_ORIGINS);
  expect(policy["frame-ancestors"]).toEqual(["'self'"]);
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(policy["base-uri"]).toEqual(["'self'"]);
  expect(policy["form-action"]).toEqual(["'self'"]);
}

test.describe("headers", () => {
  test("a public page has helmet's headers and a page policy naming the nonce on its scripts", async ({ request }) => {
    const response = await request.get("/about");
    expect(response.status()).toBe(200);
    expectFixedHeaders(response);
    expectPagePolicy(response);
    expect(await htmlNonces(response)).toEqual(new Set([headerNonce(response)]));
  });

  test("an admin page has the same headers and its own page policy", async ({ adminRequest }) => {
    const response = await adminRequest.get("/admin");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-cache"]).toBeUndefined();
    expectFixedHeaders(response);
    expectPagePolicy(response);
    expect(await htmlNonces(response)).toEqual(new Set([headerNonce(response)]));
  });

  test("static files get the file policy, which runs nothing", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    expect(script, "a build asset on the page").not.toBeNull();
    for (const path of [script![1] ?? script![2], "/favicon.svg", "/media/video-market-open-1.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectFixedHeaders(response);
      const policy = directives(response.headers()["content-security-policy"]);
      expect(policy["default-src"], path).toEqual(["'none'"]);
      expect(policy["script-src"], path).toBeUndefined();
      expect(policy["frame-ancestors"], path).toEqual(["'self'"]);
    }
  });

  test("two renders the cache does not keep have different nonces", async ({ request }) => {
    const first = await request.get("/auth");
    const second = await request.get("/auth");
    expect(first.headers()["x-cache"]).toBeUndefined();
    expect(headerNonce(first)).not.toBe(headerNonce(second));
    expect(await htmlNonces(first)).toEqual(new Set([headerNonce(first)]));
    expect(await htmlNonces(second)).toEqual(new Set([headerNonce(second)]));
  });

  test("a page from the cache carries the policy of the render it came from", async ({ request }) => {
    const cached = await cachedResponse(request, "/programme");
    expectPagePolicy(cached);
    expect(await htmlNonces(cached)).toEqual(new Set([headerNonce(cached)]));
    const again = await cachedResponse(request, "/programme");
    expect(await again.text()).toBe(await cached.text());
    expect(headerNonce(again)).toBe(headerNonce(cached));
  });
});
