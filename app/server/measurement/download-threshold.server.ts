/**
 * PRODUCT.md "Measurement": the bytes a download needs, per file: its ID3 header plus one minute of audio at
 * its bitrate (the IAB guidelines' threshold). The bitrate is read from the first audio frames by
 * music-metadata; a file whose frames do not say (an M4A with its index at the end) falls back on its size
 * over its duration, and failing that on 128 kbit/s, the commonest podcast rate.
 */
import { parseBuffer } from "music-metadata";

export const THRESHOLD_SECONDS = 60;
export const FALLBACK_BITRATE = 128_000;
/** Enough of a file's start for its ID3 header (covers excluded) and its first audio frames. */
export const HEAD_BYTES = 256 * 1024;

/** The bytes of an ID3v2 tag at the start of `head` (its 10-byte header, the tag, and a footer if flagged), else 0. */
export function id3HeaderBytes(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  // A "syncsafe" size: four bytes of seven bits each.
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const footer = head[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

export function thresholdBytes(id3Bytes: number, bitsPerSecond: number): number {
  return id3Bytes + Math.ceil((bitsPerSecond * THRESHOLD_SECONDS) / 8);
}

/**
 * The threshold of a file from its first bytes (`head`, up to HEAD_BYTES), its size, its type and, when
 * known, its duration in seconds.
 */
export async function fileThreshold(
  head: Uint8Array,
  file: { size: number; contentType: string; durationSeconds: number | null },
): Promise<number> {
  const id3 = id3HeaderBytes(head);
  let bitrate: number | undefined;
  try {
    ({ bitrate } = (
      await parseBuffer(head, { mimeType: file.contentType, size: file.size }, { duration: false, skipCovers: true })
    ).format);
  } catch {
    bitrate = undefined;
  }
  if (!bitrate || !Number.isFinite(bitrate)) {
    bitrate = file.durationSeconds ? ((file.size - id3) * 8) / file.durationSeconds : FALLBACK_BITRATE;
  }
  return thresholdBytes(id3, bitrate);
}
