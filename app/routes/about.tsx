import { Link } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { buttonVariants } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { sitePageMeta } from "~/server/seo/seo.server";

export function loader() {
  return {
    meta: sitePageMeta({
      title: "About | MarketWire",
      description: "MarketWire connects investors with listed companies through interviews, podcasts and market insights.",
      path: "/about",
    }),
  };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

const PILLARS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "users",
    title: "For investors",
    text: "Hear directly from the people running listed companies, in plain language, without the noise.",
  },
  {
    icon: "building-complex",
    title: "For companies",
    text: "Tell your story to an engaged audience of retail and professional investors, on your schedule.",
  },
  {
    icon: "chart-line",
    title: "Market insight",
    text: "Daily analysis, special reports and deep dives that put the numbers and the news in context.",
  },
];

/** PRODUCT.md "Public pages", About: an image placeholder. Drawn inline so the page depends on no media file. */
function MarketIllustration() {
  return (
    <svg viewBox="0 0 480 320" aria-hidden="true" className="h-auto w-full">
      <rect width="480" height="320" rx="16" className="fill-muted" />
      {[80, 140, 200, 260].map((y) => (
        <line key={y} x1="40" x2="440" y1={y} y2={y} className="stroke-border" strokeWidth="1" />
      ))}
      {[
        [70, 210, 170, 240],
        [110, 190, 150, 225],
        [150, 200, 140, 215],
        [190, 160, 120, 190],
        [230, 170, 130, 200],
        [270, 130, 100, 160],
        [310, 140, 95, 150],
        [350, 110, 80, 135],
        [390, 95, 70, 120],
      ].map(([x, top, high, bottom], i) => (
        <g key={x} className={i % 3 === 2 ? "fill-destructive/70 stroke-destructive/70" : "fill-gain stroke-gain"}>
          <line x1={x} x2={x} y1={high} y2={bottom + 15} strokeWidth="2" />
          <rect x={x - 9} y={top - 20} width="18" height={bottom - top + 20} rx="2" />
        </g>
      ))}
      <polyline
        points="60,230 110,205 150,212 190,175 230,180 270,140 310,138 350,112 400,92 440,80"
        fill="none"
        className="stroke-primary"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="440" cy="80" r="7" className="fill-primary" />
    </svg>
  );
}

export default function About() {
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="about-title">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <PageIntro id="about-title" eyebrow="About us" title="About MarketWire" tight>
            <p>We connect investors with listed companies through market insights.</p>
          </PageIntro>
          <div className="flex max-w-2xl flex-col gap-4 text-muted-foreground">
            <p>
              MarketWire is a financial media company. Through video interviews, podcasts, articles and special features, we give company
              leaders a direct line to the investors who follow them, and give investors the context they need to make up their own minds.
            </p>
            <p>
              Our editorial team covers resources, technology, healthcare, energy and financial services, from early stage growth stories to
              established market leaders. Everything we publish is free to read, watch and listen to.
            </p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/programme" className={buttonVariants()}>
              Explore the programme
            </Link>
            <Link to="/contact" className={buttonVariants({ variant: "outline" })}>
              Contact us
            </Link>
          </div>
        </div>
        <figure className="overflow-hidden rounded-2xl border bg-card p-3 shadow-sm">
          <MarketIllustration />
          <figcaption className="px-2 pt-3 pb-1 text-sm text-muted-foreground">Insight that moves with the market.</figcaption>
        </figure>
      </div>

      <h2 className="mt-16 mb-6 text-2xl font-semibold tracking-tight">What we do</h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {PILLARS.map(({ icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
            <Icon name={icon} className="mb-3 size-8 text-primary" />
            <h3 className="mb-2 font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
