/**
 * The demo companies (PRODUCT.md "Companies"): the fictional listed companies the demo catalogue writes
 * about, each with a logo generated into public/media/companies (`npx tsx app/server/seed/generate-media.ts`;
 * a test checks the committed files still match), and the demo items that name them, by catalogue slug.
 */
import type { Exchange } from "~/lib/companies";
import type { CompanySector } from "~/lib/company-sectors";
import type { ContentType } from "~/lib/content-types";

export interface DemoCompany {
  /** Stable key: the row id is derived from it, and the logo is /media/companies/<slug>.svg. */
  slug: string;
  name: string;
  ticker: string;
  exchange: Exchange;
  sector: CompanySector;
  website: string;
  description: string;
  isClient: boolean;
  /** The logo: its letters and colours (white letters on `colour`, which keeps them readable in both themes). */
  logo: { letters: string; colour: string; accent: string };
  /** The demo items about the company, by type and catalogue slug. */
  about: Partial<Record<ContentType, string[]>>;
}

/** 14 companies in 9 sectors, 5 of them clients; every one named by at least one published item. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    slug: "ironbark-gold",
    name: "Ironbark Gold",
    ticker: "IBG",
    exchange: "ASX",
    sector: "mining",
    website: "https://ironbarkgold.example",
    description: "Mid-tier gold producer with three underground mines in Western Australia.",
    isClient: true,
    logo: { letters: "IG", colour: "#7c4a03", accent: "#fbbf24" },
    about: {
      interview: ["ironbark-not-chasing-ounces"],
      video: ["ironbark-gold-record-production"],
      blog: ["gold-miners-lagged-gold"],
    },
  },
  {
    slug: "helios-semiconductor",
    name: "Helios Semiconductor",
    ticker: "HLIO",
    exchange: "NASDAQ",
    sector: "technology",
    website: "https://heliossemi.example",
    description: "Designs AI accelerators and runs advanced chip-packaging lines.",
    isClient: true,
    logo: { letters: "HS", colour: "#1d4ed8", accent: "#fde047" },
    about: {
      interview: ["helios-cfo-capacity-discipline"],
      blog: ["semiconductor-cycles-ai-era"],
      video: ["helios-record-quarter"],
      special_feature: ["helios-to-acquire-orion-quantum"],
    },
  },
  {
    slug: "quokka-pay",
    name: "Quokka Pay",
    ticker: "QPY",
    exchange: "ASX",
    sector: "financials",
    website: "https://quokkapay.example",
    description: "Payments and point-of-sale software for small merchants.",
    isClient: false,
    logo: { letters: "QP", colour: "#0f766e", accent: "#99f6e4" },
    about: {
      interview: ["quokka-pay-fintech-winter"],
      video: ["quokka-pay-profitability"],
    },
  },
  {
    slug: "northwind-lithium",
    name: "Northwind Lithium",
    ticker: "NWL",
    exchange: "ASX",
    sector: "materials",
    website: "https://northwindlithium.example",
    description: "Spodumene miner building its own lithium hydroxide refinery.",
    isClient: true,
    logo: { letters: "NL", colour: "#475569", accent: "#7dd3fc" },
    about: {
      video: ["northwind-offtake", "market-open-rate-pause"],
      interview: ["northwind-refinery-from-scratch"],
      blog: ["lithium-after-the-boom"],
      special_feature: ["domestic-battery-supply-chain"],
    },
  },
  {
    slug: "coralline-bank",
    name: "Coralline Bank",
    ticker: "CRL",
    exchange: "ASX",
    sector: "financials",
    website: "https://corallinebank.example",
    description: "Regional bank lending to households, farms and small businesses.",
    isClient: false,
    logo: { letters: "CB", colour: "#be123c", accent: "#fecdd3" },
    about: {
      video: ["coralline-bank-dividend", "market-open-rate-pause"],
      interview: ["coralline-chair-capital-culture-climate"],
      // A draft: named, but in no one's coverage until it is published.
      blog: ["bank-margins-peaked"],
    },
  },
  {
    slug: "atlas-data-centres",
    name: "Atlas Data Centres",
    ticker: "ATD",
    exchange: "ASX",
    sector: "real_estate",
    website: "https://atlasdatacentres.example",
    description: "Builds and leases hyperscale data-centre campuses.",
    isClient: false,
    logo: { letters: "AD", colour: "#4338ca", accent: "#a5b4fc" },
    about: {
      video: ["atlas-data-centres-campus", "market-open-rate-pause"],
      interview: ["atlas-power-land-hyperscale"],
    },
  },
  {
    slug: "greenfield-hydrogen",
    name: "Greenfield Hydrogen",
    ticker: "GH2",
    exchange: "ASX",
    sector: "energy",
    website: "https://greenfieldhydrogen.example",
    description: "Produces green hydrogen for fertiliser makers from its first commercial plant.",
    isClient: true,
    logo: { letters: "GH", colour: "#15803d", accent: "#bef264" },
    about: {
      interview: ["greenfield-pilot-to-plant"],
      video: ["greenfield-hydrogen-raise"],
      blog: ["how-capital-raisings-work"],
    },
  },
  {
    slug: "meridian-copper",
    name: "Meridian Copper",
    ticker: "MCU",
    exchange: "TSX",
    sector: "mining",
    website: "https://meridiancopper.example",
    description: "Copper producer with an open-pit mine and a development project in the Andes.",
    isClient: false,
    logo: { letters: "MC", colour: "#b45309", accent: "#fed7aa" },
    about: {
      video: ["meridian-copper-half-year"],
      special_feature: ["economics-of-a-copper-mine"],
    },
  },
  {
    slug: "lumen-robotics",
    name: "Lumen Robotics",
    ticker: "LMRB",
    exchange: "NASDAQ",
    sector: "industrials",
    website: "https://lumenrobotics.example",
    description: "Makes autonomous picking robots for warehouses.",
    isClient: false,
    logo: { letters: "LR", colour: "#6d28d9", accent: "#f9a8d4" },
    about: { video: ["lumen-robotics-warehouse-boom"] },
  },
  {
    slug: "solstice-renewables",
    name: "Solstice Renewables",
    ticker: "SLR",
    exchange: "ASX",
    sector: "utilities",
    website: "https://solsticerenewables.example",
    description: "Owns wind, solar and battery assets and sells power under long-term contracts.",
    isClient: false,
    logo: { letters: "SR", colour: "#c2410c", accent: "#fde68a" },
    about: {
      video: ["solstice-capital-markets-day"],
      blog: ["grid-is-the-bottleneck"],
    },
  },
  {
    slug: "larkspur-health",
    name: "Larkspur Health",
    ticker: "LKH",
    exchange: "NZX",
    sector: "healthcare",
    website: "https://larkspurhealth.example",
    description: "Telehealth and pathology services for regional patients.",
    isClient: true,
    logo: { letters: "LH", colour: "#0369a1", accent: "#a5f3fc" },
    about: { video: ["larkspur-health-turnaround"] },
  },
  {
    slug: "kestrel-energy",
    name: "Kestrel Energy",
    ticker: "KES",
    exchange: "LSE",
    sector: "energy",
    website: "https://kestrelenergy.example",
    description: "Oil and gas producer with offshore fields in the North Sea.",
    isClient: false,
    logo: { letters: "KE", colour: "#1e293b", accent: "#fb923c" },
    about: { video: ["kestrel-energy-capex-cut"] },
  },
  {
    slug: "blue-harbour-reit",
    name: "Blue Harbour REIT",
    ticker: "BHR",
    exchange: "ASX",
    sector: "real_estate",
    website: "https://blueharbourreit.example",
    description: "Owns office towers and business parks in Sydney and Melbourne.",
    isClient: false,
    logo: { letters: "BH", colour: "#1e3a8a", accent: "#93c5fd" },
    about: { video: ["blue-harbour-office-vacancies"] },
  },
  {
    slug: "orion-quantum",
    name: "Orion Quantum",
    ticker: "ORQM",
    exchange: "NASDAQ",
    sector: "technology",
    website: "https://orionquantum.example",
    description: "Builds quantum computers for research labs and banks; agreed to be acquired by Helios Semiconductor.",
    isClient: false,
    logo: { letters: "OQ", colour: "#312e81", accent: "#c4b5fd" },
    about: {
      video: ["orion-quantum-first-contract"],
      special_feature: ["helios-to-acquire-orion-quantum"],
    },
  },
];

/** PRODUCT.md "Media fields": the logo is a path to the site's own media. */
export function companyLogoUrl(slug: string): string {
  return `/media/companies/${slug}.svg`;
}

/**
 * A company's logo: its letters in white on a rounded square of its colour, over a short accent bar.
 * Plain and small (under 1 KB), readable at 48 px, and legible on light and dark pages alike.
 */
export function renderCompanyLogoSvg({ logo }: DemoCompany): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">`,
    `<rect width="64" height="64" rx="14" fill="${logo.colour}"/>`,
    `<rect x="16" y="47" width="32" height="4" rx="2" fill="${logo.accent}"/>`,
    `<text x="32" y="39" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff">${logo.letters}</text>`,
    `</svg>`,
    "",
  ].join("\n");
}
