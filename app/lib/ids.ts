const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a uuid cannot match a row and must never reach a uuid column (it would throw). */
export function isUuid(value: string | null | undefined): value is string {
  return value != null && UUID_PATTERN.test(value);
}
