import fs from "node:fs";
import { test as base, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { within } from "@testing-library/dom";
import { Window } from "happy-dom";

import { E2E_ADMIN, E2E_SESSION_COOKIES } from "../../../playwright.config";

export { expect, within };

/**
 * HTTP tests against the end-to-end server, without a browser: what the server answers (status, headers,
 * rendered HTML, forms posted as a browser without JavaScript posts them) needs no Chromium. This is
 * Playwright's own `test` with signed-in request contexts added; no fixture here touches `page`, so no
 * browser starts (the shared fixtures.ts has automatic fixtures that open a page for every test).
 */

/** The e2e server's address, which the origin guard wants as the Origin of every write. */
export function siteOrigin() {
  return test.info().project.use.baseURL!;
}

/**
 * A request context of its own, signed in through Better Auth's API: `sign-in` with an account, or
 * `sign-up` of a new one (signed in at once: this server has no mail transport). Its session cookie is
 * noted for the log check (log-secrets.teardown.ts), as fixtures.ts does for the browsers'.
 */
async function signedInRequest(
  newContext: () => Promise<APIRequestContext>,
  endpoint: "sign-in" | "sign-up",
  data: Record<string, string>,
  provide: (request: APIRequestContext) => Promise<void>,
) {
  const request = await newContext();
  const response = await request.post(`/api/auth/${endpoint}/email`, { data, headers: { Origin: siteOrigin() } });
  expect(response.ok(), await response.text()).toBe(true);
  await provide(request);
  const { cookies } = await request.storageState();
  const values = cookies.filter((cookie) => cookie.name.includes("session_token")).map((cookie) => `${cookie.value}\n`);
  if (values.length > 0) fs.appendFileSync(E2E_SESSION_COOKIES, values.join(""));
  await request.dispose();
}

type Fixtures = {
  /** A request context signed in as the e2e admin. */
  adminRequest: APIRequestContext;
  /** A request context signed in as a new plain user (a reader, not an admin). */
  readerRequest: APIRequestContext;
};

export const test = base.extend<Fixtures>({
  adminRequest: async ({ playwright, baseURL }, provide) => {
    await signedInRequest(() => playwright.request.newContext({ baseURL }), "sign-in", E2E_ADMIN, provide);
  },
  readerRequest: async ({ playwright, baseURL }, provide) => {
    const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await signedInRequest(
      () => playwright.request.newContext({ baseURL }),
      "sign-up",
      { email, password: "reader-password", name: "Plain Reader" },
      provide,
    );
  },
});

// One window parses every page: scripts are not run and nothing the page links to is fetched.
const window = new Window({
  url: "http://localhost/",
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});

/** A rendered page as a document, and Testing Library's queries on its body (by role, label, text). */
export function parseHtml(html: string) {
  const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
  return { document, screen: within(document.body) };
}

/** The answer's HTML, parsed (after checking it is HTML). */
export async function htmlOf(response: APIResponse) {
  expect(response.headers()["content-type"], response.url()).toMatch(/^text\/html/);
  return parseHtml(await response.text());
}

/** An element's text as Playwright's toHaveText/toContainText read it: its textContent, white space collapsed. */
export function textOf(element: Element | null | undefined) {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * What a browser without JavaScript sends when the form is submitted: each control's value as the server
 * rendered it (ticked boxes, selected options, text), with `fill` replacing what the user types or picks.
 */
function formValues(form: Element, fill: Record<string, string | string[]> = {}) {
  const values = new URLSearchParams();
  for (const control of form.querySelectorAll("input[name], select[name], textarea[name]")) {
    const name = control.getAttribute("name")!;
    if (name in fill || control.hasAttribute("disabled")) continue;
    if (control.tagName === "SELECT") {
      const options = [...control.querySelectorAll("option")];
      const chosen = options.filter((option) => option.hasAttribute("selected"));
      for (const option of chosen.length > 0 || control.hasAttribute("multiple") ? chosen : options.slice(0, 1)) {
        values.append(name, option.getAttribute("value") ?? textOf(option));
      }
    } else if (control.tagName === "TEXTAREA") {
      values.append(name, (control as HTMLTextAreaElement).value);
    } else {
      const type = control.getAttribute("type") ?? "text";
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked")) continue;
      values.append(name, control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  for (const [name, value] of Object.entries(fill)) for (const one of [value].flat()) values.append(name, one);
  return values;
}

/**
 * Submits a form of a rendered page as a browser without JavaScript does: a urlencoded POST to its action
 * (else to the page's own path), with the site's Origin. Redirects are followed unless `maxRedirects` says not.
 */
export function submitForm(
  request: APIRequestContext,
  form: Element,
  pagePath: string,
  fill: Record<string, string | string[]> = {},
  options: { maxRedirects?: number } = {},
) {
  return request.post(form.getAttribute("action") || pagePath, {
    data: formValues(form, fill).toString(),
    headers: { Origin: siteOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
    ...options,
  });
}

/**
 * The control a `<label>` in `root` names, found by the label's text as a user reads it (an aria-hidden
 * required marker left out), like Playwright's `getByLabel(…, { exact: true })`.
 */
export function labelledControl(root: Document | Element, label: string) {
  const labels = [...root.querySelectorAll("label")].filter((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return textOf(copy) === label;
  });
  expect(labels, `one label "${label}"`).toHaveLength(1);
  const forId = labels[0]!.getAttribute("for");
  const document = root.ownerDocument ?? (root as Document);
  const control = forId ? document.getElementById(forId) : labels[0]!.querySelector("input, select, textarea");
  expect(control, `the control labelled "${label}"`).toBeTruthy();
  return control!;
}
