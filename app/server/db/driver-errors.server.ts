/**
 * What the database driver said about a failed statement. Drizzle wraps the driver's error (node-postgres
 * or PGlite) in its own, so the SQLSTATE and the constraint sit further down the chain of causes.
 */
export interface DriverError {
  /** The SQLSTATE (e.g. 23505), or a socket code such as ECONNREFUSED. */
  code?: unknown;
  /** The constraint a statement broke, when the driver names it. */
  constraint?: unknown;
  message: string;
}

/** Causes followed at most: a longer chain is not one the drivers make (and a cycle must end). */
const MAX_DEPTH = 5;

/** `error` and the errors it wraps, outermost first. */
export function* errorChain(error: unknown): Generator<DriverError> {
  let current = error;
  for (let depth = 0; typeof current === "object" && current !== null && depth < MAX_DEPTH; depth++) {
    const { code, constraint, message, cause } = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    yield { code, constraint, message: typeof message === "string" ? message : "" };
    current = cause;
  }
}

/** True when `error` or an error it wraps carries one of `codes`. */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === "string" && codes.has(link.code)) return true;
  }
  return false;
}
