/**
 * Small real media files for the upload tests (PRODUCT.md "Media library"), made when a test runs rather
 * than committed: images drawn with sharp, an Ogg Opus stream, an M4A and an ADTS AAC stream written box by
 * box and frame by frame (nothing on this machine encodes them), and the demo MP3s from public/media/audio.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A `width` × `height` picture in `format`: two colour bands, so resizing has something to do. */
export async function imageBytes(format: ImageFormat, width = 64, height = 48, options: { orientation?: number } = {}): Promise<Buffer> {
  const bands = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#16325c"/><rect width="50%" height="100%" fill="#f5b400"/></svg>`,
  );
  let image = sharp(bands).flatten({ background: "#ffffff" });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/** One of the demo MP3s (public/media/audio): 'dividend-hour-theme.mp3' is 54 s long. */
export function demoMp3(name: "dividend-hour-theme.mp3" | "capital-call-trailer.mp3" = "dividend-hour-theme.mp3"): Buffer {
  return readFileSync(path.resolve("public/media/audio", name));
}

/* Ogg Opus ---------------------------------------------------------------------------------------------- */

const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  return value >>> 0;
});

function oggCrc(bytes: Buffer) {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(packets: Buffer[], granule: number, sequence: number, flags: number) {
  const segments: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    for (; left >= 255; left -= 255) segments.push(255);
    segments.push(left);
  }
  const header = Buffer.alloc(27 + segments.length);
  header.write("OggS", 0);
  header[5] = flags;
  header.writeBigInt64LE(BigInt(granule), 6);
  header.writeUInt32LE(0x4d570001, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  Buffer.from(segments).copy(header, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** `seconds` of silence as Ogg Opus, mono 48 kHz: 20 ms frames (Opus's own silence frame), one page a second. */
export function oggOpusBytes(seconds: number): Buffer {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write("OpusHead");
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from("marketwire-tests");
  const tags = Buffer.alloc(16 + vendor.length);
  tags.write("OpusTags");
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage([head], 0, 0, 0x02), oggPage([tags], 0, 1, 0)];
  const silence = Buffer.from([0xf8, 0xff, 0xfe]);
  for (let second = 0; second < seconds; second++) {
    const last = second === seconds - 1;
    pages.push(oggPage(Array<Buffer>(50).fill(silence), preSkip + (second + 1) * 48_000, 2 + second, last ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}

/* M4A ----------------------------------------------------------------------------------------------------- */

function box(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4);
  return Buffer.concat([header, body]);
}

/** An M4A ('M4A ' brand) whose one AAC track says it lasts `seconds`: the boxes a reader needs, no samples. */
export function m4aBytes(seconds: number): Buffer {
  const rate = 44_100;
  const ftyp = box("ftyp", Buffer.from("M4A "), Buffer.alloc(4), Buffer.from("M4A mp42isom"));
  const identity = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  identity.forEach((value, index) => mvhd.writeUInt32BE(value, 36 + index * 4));
  mvhd.writeUInt32BE(2, 96);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(7, 0); // enabled, in movie, in preview
  tkhd.writeUInt32BE(1, 12);
  tkhd.writeUInt32BE(seconds * 1000, 20);
  tkhd.writeUInt16BE(0x0100, 36);
  identity.forEach((value, index) => tkhd.writeUInt32BE(value, 40 + index * 4));
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(rate, 12);
  mdhd.writeUInt32BE(seconds * rate, 16);
  mdhd.writeUInt16BE(0x55c4, 20); // 'und'
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from("soun"), Buffer.alloc(12), Buffer.from("SoundHandler\0")]);
  const mp4a = Buffer.alloc(36);
  mp4a.writeUInt32BE(36, 0);
  mp4a.write("mp4a", 4);
  mp4a.writeUInt16BE(1, 14); // data reference
  mp4a.writeUInt16BE(1, 24); // channels
  mp4a.writeUInt16BE(16, 26); // sample size
  mp4a.writeUInt32BE(rate * 65536, 32);
  const stsd = Buffer.concat([Buffer.alloc(4), Buffer.from([0, 0, 0, 1]), mp4a]);
  const stbl = box(
    "stbl",
    box("stsd", stsd),
    box("stts", Buffer.alloc(8)),
    box("stsc", Buffer.alloc(8)),
    box("stsz", Buffer.alloc(12)),
    box("stco", Buffer.alloc(8)),
  );
  const trak = box("trak", box("tkhd", tkhd), box("mdia", box("mdhd", mdhd), box("hdlr", hdlr), box("minf", stbl)));
  return Buffer.concat([ftyp, box("moov", box("mvhd", mvhd), trak), box("mdat", Buffer.alloc(16))]);
}

/* ADTS AAC ------------------------------------------------------------------------------------------------ */

/** About `seconds` of silence as an ADTS AAC-LC stream, mono 44.1 kHz, 1,024 samples a frame. */
export function adtsBytes(seconds: number): Buffer {
  const silence = Buffer.from([0x21, 0x10, 0x04, 0x60, 0x8c, 0x1c]);
  const length = 7 + silence.length;
  const frames = Math.ceil((seconds * 44_100) / 1024);
  const header = Buffer.from([
    0xff,
    0xf1, // sync, MPEG-4, no CRC
    (1 << 6) | (4 << 2), // AAC LC, 44.1 kHz
    (1 << 6) | ((length >> 11) & 0x03), // mono
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f,
    0xfc,
  ]);
  return Buffer.concat(Array.from({ length: frames }, () => Buffer.concat([header, silence])));
}
