/**
 * Two production instances on one PostgreSQL and one S3-compatible bucket (PRODUCT.md "Operations"), as the
 * README promises for scaling out: a session made on one is accepted by the other; an edit on one empties
 * the other's page cache within a second; an upload on one is served by the other, byte ranges included;
 * sign-in limits and view counts are exact across both, also when a burst of views reaches both at once. Runs in the suite's PostgreSQL pass.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, describe, expect, inject, it } from "vitest";

import { demoId } from "../../../app/server/seed/catalogue/demo-ids";
import { DEMO_VIDEOS } from "../../../app/server/seed/catalogue/videos";
import { imageBytes } from "../../support/media-fixtures";
import {
  ADMIN,
  freshSite,
  sameOrigin,
  send,
  signInAsAdmin,
  sleep,
  startServer,
  stopAllServers,
  type RunningServer,
  type Site,
} from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
const folders: string[] = [];
let s3: S3rver | undefined;
afterAll(async () => {
  await stopAllServers();
  await s3?.close();
  for (const site of sites) await site.remove();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-s3-"));
  folders.push(directory);
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "uploads", configs: [] }] });
  const { port } = await s3.run();
  // s3rver's fixed credentials.
  return {
    S3_BUCKET: "uploads",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** A page from `server`'s page cache: asked until it answers X-Cache: HIT. */
async function cachedPage(server: RunningServer, pagePath: string) {
  for (let i = 0; i < 20; i++) {
    const answer = await send(server.origin, { path: pagePath });
    if (answer.headers["x-cache"] === "HIT") return answer;
    await sleep(50);
  }
  throw new Error(`${pagePath} never came from the cache`);
}

/** A multipart upload of one image, as the media library's form sends it. */
async function upload(server: RunningServer, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append("kind", "image");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "two-instances.png");
  const response = await fetch(`${server.origin}/admin/media/upload`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.origin },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { media: { url: string } }).media.url;
}

describe("two instances on one PostgreSQL and one bucket", () => {
  it("share sessions, the page cache's invalidation, uploads, sign-in limits and exact counts", async () => {
    const site = await freshSite();
    sites.push(site);
    const env = {
      ...(await startS3()),
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      RATE_LIMIT: "on",
      // The test's requests all come from 127.0.0.1: each names its visitor in X-Forwarded-For.
      TRUST_PROXY: "loopback",
      METRICS_TOKEN: "two-instances-metrics-token-0123456789",
    };
    const a = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    const b = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });

    // A session made on A is accepted by B.
    const cookie = await signInAsAdmin(a);
    expect((await send(b.origin, { path: "/admin", headers: { Cookie: cookie } })).status).toBe(200);

    // An edit on A (deleting a video) reaches B's cached list within a second.
    const video = DEMO_VIDEOS.find((candidate) => !candidate.status && !candidate.featuredAge)!;
    const title = video.title.replace(/'/g, "&#x27;");
    expect((await cachedPage(b, "/videos?page=1")).body).toContain(title);
    const deleted = await send(a.origin, {
      path: "/admin/videos",
      headers: { ...sameOrigin(a), Cookie: cookie },
      form: { intent: "delete", id: demoId("video", video.slug) },
    });
    expect(deleted.status).toBe(200);
    const editedAt = Date.now();
    let seenAfterMs = -1;
    while (Date.now() - editedAt < 1_000) {
      if (!(await send(b.origin, { path: "/videos?page=1" })).body.includes(title)) {
        seenAfterMs = Date.now() - editedAt;
        break;
      }
      await sleep(20);
    }
    expect(seenAfterMs).toBeGreaterThanOrEqual(0);

    // An upload on A is served by B, whole and by byte range.
    const bytes = await imageBytes("png", 320, 240);
    const url = await upload(a, cookie, bytes);
    const whole = await fetch(`${b.origin}${new URL(url, b.origin).pathname}`);
    expect(whole.status).toBe(200);
    const stored = Buffer.from(await whole.arrayBuffer());
    const range = await fetch(`${b.origin}${new URL(url, b.origin).pathname}`, { headers: { Range: "bytes=10-29" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(stored.subarray(10, 30))).toBe(true);

    // Failed sign-ins at one account, alternating instances and addresses: the 11th is refused on either.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await send(server.origin, {
        path: "/api/auth/sign-in/email",
        headers: { ...sameOrigin(server), "X-Forwarded-For": `198.51.100.${i + 1}` },
        json: { email: ADMIN.email, password: "not-the-password" },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);

    // Views from 21 visitors at one address, alternating instances: exactly 20 count (the address's allowance).
    const counted = DEMO_VIDEOS.find((candidate) => !candidate.status && candidate.slug !== video.slug)!;
    const counter = `/api/videos/${demoId("video", counted.slug)}/view`;
    const views: number[] = [];
    for (let i = 0; i < 21; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await send(server.origin, {
        path: counter,
        method: "POST",
        headers: { ...sameOrigin(server), "X-Forwarded-For": "203.0.113.9", "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) visitor-${i}` },
      });
      expect(answer.status).toBe(200);
      views.push((JSON.parse(answer.body) as { views: number }).views);
    }
    expect(views.at(-1)! - views[0]!).toBe(19);
    expect(views.at(-1)).toBe(views.at(-2));

    // A burst at both at once (PRODUCT.md "Counters", group commit): 200 visitors, each posting to both
    // instances together; the two instances' batches overlap, and each visitor counts exactly once.
    const burst = DEMO_VIDEOS.find((candidate) => !candidate.status && candidate.slug !== video.slug && candidate.slug !== counted.slug)!;
    const burstCounter = `/api/videos/${demoId("video", burst.slug)}/view`;
    const viewsNow = async (server: RunningServer) => {
      const answer = await send(server.origin, {
        path: burstCounter,
        method: "POST",
        headers: { ...sameOrigin(server), "User-Agent": "curl/8.5.0" },
      });
      return (JSON.parse(answer.body) as { views: number }).views;
    };
    const before = await viewsNow(a);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        [a, b].map((server) =>
          send(server.origin, {
            path: burstCounter,
            method: "POST",
            headers: {
              ...sameOrigin(server),
              "X-Forwarded-For": `198.18.${i >> 8}.${i & 255}`,
              "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) burst",
            },
          }),
        ),
      ).flat(),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect((await viewsNow(b)) - before).toBe(200);
    console.info(`[reliability] two instances: an edit on one left the other's cache after ${seenAfterMs} ms`);

    // Each instance reports its own PostgreSQL pool (PRODUCT.md "Metrics"): connections open, none waiting.
    for (const server of [a, b]) {
      const metrics = await send(server.origin, { path: "/metrics", headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` } });
      expect(metrics.status).toBe(200);
      const pool = (state: string) =>
        Number(new RegExp(`^marketwire_db_pool_connections\\{state="${state}"\\} (\\d+)`, "m").exec(metrics.body)?.[1]);
      expect(pool("in_use") + pool("idle")).toBeGreaterThan(0);
      expect(pool("waiting")).toBe(0);
    }
  });
});
