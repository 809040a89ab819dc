/**
 * Scheduled editions (PRODUCT.md "Newsletter editions"): every instance looks every 15 seconds, and
 * `sendEdition`'s row lock lets one of them send it.
 */
import { logFolded } from "../log.server";
import { sendDueEditions } from "./editions.server";

export const EDITION_LOOK_MS = 15_000;

export function startEditionScheduler(everyMs = EDITION_LOOK_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sendDueEditions().catch((error: unknown) => logFolded("error", "Scheduled editions could not be sent", error));
  }, everyMs);
  timer.unref();
  return {
    /** Stops looking and waits for a look in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
