import { Link } from "react-router";

import { EmptyState } from "~/components/content/empty-state";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { CompanyCard } from "~/components/site/company-card";
import { buttonVariants } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { listClientCompanies } from "~/server/companies/company-pages.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/clients";

export async function loader({ request }: Route.LoaderArgs) {
  const meta = sitePageMeta({
    title: "Clients | MarketWire",
    description: "The listed companies and investor relations teams MarketWire works with.",
    path: "/clients",
  });
  return loadPublicList(request, "clients", async () => ({ clients: await listClientCompanies() }), { clients: [] }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { ok, clients } = loaderData;
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="clients-title">
      <PageIntro id="clients-title" eyebrow="Clients" title="Our Clients">
        <p>
          We work with listed companies of every size and their investor relations teams, helping them reach the investors who want to hear
          from them.{" "}
          <Link
            to="/companies"
            className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            See every company we cover
          </Link>
          .
        </p>
      </PageIntro>

      {/* PRODUCT.md "Company pages": every client company, A–Z, each leading to its page. */}
      {!ok ? (
        <EmptyState icon="triangle-alert" title="Failed to load clients. Please try again later." />
      ) : clients.length === 0 ? (
        <EmptyState icon="building-complex" title="No clients listed yet.">
          <p>The companies we work with will be listed here.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Client companies">
          {clients.map((company) => (
            <li key={company.slug}>
              <CompanyCard company={company} />
            </li>
          ))}
        </ul>
      )}

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
