/**
 * The site's own pictures in the brand (PRODUCT.md "Discovery"): the default link preview, for pages
 * about no one item and items without a picture, and the podcast feed's square cover. Drawn as SVG with
 * every word in outlines (preview-glyphs.server.ts), so they look the same on a server without fonts.
 */
import { BOLD, REGULAR, textOutline, textWidth, type GlyphSet } from "./preview-glyphs.server";

/** The header's navy and the wordmark's colours (components/site/logo.tsx). */
const NAVY = "#0b1a33";
const NAVY_DEEP = "#081427";
const WHITE = "#ffffff";
const SKY_300 = "#7dd3fc";
const EMERALD_400 = "#34d399";
const EMERALD_500 = "#10b981";
const SLATE_300 = "#cbd5e1";

/** The wordmark's tracking, close to the header's `tracking-tight`. */
const WORDMARK_TRACKING = -0.02;

/** The header's mark: lucide's trending-up in navy on an emerald tile, `size` pixels square at (x, y). */
function mark(x: number, y: number, size: number): string {
  const icon = size * 0.625; // size-5 on size-8
  const inset = (size - icon) / 2;
  return `<g transform="translate(${x} ${y})">
<rect width="${size}" height="${size}" rx="${size * 0.1875}" fill="${EMERALD_500}"/>
<g transform="translate(${inset} ${inset}) scale(${icon / 24})" fill="none" stroke="${NAVY}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">
<path d="M16 7h6v6"/><path d="m22 7-8.5 8.5-5-5L2 17"/>
</g></g>`;
}

/** "Market" in white and "Wire" in sky, baseline starting at (x, y). */
function wordmark(x: number, y: number, size: number): string {
  const options = { size, tracking: WORDMARK_TRACKING };
  const wire = x + textWidth("Market", BOLD, options) + WORDMARK_TRACKING * size;
  return textOutline("Market", BOLD, x, y, WHITE, options) + textOutline("Wire", BOLD, wire, y, SKY_300, options);
}

function wordmarkWidth(size: number): number {
  return textWidth("MarketWire", BOLD, { size, tracking: WORDMARK_TRACKING });
}

function centred(text: string, glyphs: GlyphSet, centreX: number, y: number, fill: string, size: number, tracking = 0): string {
  const x = centreX - textWidth(text, glyphs, { size, tracking }) / 2;
  return textOutline(text, glyphs, x, y, fill, { size, tracking });
}

/** A rising market line with a soft area under it, from `from` (bottom left) to `to` (right) pixels down. */
function marketLine(width: number, height: number, from: number, to: number, opacity: number): string {
  // A fixed, hand-picked walk upwards: the same picture on every render.
  const steps = [0, 0.06, 0.04, 0.12, 0.1, 0.2, 0.17, 0.3, 0.27, 0.38, 0.46, 0.42, 0.56, 0.64, 0.6, 0.74, 0.86, 0.82, 1];
  const xy = steps.map((rise, i) => [(i / (steps.length - 1)) * width, from - (from - to) * rise] as const);
  const points = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const [lastX, lastY] = xy[xy.length - 1]!;
  return `<defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${EMERALD_400}" stop-opacity=".26"/><stop offset="1" stop-color="${EMERALD_400}" stop-opacity="0"/></linearGradient></defs>
<g opacity="${opacity}">
<path d="M0,${height} L${points.replaceAll(" ", " L")} L${lastX},${height} Z" fill="url(#area)"/>
<polyline points="${points}" fill="none" stroke="${EMERALD_400}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>
<circle cx="${lastX}" cy="${lastY}" r="10" fill="${EMERALD_400}"/>
</g>`;
}

function background(width: number, height: number): string {
  const rows = Array.from({ length: Math.floor(height / 90) }, (_, i) => `M0 ${(i + 1) * 90}H${width}`).join("");
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${NAVY_DEEP}"/></linearGradient>
<radialGradient id="glow" cx="0.85" cy="0.1" r="0.7"><stop offset="0" stop-color="#1e3a8a" stop-opacity=".55"/><stop offset="1" stop-color="#1e3a8a" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<path d="${rows}" stroke="${WHITE}" stroke-opacity=".05" stroke-width="2"/>`;
}

/** The default link preview, `width` × `height` (1200 × 630). */
export function defaultPreviewSvg(width: number, height: number): string {
  const left = 96;
  const markSize = 112;
  const wordSize = 104;
  const tagline = ["Market insight that connects investors with the", "companies shaping tomorrow’s markets."];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${background(width, height)}
${marketLine(width, height, height - 28, 420, 0.6)}
${textOutline("VIDEOS · PODCASTS · INTERVIEWS · SPECIAL FEATURES", BOLD, left, 104, SKY_300, { size: 20, tracking: 0.16 })}
${mark(left, 148, markSize)}
${wordmark(left + markSize + 32, 148 + markSize / 2 + wordSize * 0.36, wordSize)}
${tagline.map((line, i) => textOutline(line, REGULAR, left, 352 + i * 50, SLATE_300, { size: 36 })).join("\n")}
</svg>`;
}

/** The podcast feed's square cover, `size` pixels a side (Apple asks for 1400 to 3000). */
export function podcastCoverSvg(size: number): string {
  const centre = 700;
  const markSize = 300;
  const wordSize = 190;
  const bars = [0.35, 0.6, 0.85, 0.5, 1, 0.7, 0.4, 0.9, 0.55, 0.75, 0.3];
  const barGap = 64;
  const barsLeft = centre - ((bars.length - 1) * barGap) / 2;
  const wave = bars
    .map((level, i) => {
      const half = 70 * level;
      const x = barsLeft + i * barGap;
      return `<path d="M${x} ${1190 - half}V${1190 + half}"/>`;
    })
    .join("");
  const markCentre = 450;
  const rings = [200, 260, 320]
    .map(
      (r, i) =>
        `<circle cx="${centre}" cy="${markCentre}" r="${r}" fill="none" stroke="${SKY_300}" stroke-opacity="${0.14 - i * 0.04}" stroke-width="4"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1400 1400">
<!-- drawn on a 1400 grid, scaled to the asked size -->
${background(1400, 1400)}
${rings}
${mark(centre - markSize / 2, markCentre - markSize / 2, markSize)}
${wordmark(centre - wordmarkWidth(wordSize) / 2, 930, wordSize)}
${centred("PODCASTS", BOLD, centre, 1050, EMERALD_400, 84, 0.32)}
<g stroke="${SKY_300}" stroke-opacity=".45" stroke-width="22" stroke-linecap="round">${wave}</g>
</svg>`;
}

/** Where a company preview's logo tile sits on its card (companyCardSvg), in pixels. */
export const COMPANY_LOGO_BOX = { left: 96, top: 150, size: 330 } as const;

/**
 * A company page's preview card, `width` × `height` (1200 × 630): the brand's background and market line,
 * a white tile for the company's logo (drawn on it by preview-render.server.ts) and the wordmark beside it.
 */
export function companyCardSvg(width: number, height: number): string {
  const { left, top, size } = COMPANY_LOGO_BOX;
  const markSize = 72;
  const wordSize = 64;
  const textLeft = left + size + 72;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${background(width, height)}
${marketLine(width, height, height - 28, 470, 0.45)}
${textOutline("COMPANIES", BOLD, left, 104, SKY_300, { size: 20, tracking: 0.16 })}
<rect x="${left - 12}" y="${top - 12}" width="${size + 24}" height="${size + 24}" rx="36" fill="${WHITE}"/>
${mark(textLeft, top + size / 2 - markSize / 2, markSize)}
${wordmark(textLeft + markSize + 24, top + size / 2 + wordSize * 0.36, wordSize)}
</svg>`;
}

/**
 * PRODUCT.md "Paid promotion": the band laid over a paid item's link preview, 'PAID PROMOTION' in words (not
 * colour alone), dark on amber at the top left, so the label travels wherever the link is shared.
 */
export function paidBandSvg(width: number, height: number): string {
  const text = "PAID PROMOTION";
  const size = 34;
  const tracking = 0.08;
  const [x, y, padX, bandHeight] = [40, 40, 28, 72];
  const bandWidth = textWidth(text, BOLD, { size, tracking }) + padX * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect x="${x}" y="${y}" width="${bandWidth.toFixed(1)}" height="${bandHeight}" rx="12" fill="#fbbf24"/>
${textOutline(text, BOLD, x + padX, y + bandHeight / 2 + size * 0.36, "#1c1917", { size, tracking })}
</svg>`;
}
