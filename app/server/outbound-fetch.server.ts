/**
 * Fetching from web addresses an editor typed (PRODUCT.md "Discovery": link-preview pictures; PRODUCT.md
 * "Video": hosts' thumbnails) and posting to those an admin registered (PRODUCT.md "Webhooks"): http or
 * https only, within a time and size limit, and never to the server's own, private or otherwise non-public
 * networks (cloud metadata, neighbours) unless the operator names the host and port.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/** A web address that cannot be read: the caller logs it and falls back. */
export class OutboundFetchError extends Error {
  override name = "OutboundFetchError";
}

/** IANA's global unicast space (2000::/3): everything outside it is reserved, local or special. */
/** RFC 6052's well-known NAT64 prefix; the local-use 64:ff9b:1::/48 is not global and stays refused. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Whether the server may connect to `address` (an IPv4 or IPv6 address, as DNS or a URL gives it): only
 * global unicast, by ipaddr.js's ranges of the IANA special-purpose registries. An IPv4 address written as
 * IPv6 (IPv4-mapped, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged by the IPv4 address inside.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === "unicast";
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/** The IPv4 address an IPv4-mapped, NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`) address leads to. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [a = 0, b = 0, c = 0] = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_WELL_KNOWN)) return v4(address.parts[6]!, address.parts[7]!);
  if (a === 0x2002) return v4(b, c);
  return null;
}

/* ---------------------------------------------------------------------------------------------------- */
/* Fetching                                                                                               */

export interface OutboundFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Tests only: let loopback and private addresses through (a local server stands in for the host). */
  allowPrivateAddresses: boolean;
  accept: string;
  userAgent: string;
}

function checkAddress(address: string, options: Pick<OutboundFetchOptions, "allowPrivateAddresses">) {
  if (!options.allowPrivateAddresses && !isPublicAddress(address)) {
    throw new OutboundFetchError(`${address} is not a public address`);
  }
}

/** dns.lookup that refuses non-public addresses: checked on the address the connection will use. */
function guardedLookup(options: Pick<OutboundFetchOptions, "allowPrivateAddresses">): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      try {
        for (const { address } of addresses) checkAddress(address, options);
      } catch (refusal) {
        return callback(refusal as Error, "", 0);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new OutboundFetchError(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The body at `url` (http or https only), within the time and size limits, following a few redirects. */
export async function fetchPublic(url: URL, options: OutboundFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const response = await get(current, signal, options);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (redirects >= options.maxRedirects) throw new OutboundFetchError("too many redirects");
      current = new URL(location, current);
      continue;
    }
    if (response.statusCode !== 200) {
      response.destroy();
      throw new OutboundFetchError(`HTTP ${response.statusCode}`);
    }
    return readBody(response, options.maxBytes);
  }
}

/** The URL's scheme is http or https, and an address written in it (never looked up) is allowed. */
function checkUrl(url: URL, options: Pick<OutboundFetchOptions, "allowPrivateAddresses">) {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundFetchError(`${url.protocol} is not http or https`);
  const host = hostOf(url);
  if (net.isIP(host)) checkAddress(host, options);
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

function get(url: URL, signal: AbortSignal, options: OutboundFetchOptions): Promise<http.IncomingMessage> {
  checkUrl(url, options);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { signal, lookup: guardedLookup(options), headers: { Accept: options.accept, "User-Agent": options.userAgent } },
      resolve,
    );
    request.on("error", reject);
  });
}

async function readBody(response: http.IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new OutboundFetchError(`larger than ${limit} bytes`);
  if (Number(response.headers["content-length"] ?? 0) > limit) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/* ---------------------------------------------------------------------------------------------------- */
/* Posting to an operator-approved receiver (PRODUCT.md "Webhooks")                                       */

/** `host:port` as WEBHOOK_ALLOW_HOSTS names a receiver: the URL's host (IPv6 without brackets) and its port. */
export function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${hostOf(url).toLowerCase()}:${port}`;
}

/**
 * Why the server may not post to `url`, or null: checked when an endpoint is saved, on every address its name
 * has now (a name pointing at a private address later is refused again when the delivery connects).
 */
export async function destinationProblem(url: URL, allowHosts: ReadonlySet<string>): Promise<string | null> {
  const options = { allowPrivateAddresses: allowHosts.has(hostAndPort(url)) };
  try {
    checkUrl(url, options);
    const host = hostOf(url);
    if (net.isIP(host)) return null;
    const addresses = await dns.promises.lookup(host, { all: true });
    for (const { address } of addresses) checkAddress(address, options);
    return null;
  } catch (error) {
    if (error instanceof OutboundFetchError) return error.message;
    return `${hostOf(url)} could not be found`;
  }
}

export interface PostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

export interface PostOptions {
  timeoutMs: number;
  /** `host:port` pairs that may be on private or loopback addresses (WEBHOOK_ALLOW_HOSTS). */
  allowHosts: ReadonlySet<string>;
  headers: Record<string, string>;
  userAgent: string;
}

/**
 * POSTs `body` to `url` and resolves with the answer's status and headers (the body is read and dropped, at
 * most 64 KB of it). A redirect is an answer like any other: never followed, so a receiver cannot send the
 * server on to an address the guard would refuse.
 */
export function postGuarded(url: URL, body: string, options: PostOptions): Promise<PostAnswer> {
  const guard = { allowPrivateAddresses: options.allowHosts.has(hostAndPort(url)) };
  checkUrl(url, guard);
  const client = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        signal,
        lookup: guardedLookup(guard),
        headers: {
          ...options.headers,
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": options.userAgent,
        },
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_READ_LIMIT) response.destroy();
        });
        response.on("close", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        response.on("error", () => undefined);
      },
    );
    request.on("error", (error) =>
      reject(signal.aborted ? new OutboundFetchError(`no answer within ${options.timeoutMs / 1000} s`) : error),
    );
    request.end(body);
  });
}

/** How much of a receiver's answer is read before the connection is closed: its status is what counts. */
const ANSWER_READ_LIMIT = 64 * 1024;
