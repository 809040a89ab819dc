/**
 * The demo site's artwork and sound: 16:9 SVG cards generated from this catalogue into public/media, and
 * the spoken episodes of spoken.ts in public/media/audio and public/media/video, so the site looks complete
 * and plays with no internet.
 * `npx tsx app/server/seed/generate-media.ts` rewrites the files; a test checks the committed files still
 * match this catalogue.
 */

import { createHash } from "node:crypto";

import { spokenMediaPath, spokenScript, spokenSourceTag, spokenTimings } from "./spoken";

type Palette = { from: string; to: string; accent: string };

const PALETTES = {
  navy: { from: "#0b1220", to: "#1e3a8a", accent: "#34d399" },
  teal: { from: "#042f2e", to: "#0f766e", accent: "#fde047" },
  plum: { from: "#1e1033", to: "#6d28d9", accent: "#f9a8d4" },
  ember: { from: "#2a0f0a", to: "#b45309", accent: "#fde68a" },
  slate: { from: "#0f172a", to: "#334155", accent: "#38bdf8" },
  forest: { from: "#052e16", to: "#15803d", accent: "#bef264" },
  crimson: { from: "#2b0a12", to: "#be123c", accent: "#fecdd3" },
  ocean: { from: "#082f49", to: "#0369a1", accent: "#a5f3fc" },
} satisfies Record<string, Palette>;

type Icon = "play" | "mic" | "doc" | "quote" | "bolt" | "globe" | "star" | "pick" | "chip";
type Chart = "line" | "bars" | "candles";

export interface MediaImage {
  /** File name without extension: served as /media/<name>.svg */
  name: string;
  /** Small caps line above the title, e.g. 'VIDEO'. */
  kicker: string;
  /** The programme name, the big line. */
  title: string;
  subtitle: string;
  palette: keyof typeof PALETTES;
  icon: Icon;
  chart: Chart;
  /** Trend of the chart: positive rises, negative falls. */
  trend: number;
}

const v = (name: string, title: string, subtitle: string, palette: MediaImage["palette"], icon: Icon, trend: number): MediaImage => ({
  name,
  kicker: "VIDEO",
  title,
  subtitle,
  palette,
  icon,
  chart: "line",
  trend,
});

export const MEDIA_IMAGES: MediaImage[] = [
  // Video programmes
  v("video-market-open-1", "Market Open", "The pre-market briefing", "navy", "play", 1),
  v("video-market-open-2", "Market Open", "Futures, FX and the day ahead", "slate", "play", -0.6),
  v("video-market-open-3", "Market Open", "What moved overnight", "ocean", "play", 0.4),
  v("video-earnings-wrap-1", "Earnings Wrap", "Results season, decoded", "plum", "play", 0.8),
  v("video-earnings-wrap-2", "Earnings Wrap", "Beats, misses and guidance", "crimson", "play", -1),
  v("video-resources-roundup-1", "Resources Roundup", "Lithium, copper and gold", "ember", "pick", 0.7),
  v("video-resources-roundup-2", "Resources Roundup", "From pit to port", "forest", "pick", -0.3),
  v("video-resources-roundup-3", "Resources Roundup", "Energy metals and uranium", "slate", "bolt", 1.1),
  v("video-tech-frontier-1", "Tech Frontier", "Chips, cloud and AI", "slate", "chip", 1.2),
  v("video-tech-frontier-2", "Tech Frontier", "Fintech and platforms", "plum", "chip", 0.5),
  v("video-small-cap-spotlight-1", "Small Cap Spotlight", "Emerging ASX names", "teal", "star", 0.9),
  v("video-small-cap-spotlight-2", "Small Cap Spotlight", "Under the radar", "forest", "star", -0.4),
  v("video-macro-desk-1", "The Macro Desk", "Rates, inflation, currencies", "ocean", "globe", -0.8),
  v("video-macro-desk-2", "The Macro Desk", "Central banks in focus", "navy", "globe", 0.2),
  v("video-investor-briefing", "Investor Briefing", "Company presentations", "teal", "play", 0.6),

  // Podcast covers
  {
    name: "podcast-capital-call",
    kicker: "PODCAST",
    title: "Capital Call",
    subtitle: "Conversations on raising and deploying capital",
    palette: "plum",
    icon: "mic",
    chart: "bars",
    trend: 0,
  },
  {
    name: "podcast-dividend-hour",
    kicker: "PODCAST",
    title: "The Dividend Hour",
    subtitle: "Income investing, week by week",
    palette: "teal",
    icon: "mic",
    chart: "bars",
    trend: 0,
  },
  {
    name: "podcast-long-view",
    kicker: "PODCAST",
    title: "The Long View",
    subtitle: "Ideas that compound",
    palette: "navy",
    icon: "mic",
    chart: "bars",
    trend: 0,
  },
  {
    name: "podcast-resource-room",
    kicker: "PODCAST",
    title: "The Resource Room",
    subtitle: "Mining and energy, unfiltered",
    palette: "ember",
    icon: "mic",
    chart: "bars",
    trend: 0,
  },

  // Blog featured images
  {
    name: "blog-lithium",
    kicker: "INSIGHTS",
    title: "Battery Metals",
    subtitle: "Lithium after the boom",
    palette: "forest",
    icon: "doc",
    chart: "candles",
    trend: -0.5,
  },
  {
    name: "blog-semiconductors",
    kicker: "INSIGHTS",
    title: "Semiconductors",
    subtitle: "Capacity, cycles and AI demand",
    palette: "slate",
    icon: "chip",
    chart: "candles",
    trend: 1,
  },
  {
    name: "blog-rates",
    kicker: "INSIGHTS",
    title: "Rates & Bonds",
    subtitle: "Reading the yield curve",
    palette: "ocean",
    icon: "doc",
    chart: "candles",
    trend: -0.7,
  },
  {
    name: "blog-fintech",
    kicker: "INSIGHTS",
    title: "Fintech",
    subtitle: "Payments, lending, platforms",
    palette: "plum",
    icon: "doc",
    chart: "candles",
    trend: 0.6,
  },
  {
    name: "blog-dividends",
    kicker: "INSIGHTS",
    title: "Income Investing",
    subtitle: "Yield without the traps",
    palette: "teal",
    icon: "doc",
    chart: "candles",
    trend: 0.3,
  },
  {
    name: "blog-gold",
    kicker: "INSIGHTS",
    title: "Gold & Precious",
    subtitle: "Safe havens in a noisy market",
    palette: "ember",
    icon: "doc",
    chart: "candles",
    trend: 0.9,
  },
  {
    name: "blog-energy-transition",
    kicker: "INSIGHTS",
    title: "Energy Transition",
    subtitle: "Capital flows into the grid",
    palette: "forest",
    icon: "bolt",
    chart: "candles",
    trend: 0.4,
  },
  {
    name: "blog-earnings",
    kicker: "INSIGHTS",
    title: "Earnings Season",
    subtitle: "What matters beyond the headline",
    palette: "plum",
    icon: "doc",
    chart: "candles",
    trend: 0.8,
  },
  {
    name: "blog-small-caps",
    kicker: "INSIGHTS",
    title: "Small Caps",
    subtitle: "Liquidity, spreads and patience",
    palette: "teal",
    icon: "star",
    chart: "candles",
    trend: -0.2,
  },
  {
    name: "blog-capital-raising",
    kicker: "INSIGHTS",
    title: "Capital Raisings",
    subtitle: "Placements, rights and dilution",
    palette: "crimson",
    icon: "doc",
    chart: "candles",
    trend: -0.4,
  },
  {
    name: "blog-banks",
    kicker: "INSIGHTS",
    title: "Banks",
    subtitle: "Margins, credit and capital",
    palette: "slate",
    icon: "doc",
    chart: "candles",
    trend: 0.1,
  },
  {
    name: "blog-portfolio",
    kicker: "INSIGHTS",
    title: "Portfolio Strategy",
    subtitle: "Risk, sizing and discipline",
    palette: "navy",
    icon: "doc",
    chart: "candles",
    trend: 0.2,
  },

  // Interview thumbnails
  {
    name: "interview-ceo-sessions-1",
    kicker: "INTERVIEW",
    title: "CEO Sessions",
    subtitle: "Leaders on strategy and capital",
    palette: "slate",
    icon: "quote",
    chart: "line",
    trend: 0.5,
  },
  {
    name: "interview-ceo-sessions-2",
    kicker: "INTERVIEW",
    title: "CEO Sessions",
    subtitle: "Straight answers from the top",
    palette: "crimson",
    icon: "quote",
    chart: "line",
    trend: -0.2,
  },
  {
    name: "interview-boardroom-1",
    kicker: "INTERVIEW",
    title: "In the Boardroom",
    subtitle: "Chairs, CFOs and founders",
    palette: "teal",
    icon: "quote",
    chart: "line",
    trend: 0.8,
  },
  {
    name: "interview-boardroom-2",
    kicker: "INTERVIEW",
    title: "In the Boardroom",
    subtitle: "How the deal got done",
    palette: "plum",
    icon: "quote",
    chart: "line",
    trend: 0.1,
  },

  // Special feature images, one per feature type plus the general one
  {
    name: "feature-market-analysis",
    kicker: "SPECIAL FEATURE",
    title: "Market Analysis",
    subtitle: "Sector by sector",
    palette: "navy",
    icon: "globe",
    chart: "line",
    trend: 0.6,
  },
  {
    name: "feature-exclusive-report",
    kicker: "SPECIAL FEATURE",
    title: "Exclusive Report",
    subtitle: "Reporting you will not read elsewhere",
    palette: "crimson",
    icon: "star",
    chart: "candles",
    trend: 0.3,
  },
  {
    name: "feature-expert-insight",
    kicker: "SPECIAL FEATURE",
    title: "Expert Insight",
    subtitle: "Specialists explain the numbers",
    palette: "teal",
    icon: "quote",
    chart: "line",
    trend: 0.7,
  },
  {
    name: "feature-breaking-news",
    kicker: "SPECIAL FEATURE",
    title: "Breaking News",
    subtitle: "Market-moving developments",
    palette: "ember",
    icon: "bolt",
    chart: "line",
    trend: -1.1,
  },
  {
    name: "feature-deep-dive",
    kicker: "SPECIAL FEATURE",
    title: "Deep Dive",
    subtitle: "The long read on one big question",
    palette: "ocean",
    icon: "doc",
    chart: "candles",
    trend: 0.5,
  },
  {
    name: "feature-general",
    kicker: "SPECIAL FEATURE",
    title: "MarketWire Features",
    subtitle: "Stories from across the market",
    palette: "slate",
    icon: "star",
    chart: "line",
    trend: 0.2,
  },
];

/** The URL content rows store for an image of the catalogue (throws on a typo, so data modules stay valid). */
export function mediaUrl(name: string): string {
  if (!MEDIA_IMAGES.some((image) => image.name === name)) throw new Error(`Unknown demo image: ${name}`);
  return `/media/${name}.svg`;
}

/**
 * The demo's own audio: the spoken episodes of spoken.ts shipped as MP3s, so demo podcasts play offline in
 * the native player and the podcast feed has episodes with a direct audio file (PRODUCT.md "Discovery").
 * The path and measured length of a podcast's episode (throws on a typo or a video episode, so data
 * modules stay valid).
 */
export function demoAudio(name: string): { path: string; seconds: number } {
  if (spokenScript(name).media.kind !== "audio") throw new Error(`Not a demo audio episode: ${name}`);
  return { path: spokenMediaPath(name), seconds: spokenTimings(name).seconds };
}

/** The trailer, which plays with the native player offline (the end-to-end tests use it). */
export const DEMO_AUDIO_PATH = spokenMediaPath("capital-call-trailer");

// ---- rendering ----

const WIDTH = 640;
const HEIGHT = 360;

/** Small deterministic PRNG (mulberry32) so regenerating gives byte-identical files. */
function random(seedText: string) {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A random walk with a drift, scaled into the lower part of the card. */
function series(image: MediaImage, count: number) {
  const next = random(image.name);
  const values: number[] = [];
  let value = 0;
  for (let i = 0; i < count; i++) {
    value += image.trend * 0.6 + (next() - 0.5) * 2.4;
    values.push(value);
  }
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  // Chart band: y from 205 (high) to 325 (low).
  return { next, ys: values.map((n) => round(325 - ((n - min) / span) * 120)) };
}

function lineChart(image: MediaImage, accent: string) {
  const { ys } = series(image, 26);
  const step = WIDTH / (ys.length - 1);
  const points = ys.map((y, i) => `${round(i * step)},${y}`).join(" ");
  return (
    `<path d="M0,${HEIGHT} L${points.replace(/ /g, " L")} L${WIDTH},${HEIGHT}Z" fill="url(#area)"/>` +
    `<polyline points="${points}" fill="none" stroke="${accent}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<circle cx="${WIDTH}" cy="${ys[ys.length - 1]}" r="7" fill="${accent}"/>`
  );
}

function candleChart(image: MediaImage, accent: string) {
  const { next, ys } = series(image, 22);
  const width = WIDTH / ys.length;
  // Two paths (rising in the accent colour, falling in translucent white) keep the file small.
  const rising: string[] = [];
  const falling: string[] = [];
  let previous = ys[0]!;
  ys.forEach((close, i) => {
    const open = previous;
    previous = close;
    const top = round(Math.min(open, close));
    const body = round(Math.max(3, Math.abs(open - close)));
    const wickTop = round(top - 4 - next() * 10);
    const wickBottom = round(top + body + 4 + next() * 10);
    const x = round(i * width + width / 2);
    const half = round(width * 0.3);
    const candle = `M${x},${wickTop}V${wickBottom}M${round(x - half)},${top}h${round(half * 2)}v${body}h${-round(half * 2)}Z`;
    (close <= open ? rising : falling).push(candle);
  });
  return (
    `<path d="${rising.join("")}" fill="${accent}" stroke="${accent}" stroke-width="2"/>` +
    `<path d="${falling.join("")}" fill="#ffffff" fill-opacity=".55" stroke="#ffffff" stroke-opacity=".55" stroke-width="2"/>`
  );
}

function waveform(image: MediaImage, accent: string) {
  const next = random(image.name);
  const count = 48;
  const width = WIDTH / count;
  const barWidth = round(width * 0.6);
  // Bars alternate between two opacities; one path each keeps the file small.
  const paths: [string[], string[]] = [[], []];
  for (let i = 0; i < count; i++) {
    const height = round(12 + next() * 70 * (0.5 + 0.5 * Math.sin((i / count) * Math.PI)));
    const x = round(i * width + width * 0.2);
    paths[i % 2]!.push(`M${x},${round(285 - height / 2)}h${barWidth}v${height}h${-barWidth}Z`);
  }
  return (
    `<path d="${paths[0].join("")}" fill="${accent}" fill-opacity=".9"/>` +
    `<path d="${paths[1].join("")}" fill="${accent}" fill-opacity=".55"/>`
  );
}

/** Icons drawn in a 40x40 box centred in the badge at the top right. */
const ICONS: Record<Icon, string> = {
  play: `<path d="M-9,-13 L15,0 L-9,13Z"/>`,
  mic: `<rect x="-7" y="-16" width="14" height="22" rx="7"/><path d="M-13,-2 a13,13 0 0 0 26,0" fill="none" stroke-width="3"/><path d="M0,11 V17 M-7,17 H7" fill="none" stroke-width="3"/>`,
  doc: `<path d="M-11,-15 H5 L12,-8 V15 H-11Z"/><path d="M-6,-3 H7 M-6,3 H7 M-6,9 H3" fill="none" stroke-width="2.5" stroke-opacity=".5"/>`,
  quote: `<path d="M-14,10 V0 Q-14,-12 -3,-14 V-9 Q-8,-7 -8,-2 H-3 V10Z M3,10 V0 Q3,-12 14,-14 V-9 Q9,-7 9,-2 H14 V10Z"/>`,
  bolt: `<path d="M3,-17 L-11,3 H-1 L-4,17 L11,-4 H1Z"/>`,
  globe: `<circle r="15" fill="none" stroke-width="3"/><ellipse rx="6" ry="15" fill="none" stroke-width="2.5"/><path d="M-15,0 H15 M-12,-8 H12 M-12,8 H12" fill="none" stroke-width="2"/>`,
  star: `<path d="M0,-16 L4.7,-5.3 L15.2,-4.9 L7,2.3 L9.4,13 L0,7 L-9.4,13 L-7,2.3 L-15.2,-4.9 L-4.7,-5.3Z"/>`,
  pick: `<path d="M-14,-8 Q0,-20 14,-8 Q0,-14 -14,-8Z" stroke-width="2"/><path d="M0,-12 L0,16" fill="none" stroke-width="4" stroke-linecap="round"/>`,
  chip: `<rect x="-10" y="-10" width="20" height="20" rx="3"/><path d="M-5,-10 V-15 M0,-10 V-15 M5,-10 V-15 M-5,10 V15 M0,10 V15 M5,10 V15 M-10,-5 H-15 M-10,0 H-15 M-10,5 H-15 M10,-5 H15 M10,0 H15 M10,5 H15" fill="none" stroke-width="2.5"/>`,
};

/** The SVG document for one catalogue image (about 2-5 KB). */
export function renderMediaSvg(image: MediaImage): string {
  const palette = PALETTES[image.palette];
  const chart =
    image.chart === "line"
      ? lineChart(image, palette.accent)
      : image.chart === "candles"
        ? candleChart(image, palette.accent)
        : waveform(image, palette.accent);
  const titleSize = image.title.length > 16 ? 40 : 46;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${image.title}: ${image.subtitle}`)}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<path d="M0,205 H${WIDTH} M0,245 H${WIDTH} M0,285 H${WIDTH} M0,325 H${WIDTH}" stroke="#ffffff" stroke-opacity=".08"/>`,
    chart,
    `<g transform="translate(572,68)"><circle r="32" fill="#ffffff" fill-opacity=".12"/><g fill="${palette.accent}" stroke="${palette.accent}">${ICONS[image.icon]}</g></g>`,
    `<g font-family="Inter,'Helvetica Neue',Arial,sans-serif" fill="#ffffff">`,
    `<text x="40" y="58" font-size="14" font-weight="600" letter-spacing="3" fill-opacity=".7">MARKETWIRE · ${escapeXml(image.kicker)}</text>`,
    `<text x="40" y="116" font-size="${titleSize}" font-weight="700">${escapeXml(image.title)}</text>`,
    `<text x="40" y="152" font-size="20" fill-opacity=".85">${escapeXml(image.subtitle)}</text>`,
    `</g></svg>`,
    "",
  ].join("\n");
}

// ---- video ----

/**
 * A spoken episode shipped as a video shows its catalogue artwork as the picture, so the MP4's comment tag
 * covers the artwork as well as the script: changing either makes the committed file stale.
 */
export function demoVideoSourceTag(name: string): string {
  const script = spokenScript(name);
  if (script.media.kind !== "video") throw new Error(`Not a demo video episode: ${name}`);
  const { artwork } = script.media;
  const image = MEDIA_IMAGES.find((i) => i.name === artwork);
  if (!image) throw new Error(`Unknown demo image: ${artwork}`);
  const source = `${spokenSourceTag(name)}\n${renderMediaSvg(image)}`;
  return `source-sha256=${createHash("sha256").update(source).digest("hex")}`;
}
