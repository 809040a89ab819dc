/** Reading feeds, sitemaps and MP3 files in tests (PRODUCT.md "Discovery"). */
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { validateXML } from "xmllint-wasm";

/** libxml2's verdict on a document: well-formed (and valid against the schema, when one is given), with its errors. */
export async function xmllint(xml: string, schemaFile?: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = schemaFile
    ? await validateXML({
        xml: { fileName: "document.xml", contents: xml },
        schema: { fileName: path.basename(schemaFile), contents: fs.readFileSync(schemaFile, "utf8") },
        // The index's schema includes the sitemap's.
        preload: schemaFile === SITEMAP_XSD ? null : { fileName: "sitemap.xsd", contents: fs.readFileSync(SITEMAP_XSD, "utf8") },
      })
    : await validateXML({ xml: { fileName: "document.xml", contents: xml }, normalization: "c14n" });
  return { valid: result.valid, errors: result.errors.map((error) => error.message) };
}

/** The sitemaps.org schema, as shipped by the `sitemap` package. */
export const SITEMAP_XSD = path.resolve("node_modules/sitemap/schema/sitemap.xsd");
/** The sitemaps.org sitemap index's schema (see the file for why it is here). */
export const SITEINDEX_XSD = path.resolve("tests/support/siteindex.xsd");

/** Elements that may repeat, always parsed as arrays (so one item is still a list). */
const LISTS = new Set(["rss.channel.item", "rss.channel.item.category", "rss.channel.atom:link", "urlset.url", "sitemapindex.sitemap"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Text stays text: '08' or 'true' must not turn into numbers or booleans.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (_name, jpath) => LISTS.has(String(jpath)),
});

/** A parsed element: its text under `#text`, attributes as `@name`, children by name. */
export type XmlNode = { [name: string]: XmlNode & XmlNode[] & string };

/** Parses a document (entities and CDATA decoded); throws when it is not well-formed. */
export function parseXml(xml: string): XmlNode {
  return parser.parse(xml, true) as XmlNode;
}

/** An element's text: a plain string, or the `#text` of an element that also has attributes. */
export function textOf(node: unknown): string {
  if (typeof node === "string") return node;
  if (node && typeof node === "object" && "#text" in node) return String((node as { "#text": unknown })["#text"]);
  return "";
}

/** What an MP3 file's headers say: its ID3v2 tag, its first frame, and the length in samples LAME recorded. */
export interface Mp3Info {
  /** The ID3v2 tag, as Latin-1 text (LAME writes its text frames in Latin-1). */
  id3: string;
  mpegVersion: 1 | 2 | 2.5;
  layer: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Frames after the Xing/Info frame, walked from header to header to the end of the file. */
  audioFrames: number;
  /** The Xing/Info frame's count, which must agree. */
  infoFrames: number;
  /** Samples of audio: frames × samples per frame, less the encoder delay and padding of the LAME tag. */
  samples: number;
  seconds: number;
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = [44_100, 48_000, 32_000];

/** Reads an MPEG audio Layer III file with an ID3v2 tag and a LAME Info frame; throws on anything else. */
export function readMp3(buffer: Buffer): Mp3Info {
  if (buffer.toString("latin1", 0, 3) !== "ID3") throw new Error("no ID3v2 tag");
  // ID3v2 sizes are "syncsafe": 7 bits a byte.
  const tagSize = 10 + (((buffer[6]! & 0x7f) << 21) | ((buffer[7]! & 0x7f) << 14) | ((buffer[8]! & 0x7f) << 7) | (buffer[9]! & 0x7f));
  const id3 = buffer.toString("latin1", 0, tagSize);

  const header = (at: number) => {
    if (buffer[at] !== 0xff || (buffer[at + 1]! & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${at}`);
    const versionBits = (buffer[at + 1]! >> 3) & 3;
    const mpegVersion: Mp3Info["mpegVersion"] | null = versionBits === 3 ? 1 : versionBits === 2 ? 2 : versionBits === 0 ? 2.5 : null;
    const layer = 4 - ((buffer[at + 1]! >> 1) & 3);
    if (mpegVersion === null || layer !== 3) throw new Error(`not MPEG Layer III at byte ${at}`);
    const bitrate = (mpegVersion === 1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[buffer[at + 2]! >> 4];
    const sampleRate = SAMPLE_RATES[(buffer[at + 2]! >> 2) & 3]! / (mpegVersion === 1 ? 1 : mpegVersion === 2 ? 2 : 4);
    if (!bitrate || !sampleRate) throw new Error(`bad bitrate or sample rate at byte ${at}`);
    const padding = (buffer[at + 2]! >> 1) & 1;
    const channels: 1 | 2 = buffer[at + 3]! >> 6 === 3 ? 1 : 2;
    const samplesPerFrame = mpegVersion === 1 ? 1152 : 576;
    const length = Math.floor(((samplesPerFrame / 8) * bitrate * 1000) / sampleRate) + padding;
    return { mpegVersion, layer, sampleRate, channels, samplesPerFrame, length };
  };

  const first = header(tagSize);
  // The Xing/Info frame follows the side information, whose size depends on the version and channels.
  const sideInfo = first.mpegVersion === 1 ? (first.channels === 1 ? 17 : 32) : first.channels === 1 ? 9 : 17;
  const xing = tagSize + 4 + sideInfo;
  const marker = buffer.toString("latin1", xing, xing + 4);
  if (marker !== "Info" && marker !== "Xing") throw new Error("no Xing/Info frame");
  const flags = buffer.readUInt32BE(xing + 4);
  if (!(flags & 1)) throw new Error("the Info frame has no frame count");
  const infoFrames = buffer.readUInt32BE(xing + 8);
  // The LAME tag follows the frame count, byte count (flag 2), table of contents (flag 4) and quality (flag 8).
  const lame = xing + 12 + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (!buffer.toString("latin1", lame, lame + 4).startsWith("LAME")) throw new Error("no LAME tag");
  const delay = (buffer[lame + 21]! << 4) | (buffer[lame + 22]! >> 4);
  const endPadding = ((buffer[lame + 22]! & 0x0f) << 8) | buffer[lame + 23]!;

  let audioFrames = 0;
  let at = tagSize + first.length;
  while (at < buffer.length) {
    at += header(at).length;
    audioFrames += 1;
  }
  if (at !== buffer.length) throw new Error("the last frame runs past the end of the file");
  const samples = infoFrames * first.samplesPerFrame - delay - endPadding;
  return {
    id3,
    mpegVersion: first.mpegVersion,
    layer: first.layer,
    sampleRate: first.sampleRate,
    channels: first.channels,
    audioFrames,
    infoFrames,
    samples,
    seconds: samples / first.sampleRate,
  };
}

/** A title that breaks naive XML writing: markup, both quotes, entities written out, CDATA's terminator twice. */
export const TRICKY_TITLE = `Fish & chips <b>bold</b> "quoted" 'single' ]]> twice ]]> R&amp;D <![CDATA[x]]> end`;
/** Stored HTML whose plain text is as tricky: the entities decode to `&`, `<b>` and quotes. */
export const TRICKY_DESCRIPTION = "<p>Q&amp;A on &lt;b&gt;rates&lt;/b&gt; &quot;now&quot; &amp;amp; ]]&gt; later</p>";
/** TRICKY_DESCRIPTION as the feeds state it (PRODUCT.md "Text from HTML"). */
export const TRICKY_DESCRIPTION_TEXT = `Q&A on <b>rates</b> "now" &amp; ]]> later`;

/** A parsed RSS document's channel and items, after checking it is well-formed RSS 2.0 by libxml2's standards. */
export async function readRss(xml: string) {
  const lint = await xmllint(xml);
  if (!lint.valid) throw new Error(`not well-formed XML: ${lint.errors.join("; ")}`);
  const doc = parseXml(xml);
  const rss = doc.rss!;
  if (rss["@version"] !== "2.0") throw new Error("not RSS 2.0");
  const channel = rss.channel!;
  const items = (channel.item ?? []) as unknown as XmlNode[];
  return { rss, channel, items };
}
