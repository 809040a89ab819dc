/**
 * The wait of a background worker between looks (the mail worker, the webhook worker), which the process can
 * cut short: new work queued here, or a stop.
 */
export function wakeableSleep() {
  let cutShort: (() => void) | undefined;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          cutShort = undefined;
          resolve();
        }
        cutShort = done;
      }),
    /** Ends the sleep in progress, if any. */
    wake: () => cutShort?.(),
  };
}
