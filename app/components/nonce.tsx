import { createContext, useContext } from "react";

/**
 * The nonce of the page's Content-Security-Policy (PRODUCT.md "Security headers"), given by
 * `entry.server.tsx` for the server render. In the browser there is none: inline scripts only run from
 * the server's HTML, and the browser hides nonces from the page anyway.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
