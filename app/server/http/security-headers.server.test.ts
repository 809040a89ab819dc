import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { AUDIO_FRAME_ALLOW, AUDIO_FRAME_ORIGINS, FRAME_ORIGINS, VIDEO_FRAME_ALLOW, VIDEO_FRAME_ORIGINS } from "~/lib/frame-hosts";

import {
  createNonce,
  embedDirectives,
  FILE_DIRECTIVES,
  pageContentSecurityPolicy,
  pageDirectives,
  permissionsPolicy,
  playerFeatures,
  policyContext,
  securityHeaders,
  serializePolicy,
} from "./security-headers.server";

const PRODUCTION = { https: true, development: false };
const LOCAL = { https: false, development: false };

/** A policy header as directive name → values. */
function parsePolicy(header: string) {
  return Object.fromEntries(
    header.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("policyContext", () => {
  it.each([
    ["https://marketwire.example.com", "production", { https: true, development: false }],
    ["http://localhost:3000", "production", { https: false, development: false }],
    ["http://localhost:3000", "development", { https: false, development: true }],
  ] as const)("%s in %s", (url, mode, expected) => {
    expect(policyContext({ BETTER_AUTH_URL: url, NODE_ENV: mode })).toEqual(expected);
  });
});

describe("createNonce", () => {
  it("is 128 random bits in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe('pageDirectives (PRODUCT.md "Security headers")', () => {
  const directives = pageDirectives("abc123", PRODUCTION);

  it("runs only our files and inline scripts carrying the render's nonce", () => {
    expect(directives["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directives["script-src-attr"]).toEqual(["'none'"]);
    for (const values of Object.values(directives)) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain("'strict-dynamic'");
    }
  });

  it("never puts the nonce in style-src, where it would switch 'unsafe-inline' off", () => {
    expect(directives["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("frames only the frame hosts, is framed only by the site, and allows no plugins", () => {
    expect(directives["frame-src"]).toEqual(FRAME_ORIGINS);
    expect(directives["frame-ancestors"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
  });

  it("lets the podcast player ask the audio host, and nothing else off the site", () => {
    expect(directives["connect-src"]).toEqual(["'self'", ...AUDIO_FRAME_ORIGINS]);
  });

  it("on an https site: images and media from any https host, http ones upgraded", () => {
    expect(directives["img-src"]).toEqual(["'self'", "https:"]);
    expect(directives["media-src"]).toEqual(["'self'", "https:"]);
    expect(directives["upgrade-insecure-requests"]).toEqual([]);
  });

  it("on an http site: http media too, nothing upgraded (it would break the site's own files)", () => {
    const local = pageDirectives("abc123", LOCAL);
    expect(local["img-src"]).toEqual(["'self'", "https:", "http:"]);
    expect(local["media-src"]).toEqual(["'self'", "https:", "http:"]);
    expect(local).not.toHaveProperty("upgrade-insecure-requests");
  });

  it("opens the development server's hot-reload socket in development only", () => {
    expect(pageDirectives("n", { https: false, development: true })["connect-src"]).toContain("ws:");
    expect(pageDirectives("n", LOCAL)["connect-src"]).not.toContain("ws:");
  });
});

describe('embedDirectives (PRODUCT.md "Embeds")', () => {
  const directives = embedDirectives({ script: "c2NyaXB0", style: "c3R5bGU=" }, PRODUCTION);

  it("lets any site frame the page, and runs only the inline script and style with these hashes", () => {
    expect(directives["frame-ancestors"]).toEqual(["*"]);
    expect(directives["script-src"]).toEqual(["'sha256-c2NyaXB0'"]);
    expect(directives["style-src"]).toEqual(["'sha256-c3R5bGU='"]);
    expect(directives["default-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["form-action"]).toEqual(["'none'"]);
  });

  it("shows this site's pictures only, and frames only the player hosts (after play)", () => {
    expect(directives["img-src"]).toEqual(["'self'"]);
    expect(directives["frame-src"]).toEqual(FRAME_ORIGINS);
    // Its script talks to our counters only (PRODUCT.md "Embeds").
    expect(directives["connect-src"]).toEqual(["'self'"]);
  });
});

describe("serializePolicy / pageContentSecurityPolicy", () => {
  it("writes directives in order, values after the name, separated by '; '", () => {
    expect(serializePolicy({ "default-src": ["'self'"], "upgrade-insecure-requests": [], "img-src": ["'self'", "https:"] })).toBe(
      "default-src 'self'; upgrade-insecure-requests; img-src 'self' https:",
    );
  });

  it("is the page's directives, the nonce included", () => {
    const header = pageContentSecurityPolicy("n0nce", PRODUCTION);
    expect(parsePolicy(header)).toEqual(pageDirectives("n0nce", PRODUCTION));
    expect(header).toContain("script-src 'self' 'nonce-n0nce'");
  });
});

describe("permissionsPolicy", () => {
  const policy = Object.fromEntries(
    permissionsPolicy()
      .split(", ")
      .map((entry) => entry.split("=") as [string, string]),
  );
  const quoted = (origins: string[]) => origins.map((origin) => `"${origin}"`).join(" ");

  it.each(["camera", "microphone", "geolocation", "payment", "usb", "serial", "display-capture", "publickey-credentials-get"])(
    "denies %s to everyone",
    (feature) => {
      expect(policy[feature]).toBe("()");
    },
  );

  it("gives the video frames' features (and full screen) to the site and the video hosts", () => {
    for (const feature of ["encrypted-media", "fullscreen", "picture-in-picture"]) {
      expect(policy[feature], feature).toBe(`(self ${quoted(VIDEO_FRAME_ORIGINS)})`);
    }
  });

  it("gives autoplay, which both kinds of frame ask for, to the site and every frame host", () => {
    expect(VIDEO_FRAME_ALLOW).toContain("autoplay");
    expect(AUDIO_FRAME_ALLOW).toEqual(["autoplay"]);
    expect(policy.autoplay).toBe(`(self ${quoted([...VIDEO_FRAME_ORIGINS, ...AUDIO_FRAME_ORIGINS])})`);
  });

  it("covers every feature a frame asks for, and only those", () => {
    expect([...playerFeatures().keys()].sort()).toEqual([...new Set([...VIDEO_FRAME_ALLOW, ...AUDIO_FRAME_ALLOW, "fullscreen"])].sort());
    for (const origins of playerFeatures().values()) for (const origin of origins) expect(["self", ...FRAME_ORIGINS]).toContain(origin);
  });

  it("grants nothing to all origins", () => {
    expect(permissionsPolicy()).not.toContain("*");
  });
});

describe("securityHeaders middleware", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function serve(context = PRODUCTION) {
    const app = express();
    app.use(securityHeaders(context));
    // Like React Router's Express adapter: the page's headers are appended once its render is done.
    app.get("/page", async (_req, res) => {
      await new Promise((resolve) => setImmediate(resolve));
      res.append("Content-Security-Policy", "default-src 'self'; script-src 'nonce-page'");
      res.type("html").send("<!doctype html><title>page</title>");
    });
    app.get("/private", async (_req, res) => {
      await new Promise((resolve) => setImmediate(resolve));
      res.append("Referrer-Policy", "no-referrer");
      res.type("html").send("<!doctype html><title>private</title>");
    });
    app.get("/file.txt", (_req, res) => void res.type("text").send("file"));
    app.get("/embed", (_req, res) => {
      res.setHeader("Content-Security-Policy", serializePolicy(embedDirectives({ script: "s", style: "t" }, LOCAL)));
      res.type("html").send("<!doctype html><title>embed</title>");
    });
    app.get("/data.json", (_req, res) => void res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    return (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
  }

  it("leaves a page its own policy, alone (two policies would both apply)", async () => {
    const response = await (await serve())("/page");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'nonce-page'");
  });

  it("gives any other answer the file policy", async () => {
    const get = await serve();
    for (const path of ["/file.txt", "/data.json"]) {
      const response = await get(path);
      expect(parsePolicy(response.headers.get("content-security-policy")!), path).toEqual(FILE_DIRECTIVES);
    }
  });

  it("drops X-Frame-Options where the page's policy lets any site frame it (an embed), and only there", async () => {
    const get = await serve();
    const embed = await get("/embed");
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    expect((await get("/page")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("sets helmet's headers and the Permissions-Policy on every answer", async () => {
    const response = await (await serve())("/file.txt");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toBe(permissionsPolicy());
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("lets a page's own Referrer-Policy replace the site's (a shared report's link), and keeps the site's elsewhere", async () => {
    const get = await serve();
    expect((await get("/private")).headers.get("referrer-policy")).toBe("no-referrer");
    expect((await get("/page")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends HSTS for a year when the public URL is https, and not over plain http", async () => {
    expect((await (await serve(PRODUCTION))("/file.txt")).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    await close!();
    close = undefined;
    expect((await (await serve(LOCAL))("/file.txt")).headers.get("strict-transport-security")).toBeNull();
  });
});
