/**
 * Company alerts' look (PRODUCT.md "Following and alerts"): every instance looks every 15 seconds, and at
 * once when an item is published here; the claimed rows let one instance announce each item.
 */
import { onPublication } from "../content/publications.server";
import { logFolded } from "../log.server";
import { announcePublications, sendDailyDigests } from "./alerts.server";

export const ALERT_LOOK_MS = 15_000;

export function startAlertScheduler(everyMs = ALERT_LOOK_MS) {
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;

  const look = () => {
    if (stopped) return;
    // One look at a time; a wake during a look runs one more right after it.
    if (lookInProgress) {
      again = true;
      return;
    }
    lookInProgress = true;
    running = announcePublications()
      .then(() => sendDailyDigests())
      .catch((error: unknown) => logFolded("error", "Company alerts could not be queued", error))
      .finally(() => {
        lookInProgress = false;
        if (again) {
          again = false;
          look();
        }
      });
  };
  let lookInProgress = false;

  const timer = setInterval(look, everyMs);
  timer.unref();
  onPublication(look);
  return {
    /** Stops looking and waits for a look in progress. */
    async stop() {
      stopped = true;
      onPublication(undefined);
      clearInterval(timer);
      await running;
    },
  };
}
