/**
 * SIGTERM (a deploy, a scale-down, Ctrl-C): the server stops accepting connections, answers every request
 * it has received, closes the database, releases its lock and exits 0 within 10 s. A second signal or the
 * deadline stops it at once, with exit code 1.
 */
import http from "node:http";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";

import {
  adminExport,
  freshSite,
  sameOrigin,
  send,
  signInAsAdmin,
  sleep,
  startServer,
  stopAllServers,
  until,
  untilInFlight,
  type Answer,
  type RunningServer,
  type Site,
} from "./harness";

const buildDir = inject("buildDir");
const seededDataDir = inject("seededDataDir") || undefined;

const sites: Site[] = [];
async function site() {
  const created = await freshSite(seededDataDir);
  sites.push(created);
  return created;
}
afterEach(stopAllServers);
afterAll(async () => {
  await stopAllServers();
  for (const created of sites.splice(0)) await created.remove();
});

const PAGES = [
  "/",
  "/videos",
  "/podcasts",
  "/blog",
  "/interviews",
  "/special-features",
  "/about",
  "/programme",
  "/clients",
  "/contact",
  "/search?q=market",
  "/search?q=growth",
  "/search?q=energy",
  "/search?q=bank",
  "/rss.xml",
  "/sitemap.xml",
];

type Outcome = { answer: Answer } | { error: string };

function settle(request: Promise<Answer>): Promise<Outcome> {
  return request.then(
    (answer) => ({ answer }),
    (error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }),
  );
}

const contactForm = (tag: string) => ({
  name: "Reliability Test",
  email: `${tag}@example.com`,
  subject: `Subject ${tag}`,
  message: `A message sent while the server was stopping (${tag}).`,
});

/** Starts a request whose body stays incomplete until `release`: certainly in progress on the server. */
function heldPost(server: RunningServer, tag: string, release: Promise<unknown>) {
  return send(server.origin, {
    path: "/resources/newsletter",
    headers: sameOrigin(server),
    form: { email: `${tag}@example.com` },
    holdBodyUntil: release,
  });
}

/**
 * Ten clients, each on one keep-alive connection, sending its next request as soon as the last is answered
 * (a proxy's pooled connections under load), until an answer says Connection: close. Resolves once each has
 * had 3 answers; `signal` sends SIGTERM; `outcomes` are each client's statuses, or the error that ended it.
 */
async function busyKeepAliveClients(server: RunningServer) {
  const answered = Array.from({ length: 10 }, () => 0);
  const answeredAt: number[] = [];
  const outcomes = Promise.all(
    Array.from({ length: 10 }, async (_, n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const statuses: string[] = [];
      try {
        for (let i = 0; ; i++) {
          const answer = await send(server.origin, { path: PAGES[i % PAGES.length]!, agent });
          statuses.push(String(answer.status));
          answered[n]! += 1;
          answeredAt.push(answer.at);
          if (answer.headers.connection === "close") return statuses;
        }
      } catch (error) {
        statuses.push((error as NodeJS.ErrnoException).code ?? String(error));
        return statuses;
      } finally {
        agent.destroy();
      }
    }),
  );
  while (answered.some((count) => count < 3)) await sleep(10);
  return { signal: () => server.signal("SIGTERM"), outcomes, answeredAt };
}

describe("SIGTERM", () => {
  it("with 32 requests in flight: every one answered, no connection reset, exit 0 within 10 s, lock released at once", async () => {
    const server = await startServer(buildDir, await site(), { env: { PAGE_CACHE: "off" } });
    // Each page answers 200 before the burst, so an error below is the shutdown's.
    for (const page of PAGES) expect((await send(server.origin, { path: page })).status, page).toBe(200);

    // One keep-alive connection per request, as browsers and proxies keep them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let releaseBodies!: () => void;
    const bodiesReleased = new Promise<void>((resolve) => (releaseBodies = resolve));
    let written = 0;
    const onSent = () => (written += 1);
    const pageRequests = PAGES.map((page) => settle(send(server.origin, { path: page, agent, onSent })));
    // Form posts whose bodies finish only after the signal.
    const contactPosts = Array.from({ length: 8 }, (_, i) =>
      settle(
        send(server.origin, {
          path: "/contact",
          agent,
          onSent,
          headers: sameOrigin(server),
          form: contactForm(`stop-contact-${i}`),
          holdBodyUntil: bodiesReleased,
        }),
      ),
    );
    const newsletterPosts = Array.from({ length: 8 }, (_, i) =>
      settle(
        send(server.origin, {
          path: "/resources/newsletter",
          agent,
          onSent,
          headers: sameOrigin(server),
          form: { email: `stop-subscriber-${i}@example.com` },
          holdBodyUntil: bodiesReleased,
        }),
      ),
    );
    const all = [...pageRequests, ...contactPosts, ...newsletterPosts];
    let answered = 0;
    for (const outcome of all) void outcome.then(() => (answered += 1));
    while (written < all.length) await sleep(5);
    // The server has read every request line: every request not yet answered is in flight there.
    await untilInFlight(server, () => all.length - answered);

    const inFlight = all.length - answered;
    const signalledAt = server.signal("SIGTERM");
    // A busy server handles the signal only when its event loop is free: the bodies must arrive after the
    // stop began, or every post would be answered before it (as on a slow CI machine).
    await server.printed("SIGTERM received");
    releaseBodies();
    const outcomes = await Promise.all(all);
    const exit = await server.exited;
    agent.destroy();

    const errors = outcomes.flatMap((outcome, i) => ("error" in outcome ? [`request ${i}: ${outcome.error}`] : []));
    expect(errors).toEqual([]);
    const answers = outcomes.map((outcome) => (outcome as { answer: Answer }).answer);
    expect(answers.slice(0, 16).map((answer) => answer.status)).toEqual(PAGES.map(() => 200));
    expect(answers.slice(16, 24).map((answer) => [answer.status, answer.headers.location])).toEqual(
      contactPosts.map(() => [302, "/contact"]),
    );
    expect(answers.slice(24).map((answer) => [answer.status, JSON.parse(answer.body).ok])).toEqual(newsletterPosts.map(() => [200, true]));
    // Answered during the stop on a keep-alive connection: the client is told not to reuse it.
    expect(answers.slice(16).map((answer) => answer.headers.connection)).toEqual(answers.slice(16).map(() => "close"));
    expect(inFlight).toBeGreaterThanOrEqual(16);
    expect(exit.code).toBe(0);
    const exitMs = exit.at - signalledAt;
    expect(exitMs).toBeLessThan(10_000);
    expect(server.output()).toContain("SIGTERM received");

    // The lock is released: a new server starts on the same data at once, and finds every post.
    const restartedAt = Date.now();
    const restarted = await startServer(buildDir, server.site, { port: server.port });
    const restartMs = Date.now() - restartedAt;
    const cookie = await signInAsAdmin(restarted);
    const subscribers = await adminExport(restarted, cookie, "subscribers");
    const messages = await adminExport(restarted, cookie, "messages");
    for (let i = 0; i < 8; i++) {
      expect(subscribers).toContain(`stop-subscriber-${i}@example.com`);
      expect(messages).toContain(`Subject stop-contact-${i}`);
    }
    expect((await restarted.stop()).code).toBe(0);

    console.info(
      `[reliability] SIGTERM (${server.site.kind}): ${all.length} requests, ${inFlight} in flight at the signal, ` +
        `${errors.length} resets, exit ${exit.code} after ${exitMs} ms; restart on the same data ready in ${restartMs} ms`,
    );
  });

  it("with SHUTDOWN_DELAY_MS: /readyz answers 503 at once, 10 busy keep-alive clients are served through the delay and none is reset", async () => {
    const delayMs = 1_500;
    const server = await startServer(buildDir, await site(), { env: { SHUTDOWN_DELAY_MS: String(delayMs) } });
    expect((await send(server.origin, { path: "/readyz" })).status).toBe(200);

    const clients = await busyKeepAliveClients(server);
    const signalledAt = clients.signal();
    await server.printed("SIGTERM received");
    const readiness = await send(server.origin, { path: "/readyz" });
    const liveness = await send(server.origin, { path: "/healthz" });
    const outcomes = await clients.outcomes;
    const exit = await server.exited;

    expect([readiness.status, JSON.parse(readiness.body)]).toEqual([503, { ok: false, problem: "stopping" }]);
    expect(liveness.status).toBe(200);
    expect(outcomes.flat().filter((outcome) => outcome !== "200")).toEqual([]);
    // The delay served requests as usual before the drain began.
    const servedDuringDelay = clients.answeredAt.filter((at) => at - signalledAt < delayMs - 100).length;
    expect(servedDuringDelay).toBeGreaterThan(10);
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(delayMs);
    console.info(
      `[reliability] SIGTERM with a ${delayMs} ms delay (${server.site.kind}): ${outcomes.flat().length} answers to 10 busy keep-alive clients, ` +
        `${servedDuringDelay} during the delay, 0 resets, exit after ${exit.at - signalledAt} ms`,
    );
  });

  it("without a delay (no load balancer): 10 busy keep-alive clients are each answered until told Connection: close, none is reset", async () => {
    const server = await startServer(buildDir, await site());
    const clients = await busyKeepAliveClients(server);
    const signalledAt = clients.signal();
    const outcomes = await clients.outcomes;
    const exit = await server.exited;

    expect(outcomes.flat().filter((outcome) => outcome !== "200")).toEqual([]);
    expect(exit.code).toBe(0);
    console.info(
      `[reliability] SIGTERM, direct drain (${server.site.kind}): ${outcomes.flat().length} answers to 10 busy keep-alive clients, ` +
        `0 resets, exit after ${exit.at - signalledAt} ms`,
    );
  });

  it("repeated within a second (npm passing on the Ctrl-C the server also got) is the same stop: the request still finishes, exit 0", async () => {
    const server = await startServer(buildDir, await site());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const post = settle(heldPost(server, "repeat", released));
    await untilInFlight(server, 1);
    server.signal("SIGINT");
    await server.printed("SIGINT received");
    server.signal("SIGINT");
    await server.printed("SIGINT received again within 1 s: the same stop, carrying on.");
    server.signal("SIGTERM");
    await server.printed("SIGTERM received again within 1 s: the same stop, carrying on.");
    release();
    const outcome = await post;
    expect("answer" in outcome && outcome.answer.status).toBe(200);
    expect((await server.exited).code).toBe(0);
  });

  it("sent again after that stops at once with exit code 1", async () => {
    const server = await startServer(buildDir, await site());
    const post = settle(heldPost(server, "second-signal", new Promise(() => {})));
    await untilInFlight(server, 1);
    const firstAt = server.signal("SIGTERM");
    await server.printed("SIGTERM received");
    // Past the 1-second window in which a repeat is the same stop: a wait the product's rule defines.
    await until("the same-signal window to end", () => Date.now() - firstAt > 1_100);
    const secondAt = server.signal("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - secondAt).toBeLessThan(1_000);
    expect(server.output()).toContain("SIGTERM received again: stopping at once, 1 request unanswered.");
    await post;
  });

  it("gives up after 10 s on a request that never finishes: exit code 1", async () => {
    const server = await startServer(buildDir, await site());
    const post = settle(heldPost(server, "deadline", new Promise(() => {})));
    await untilInFlight(server, 1);
    const signalledAt = server.signal("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(9_900);
    expect(exit.at - signalledAt).toBeLessThan(12_000);
    expect(server.output()).toContain("Stopping at once: 1 request still unanswered after 10 s.");
    await post;
  });
});
