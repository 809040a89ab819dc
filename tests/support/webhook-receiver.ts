/**
 * A real HTTP receiver for webhook tests (PRODUCT.md "Webhooks"): records every delivery and answers each with
 * the next of the statuses it was given (200 once they run out). Every recorded delivery can be checked with
 * the `standardwebhooks` package, the specification's reference library.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedDelivery {
  id: string;
  headers: Record<string, string>;
  body: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  /** `host:port`, as WEBHOOK_ALLOW_HOSTS names it. */
  hostPort: string;
  received: ReceivedDelivery[];
  /** The answers to give next, in order. */
  answers: Answer[];
  /** Resolves when `count` deliveries have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const answers: Answer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ id: headers["webhook-id"] ?? "", headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers).end("ok");
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    hostPort: `127.0.0.1:${bound}`,
    received,
    answers,
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} deliveries arrived`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The delivery's payload, after checking its signature with the reference library (throws when it does not verify). */
export function verifiedPayload(
  secret: string,
  delivery: ReceivedDelivery,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}
