import * as React from "react";

const subscribe = () => () => {};

/** False during the server render and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
