/**
 * A happy-dom document for tests that render components and also call loaders or actions. Only the
 * globals Node lacks are added (and the browser's navigator and storage): Request, Response, Headers and FormData stay Node's, because a
 * browser's (happy-dom's, under `@vitest-environment happy-dom`) drop the Cookie header a signed-in
 * test request carries. Import this first, before anything that loads react-dom.
 */
import { Window } from "happy-dom";
import { afterAll } from "vitest";

const window = new Window({ url: "http://localhost:3000" });
const global = globalThis as Record<string, unknown>;

/** Globals Node 21+ also has, but without what a page uses (clipboard, storage that needs a file): the browser's. */
const BROWSER_OWN = new Set(["navigator", "localStorage", "sessionStorage"]);

const keys = new Set<string>();
for (let o: object | null = window; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
  for (const key of Object.getOwnPropertyNames(o)) keys.add(key);
}
for (const key of keys) {
  if ((key in global && !BROWSER_OWN.has(key)) || key === "constructor") continue;
  const value = (window as unknown as Record<string, unknown>)[key];
  const bind = typeof value === "function" && !/^[A-Z]/.test(key);
  Object.defineProperty(global, key, {
    configurable: true,
    get: () => {
      const current = (window as unknown as Record<string, unknown>)[key];
      return bind ? (current as (...args: unknown[]) => unknown).bind(window) : current;
    },
  });
}
afterAll(() => window.happyDOM.close());
