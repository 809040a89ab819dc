import http from "node:http";
import net from "node:net";

import { E2E_ADMIN } from "../../../playwright.config";
import { expect, parseHtml, test } from "./request-test";

/**
 * Cross-site requests and unusual methods against the production server (PRODUCT.md "Security"): every
 * state-changing request must carry this site's Origin, methods nobody serves are a 405, and a body that
 * is not a form is a 4xx. Real browsers send the Origin, so the site's own pages keep working (the other
 * journeys prove that); a form on another site, posted by Chromium, is refused (../request-guards.spec.ts).
 */

const CROSS_SITE = /^Forbidden: cross-site request refused\./;

/** node:http, for what Playwright's request client will not send (TRACE, a forged Host). */
function rawSend(base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function firstVideoId(request: import("@playwright/test").APIRequestContext) {
  const sitemap = await (await request.get("/sitemaps/videos-1.xml")).text();
  return /\/video\/([0-9a-f-]{36})/.exec(sitemap)![1]!;
}

test.describe("cross-site requests are refused with 403 and change nothing", () => {
  test("newsletter: a foreign Origin or none is refused and nothing is stored; from the site it is", async ({
    adminRequest,
    request,
    baseURL,
  }) => {
    const email = `csrf-${Date.now()}@example.com`;
    for (const headers of [{ Origin: "https://evil.example" }, {}, { Origin: "null" }] as Record<string, string>[]) {
      const refused = await request.post("/resources/newsletter", { form: { email }, headers });
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect(await refused.text()).toMatch(CROSS_SITE);
    }
    const subscribers = async () => (await adminRequest.get("/admin/subscribers.csv")).text();
    expect(await subscribers()).not.toContain(email);
    const accepted = await adminRequest.post("/resources/newsletter", { form: { email }, headers: { Origin: baseURL! } });
    expect(accepted.status()).toBe(200);
    expect(await subscribers()).toContain(email);
  });

  test("theme: a foreign Origin sets no cookie", async ({ request, baseURL }) => {
    const refused = await request.post("/resources/theme", { form: { theme: "dark" }, headers: { Origin: "https://evil.example" } });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["set-cookie"]).toBeUndefined();
    const accepted = await request.post("/resources/theme", { form: { theme: "dark" }, headers: { Origin: baseURL! } });
    expect(accepted.headers()["set-cookie"]).toMatch(/theme/);
  });

  test("view and listen counters: a foreign Origin or none is refused before the counter runs", async ({ request }) => {
    const id = await firstVideoId(request);
    for (const path of [`/api/videos/${id}/view`, `/api/podcasts/${id}/listen`]) {
      for (const headers of [{ Origin: "https://evil.example" }, {}] as Record<string, string>[]) {
        const refused = await request.post(path, { headers });
        expect(refused.status(), path).toBe(403);
        // The guard's answer, not the counter's JSON with a count.
        expect(await refused.text()).toMatch(CROSS_SITE);
      }
    }
  });

  test("admin: a signed-in admin's delete without an Origin is refused and the video stays", async ({ adminRequest, baseURL }) => {
    const id = await firstVideoId(adminRequest);
    const refused = await adminRequest.post("/admin/videos", { form: { intent: "delete", id }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toMatch(CROSS_SITE);
    const foreign = await adminRequest.post("/admin/videos", {
      form: { intent: "feature", id, featured: "true" },
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    expect((await adminRequest.get(`/video/${id}`)).status()).toBe(200);
    // The same session with the site's Origin reaches the action (an unknown intent: 400, nothing changed).
    const own = await adminRequest.post("/admin/videos", { form: { intent: "nothing", id }, headers: { Origin: baseURL! } });
    expect(own.status()).toBe(400);
  });

  test("a page over https on this site's own host is another site on this http deployment: 403 on every write", async ({
    adminRequest,
    request,
    baseURL,
  }) => {
    // PRODUCT.md "Security": the scheme counts, so a page a network attacker serves on our name over the
    // other scheme cannot post as the site (on an https deployment it is the http page).
    const otherScheme = baseURL!.replace(/^http:/, "https:");
    const headers = { Origin: otherScheme };
    const email = `scheme-${Date.now()}@example.com`;
    const newsletter = await request.post("/resources/newsletter", { form: { email }, headers });
    expect(newsletter.status()).toBe(403);
    expect(await newsletter.text()).toMatch(CROSS_SITE);
    expect(await (await adminRequest.get("/admin/subscribers.csv")).text()).not.toContain(email);

    const theme = await request.post("/resources/theme", { form: { theme: "dark" }, headers });
    expect(theme.status()).toBe(403);
    expect(theme.headers()["set-cookie"]).toBeUndefined();

    const id = await firstVideoId(request);
    const view = await request.post(`/api/videos/${id}/view`, { headers });
    expect(view.status()).toBe(403);
    expect(await view.text()).toMatch(CROSS_SITE);

    // With the admin's session cookie.
    const upload = await adminRequest.post("/admin/media/upload", {
      multipart: { kind: "image", file: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("not read") } },
      headers,
    });
    expect(upload.status()).toBe(403);
    expect(await upload.text()).toMatch(CROSS_SITE);
    const title = `Scheme ${Date.now()}`;
    const create = await adminRequest.post("/admin/videos/new", { form: { title, status: "draft" }, headers, maxRedirects: 0 });
    expect(create.status()).toBe(403);
    const list = parseHtml(await (await adminRequest.get(`/admin/videos?q=${encodeURIComponent(title)}`)).text());
    expect(list.screen.getByText(`0 matching "${title}"`)).toBeTruthy();
  });
});

test.describe("Better Auth (/api/auth/*)", () => {
  test("a sign-in without an Origin or from another site is refused by the guard", async ({ request }) => {
    for (const headers of [{}, { Origin: "https://evil.example" }] as Record<string, string>[]) {
      const refused = await request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toMatch(CROSS_SITE);
    }
  });

  test("Better Auth refuses a foreign Origin on its own too (trustedOrigins)", async ({ baseURL }) => {
    // A forged Host equal to the foreign Origin passes the guard's same-host rule; only Better Auth's own
    // check, against its trusted origins (BETTER_AUTH_URL), stands between. (A browser cannot send this.)
    const foreign = "http://evil.example";
    const signIn = await rawSend(
      baseURL!,
      "POST",
      "/api/auth/sign-in/email",
      {
        Host: "evil.example",
        Origin: foreign,
        "Content-Type": "application/json",
      },
      JSON.stringify(E2E_ADMIN),
    );
    expect(signIn.status).toBe(403);
    expect(JSON.parse(signIn.body)).toMatchObject({ code: "INVALID_ORIGIN" });
    expect(signIn.headers["set-cookie"]).toBeUndefined();

    // With a session cookie, an account change from that Origin is refused the same way.
    const session = await rawSend(
      baseURL!,
      "POST",
      "/api/auth/sign-in/email",
      { Origin: baseURL!, "Content-Type": "application/json" },
      JSON.stringify(E2E_ADMIN),
    );
    const cookie = ([] as string[])
      .concat(session.headers["set-cookie"] ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const update = await rawSend(
      baseURL!,
      "POST",
      "/api/auth/update-user",
      {
        Host: "evil.example",
        Origin: foreign,
        Cookie: cookie,
        "Content-Type": "application/json",
      },
      JSON.stringify({ name: "Hijacked" }),
    );
    expect(update.status).toBe(403);
    expect(JSON.parse(update.body)).toMatchObject({ code: "INVALID_ORIGIN" });
  });
});

test.describe("unusual methods and bodies", () => {
  test("TRACE, PUT and DELETE are answered 405 with an Allow header", async ({ baseURL }) => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      for (const path of ["/", "/contact", "/api/auth/get-session", "/healthz"]) {
        const answer = await rawSend(baseURL!, method, path, { Origin: baseURL! });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
      }
    }
  });

  test("TRACK (a method Node's parser does not know) is answered 405 with an Allow header", async ({ baseURL }) => {
    const url = new URL(baseURL!);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`TRACK / HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("\r\nAllow: GET, HEAD, POST, OPTIONS\r\n");
  });

  test("an absolute-form request target (as sent to a proxy) is a 400, never a 500", async ({ baseURL }) => {
    const url = new URL(baseURL!);
    for (const target of ["http://evil.example/admin", `${baseURL}/`]) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
        );
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i);
    }
  });

  test("JSON, plain text and malformed multipart sent to the forms get 415/400, never 500", async ({ request, baseURL }) => {
    const origin = { Origin: baseURL! };
    for (const path of ["/contact", "/auth", "/resources/newsletter", "/resources/theme", "/admin"]) {
      const json = await request.post(path, { data: { email: "ann@example.com" }, headers: origin, maxRedirects: 0 });
      expect(json.status(), `JSON to ${path}`).toBe(415);
      const text = await request.post(path, {
        data: "email=ann@example.com",
        headers: { ...origin, "Content-Type": "text/plain" },
        maxRedirects: 0,
      });
      expect(text.status(), `text to ${path}`).toBe(415);
      const multipart = await request.post(path, {
        data: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut',
        headers: { ...origin, "Content-Type": "multipart/form-data; boundary=x" },
        maxRedirects: 0,
      });
      expect(multipart.status(), `malformed multipart to ${path}`).toBe(400);
    }
  });

  test("a NUL byte in a form field is a 400 with a message naming the field", async ({ request, baseURL }) => {
    const answer = await request.post("/resources/newsletter", { form: { email: "ann\u0000@example.com" }, headers: { Origin: baseURL! } });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'The field "email" contains a control character (such as NUL); remove it and send the form again.',
    });
    const contact = await request.post("/contact", {
      form: { name: "Ann", email: "ann@example.com", subject: "Hi", message: "a\u0000b" },
      headers: { Origin: baseURL! },
    });
    expect(contact.status()).toBe(400);
  });
});
