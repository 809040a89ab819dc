import { useSyncExternalStore } from "react";

const subscribeNoop = () => () => {};

/** False during the server render and hydration, true afterwards (no effect, no extra render pass). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNoop,
    () => true,
    () => false,
  );
}
