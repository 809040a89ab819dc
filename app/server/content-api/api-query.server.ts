/**
 * The content API's query parameters (PRODUCT.md "Content API"): one Zod schema per endpoint, and the
 * opaque cursor of the items list. A bad parameter is a 400 with a message, never a 500.
 */
import { z } from "zod";

import { CONTENT_TYPES } from "~/lib/content-types";

/** PRODUCT.md "Content API": a page of items holds 20 unless `limit` says otherwise, 100 at most. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** No parameter value the API reads is longer (a slug, 'ASX:IBG', a timestamp, a cursor). */
const MAX_VALUE_LENGTH = 200;

/** Printable text only: a NUL or another control character is refused, not passed to the database. */
const value = z
  .string()
  .max(MAX_VALUE_LENGTH, `is longer than ${MAX_VALUE_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, "holds a control character");

/** Where the next page starts: the last item's publication time (as the database wrote it) and id. */
const cursorSchema = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);
export type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `ASX:IBG` (exchange and ticker, any case) or a company's slug. */
export type CompanyRef = { exchange: string; ticker: string } | { slug: string };

function companyRef(text: string): CompanyRef {
  const ticker = /^([A-Za-z0-9.]+):([A-Za-z0-9.]+)$/.exec(text);
  return ticker ? { exchange: ticker[1]!.toUpperCase(), ticker: ticker[2]!.toUpperCase() } : { slug: text.toLowerCase() };
}

export const itemsQuerySchema = z
  .object({
    type: value.pipe(z.enum(CONTENT_TYPES, { error: `must be one of ${CONTENT_TYPES.join(", ")}` })).optional(),
    company: value.min(1, "is empty").transform(companyRef).optional(),
    paid: value
      .pipe(z.enum(["true", "false"], { error: "must be true or false" }))
      .transform((flag) => flag === "true")
      .optional(),
    updated_since: value
      .pipe(z.iso.datetime({ offset: true, error: "must be a date and time such as 2026-12-01T00:00:00Z" }))
      .transform((text) => new Date(text))
      .optional(),
    limit: value
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().min(1, "must be at least 1").max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`))
      .default(DEFAULT_LIMIT),
    cursor: value
      .transform((text, ctx) => {
        const cursor = decodeCursor(text);
        if (!cursor) ctx.addIssue({ code: "custom", message: "is not a cursor this API gave" });
        return cursor ?? z.NEVER;
      })
      .optional(),
  })
  .strict();

export type ItemsQuery = z.infer<typeof itemsQuerySchema>;

/** The endpoints that take no parameters refuse any, so a typo is not silently ignored. */
export const noQuerySchema = z.object({}).strict();

/** The query string as an object; a parameter given twice is refused (which one would count?). */
export function parseQuery<T>(schema: z.ZodType<T>, url: URL): { ok: true; query: T } | { ok: false; error: string } {
  const values: Record<string, string> = {};
  for (const [name, text] of url.searchParams) {
    if (name in values) return { ok: false, error: `${name} is given more than once` };
    values[name] = text;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, query: parsed.data };
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") return { ok: false, error: `Unknown parameter: ${issue.keys.join(", ")}` };
  return { ok: false, error: `${issue.path.join(".") || "query"} ${issue.message}` };
}
