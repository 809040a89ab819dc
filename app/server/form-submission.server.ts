import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import { NO_STORE } from "~/lib/cache-headers";

/**
 * A submitted form checked with its Zod schema through Conform, the way /auth checks it in the browser:
 * empty fields arrive as undefined, and `submission.reply()` is the one error shape every form answers with.
 * Conform reads its reserved `__intent__` and `__state__` fields as JSON; only its own browser code sends
 * them, so a forged one is a 400 like any unreadable form (PRODUCT.md "Security"), never a 500.
 */
export function parseSubmission<S extends z.ZodType>(form: FormData, schema: S, options: { disableAutoCoercion?: boolean } = {}) {
  try {
    return parseWithZod(form, { schema, ...options });
  } catch {
    throw Response.json(
      { error: "The form could not be read: it carries a field reserved for the page's own scripts." },
      { status: 400, headers: NO_STORE },
    );
  }
}
