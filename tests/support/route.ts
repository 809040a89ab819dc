import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import { appRequest } from "./auth";

/** What a loader or action answered, as the browser would see it. */
export interface RouteAnswer<Body = unknown> {
  status: number;
  headers: Headers;
  /** The data (plain or from `data(…)`), or a Response's body: parsed JSON, text, or undefined when empty. */
  body: Body;
  /** The Response itself, when the route returned or threw one. */
  response?: Response;
  /** The Location header, when there is one. */
  location?: string;
}

export interface CallOptions {
  params?: Record<string, string>;
  /** true: the route must throw its answer; false: it must return it (a throw fails the test); unset: either. */
  throws?: boolean;
}

/** Any loader or action: each takes its own typed args, which callRoute builds the way React Router does. */
type RouteFunction = (args: never) => unknown;
/** The body type of a route function's answer: its data, unwrapped from `data(…)`; unknown for a Response. */
type BodyOf<T> = T extends Response ? unknown : T extends DataWithResponseInit<infer D> ? D : T;

/**
 * Calls a route module's loader or action with a Request (or a path, sent as a GET) the way
 * React Router does, and returns its answer whether it returned or threw data, `data(…)` or a Response.
 */
export async function callRoute<F extends RouteFunction>(
  fn: F,
  request: Request | string,
  options: CallOptions = {},
): Promise<RouteAnswer<BodyOf<Awaited<ReturnType<F>>>>> {
  const args = { request: typeof request === "string" ? appRequest(request) : request, params: options.params ?? {}, context: {} };
  let value: unknown;
  let thrown = false;
  try {
    value = await fn(args as never);
  } catch (error) {
    if (options.throws === false) throw error;
    value = error;
    thrown = true;
  }
  if (options.throws && !thrown) throw new Error(`expected the route to throw its answer, but it returned ${describe(value)}`);
  if (thrown && !(value instanceof Response) && !isDataWithInit(value)) throw value;

  let answer: RouteAnswer;
  if (value instanceof Response) {
    answer = { status: value.status, headers: value.headers, body: await bodyOf(value), response: value };
  } else if (isDataWithInit(value)) {
    answer = { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), body: value.data };
  } else {
    answer = { status: 200, headers: new Headers(), body: value };
  }
  const location = answer.headers.get("Location");
  if (location !== null) answer.location = location;
  return answer as RouteAnswer<BodyOf<Awaited<ReturnType<F>>>>;
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function bodyOf(response: Response) {
  const text = await response.clone().text();
  if (!text) return undefined;
  return response.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text;
}

function describe(value: unknown) {
  if (value instanceof Response) return `a ${value.status} Response`;
  if (isDataWithInit(value)) return `data() with status ${value.init?.status ?? 200}`;
  return JSON.stringify(value) ?? String(value);
}
