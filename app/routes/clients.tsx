import { Link } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { buttonVariants } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { pageMeta } from "~/server/seo.server";

export function loader() {
  return {
    meta: pageMeta({
      title: "Clients | MarketWire",
      description: "The listed companies and investor relations teams MarketWire works with.",
      path: "/clients",
      ogType: "website",
      feeds: ["all"],
    }),
  };
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

// PRODUCT.md "Public pages": the client groups are placeholders.
const CLIENT_GROUPS: { icon: IconName; title: string; text: string }[] = [
  { icon: "gem", title: "ASX-listed miners", text: "Explorers and producers in gold, lithium, copper and critical minerals." },
  { icon: "cpu", title: "Tech growth", text: "Software, semiconductor and fintech companies scaling on public markets." },
  {
    icon: "heart-pulse",
    title: "Healthcare & biotech",
    text: "Drug developers, med-tech and healthcare services with milestones to explain.",
  },
  { icon: "zap", title: "Energy transition", text: "Renewables, storage and the utilities investing in the grid of tomorrow." },
  { icon: "landmark", title: "Financial services", text: "Banks, insurers, asset managers and listed investment companies." },
  { icon: "factory", title: "Industrials", text: "Manufacturers, infrastructure and logistics businesses with long-term stories." },
];

export default function Clients() {
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="clients-title">
      <PageIntro id="clients-title" eyebrow="Clients" title="Our Clients">
        <p>
          We work with listed companies of every size and their investor relations teams, helping them reach the investors who want to hear
          from them.
        </p>
      </PageIntro>

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {CLIENT_GROUPS.map(({ icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon name={icon} className="size-5" />
            </span>
            <div>
              <h2 className="mb-1 font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>

      <aside
        aria-labelledby="clients-cta"
        className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="clients-cta" className="text-xl font-semibold">
            Want investors to hear your story?
          </h2>
          <p className="mt-1 opacity-90">Tell us about your company and we'll suggest the right format.</p>
        </div>
        <Link to="/contact" className={buttonVariants({ variant: "secondary", size: "lg" })}>
          Contact us
        </Link>
      </aside>
    </section>
  );
}
