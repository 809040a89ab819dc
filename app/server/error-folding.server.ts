/**
 * PRODUCT.md "Logs": an error is logged once with its stack; the same error again within the window is
 * only counted, and the count is logged in one line when the window ends. A database outage then writes
 * a handful of lines instead of a stack trace per failed request.
 */

export const ERROR_FOLD_WINDOW_MS = 60_000;

/** Repeats of one error that were counted instead of logged. */
export interface FoldedRepeats {
  /** The message of the first occurrence, as logged. */
  message: string;
  /** How many times the error came back within the window after the one logged in full. */
  repeats: number;
  /** The distinct routes (patterns, not URLs) its occurrences came from, the first included. */
  routes: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  message: string;
  repeats: number;
  routes: Set<string>;
}

export class ErrorFolder {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly windowMs = ERROR_FOLD_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records one occurrence of the error `key`. `logInFull` says whether to log it with its stack (the
   * first in its window); `ended` lists the repeats of every window that has closed since the last call.
   */
  occur(key: string, message: string, route?: string): { logInFull: boolean; ended: FoldedRepeats[] } {
    const ended = this.sweep();
    const open = this.windows.get(key);
    if (open) {
      open.repeats += 1;
      if (route) open.routes.add(route);
      return { logInFull: false, ended };
    }
    this.windows.set(key, { startedAt: this.now(), message, repeats: 0, routes: new Set(route ? [route] : []) });
    return { logInFull: true, ended };
  }

  /**
   * Closes the windows older than the window length (every window with `all`, when the process stops)
   * and returns those that counted repeats.
   */
  sweep({ all = false } = {}): FoldedRepeats[] {
    const now = this.now();
    const ended: FoldedRepeats[] = [];
    for (const [key, window] of this.windows) {
      if (!all && now - window.startedAt < this.windowMs) continue;
      this.windows.delete(key);
      if (window.repeats > 0) {
        ended.push({ message: window.message, repeats: window.repeats, routes: window.routes.size, windowMs: this.windowMs });
      }
    }
    return ended;
  }

  /** Forgets every window without reporting it (tests start each case afresh). */
  clear() {
    this.windows.clear();
  }
}

/**
 * Parameters in a failed query's message (Drizzle writes `params: …` after the query) may hold session
 * tokens or emails: out, up to the stack's first frame.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/** The text of an error with its query parameters taken out. */
export function withoutQueryParams(text: string): string {
  return text.replace(QUERY_PARAMS, "\nparams: [redacted]");
}

/**
 * What makes two errors "the same": class, message (parameters left out) and the first frame of the
 * stack, so one failing query folds whatever page ran it, and two different bugs never do.
 */
export function errorFoldKey(error: unknown): string {
  if (!(error instanceof Error)) return `value: ${String(error)}`;
  const firstFrame = error.stack?.split("\n").find((line) => line.trimStart().startsWith("at ")) ?? "";
  return `${error.name}: ${withoutQueryParams(error.message)}\n${firstFrame.trim()}`;
}
