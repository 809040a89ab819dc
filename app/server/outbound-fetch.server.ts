/**
 * Fetching from web addresses an editor typed (PRODUCT.md "Discovery": link-preview pictures; PRODUCT.md
 * "Video": hosts' thumbnails): http or https only, within a time and size limit, a few redirects, and
 * never to the server's own, private or otherwise non-public networks (cloud metadata, neighbours).
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

function checkAddress(address: string, options: OutboundFetchOptions) {
  if (!options.allowPrivateAddresses && !isPublicAddress(address)) {
    throw new OutboundFetchError(`${address} is not a public address`);
  }
}

/** dns.lookup that refuses non-public addresses: checked on the address the connection will use. */
function guardedLookup(options: OutboundFetchOptions): net.LookupFunction {
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

function get(url: URL, signal: AbortSignal, options: OutboundFetchOptions): Promise<http.IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundFetchError(`${url.protocol} is not http or https`);
  // An address written in the URL is never looked up, so it is checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (net.isIP(host)) checkAddress(host, options);
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
