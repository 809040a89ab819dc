/**
 * The edition look (PRODUCT.md "Newsletter editions"): every instance looks every 15 seconds, sends a
 * scheduled edition whose time has come (`sendEdition`'s row lock lets one of them send it), and queues the
 * mails of sent editions not yet queued in full. A send in this process wakes it at once.
 */
import { logFolded } from "../log.server";
import { onEditionSent, queueSentEditions, sendDueEditions } from "./editions.server";

export const EDITION_LOOK_MS = 15_000;

async function look() {
  try {
    await sendDueEditions();
  } catch (error) {
    logFolded("error", "Scheduled editions could not be sent", error);
  }
  try {
    await queueSentEditions();
  } catch (error) {
    logFolded("error", "A sent edition's mails could not be queued", error);
  }
}

export function startEditionScheduler(everyMs = EDITION_LOOK_MS) {
  let running: Promise<void> = Promise.resolve();
  let looking = false;
  let again = false;
  // One look at a time; a wake during a look asks for one more after it.
  const lookNow = () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    running = (async () => {
      do {
        again = false;
        await look();
      } while (again);
      looking = false;
    })();
  };
  const timer = setInterval(lookNow, everyMs);
  timer.unref();
  onEditionSent(lookNow);
  return {
    /** Stops looking and waits for a look in progress. */
    async stop() {
      clearInterval(timer);
      onEditionSent(undefined);
      again = false;
      await running;
    },
  };
}
