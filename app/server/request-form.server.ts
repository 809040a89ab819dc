/**
 * The one place a form submission's body is read on the server (PRODUCT.md "Security"): only real
 * form bodies, parsed whole and checked before an action looks at any field, so a bad request is a
 * 4xx with a clear message and nothing is half-written.
 */
import { NO_STORE } from "~/lib/cache-headers";

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/** Thrown: resource routes answer with it as is, page routes show it in their error boundary. */
function refuse(status: 400 | 415, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * The submitted form. Throws a 415 Response for a body that is not a form (JSON, plain text, none),
 * and a 400 Response for a form that cannot be parsed or whose names or values hold a control
 * character other than tab, CR and LF (PostgreSQL refuses NUL in text; the rest is never typed).
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_CONTENT_TYPES.includes(contentType)) {
    throw refuse(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      "Accept-Post": FORM_CONTENT_TYPES.join(", "),
    });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(400, `The form could not be read: its body is not valid ${contentType}.`);
  }
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(text)) {
      // Name the field when its name is one a form of ours could have.
      const field = /^[\w.-]{1,40}$/.test(name) ? `The field "${name}"` : "A field";
      throw refuse(400, `${field} contains a control character (such as NUL); remove it and send the form again.`);
    }
  }
  return form;
}
