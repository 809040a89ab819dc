import type { ByteRange } from "./storage.server";

/**
 * The part of a `size`-byte file a Range header asks for: one range of bytes, as players
 * ask when seeking. null: send the whole file (no Range, another unit, several ranges or a malformed one,
 * which a server may ignore); "unsatisfiable": it starts past the end (416).
 */
export function requestedRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether an ETag list (If-None-Match) names `etag`, by weak comparison, or is `*`. */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
