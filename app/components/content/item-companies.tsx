import { Link } from "react-router";

import { FollowButton } from "~/components/site/follow-button";
import { companyPath, tickerLabel, type Disclosure, type ItemCompany } from "~/lib/disclosure";
import { formatDate } from "~/lib/format";

/*
 * PRODUCT.md "Paid promotion": what an item's page shows about the companies it names and who paid for it.
 * Every public detail page loads this module, and two of them sit at their first-load budget (PRODUCT.md
 * "Speed"): plain markup only, no `cn`, no icons.
 */

/**
 * The companies an item names, each a link to its page named with the company and its ticker ('Ironbark Gold
 * ASX:IBG') and a Follow button beside it (PRODUCT.md "Following and alerts").
 */
export function ItemCompanies({ companies }: { companies: ItemCompany[] }) {
  if (companies.length === 0) return null;
  return (
    <ul aria-label="Companies" className="flex flex-wrap gap-2">
      {companies.map((company) => (
        <li key={company.slug} className="inline-flex items-center gap-1">
          <Link
            to={companyPath(company.slug)}
            className="inline-flex gap-1.5 rounded-full border px-3 py-1 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {company.name} <span className="text-muted-foreground">{tickerLabel(company)}</span>
          </Link>
          <FollowButton companyId={company.id} companyName={company.name} compact />
          {company.sincePublished ? <span className="text-xs text-muted-foreground">{company.sincePublished}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A paid item's disclosure, shown before its content. */
export function PaidPromotion({ disclosure }: { disclosure: Disclosure | null }) {
  if (!disclosure) return null;
  return (
    <section aria-labelledby="paid-promotion" className="rounded-lg border border-amber-500/50 bg-amber-500/10 px-4 py-3 text-sm">
      <h2 id="paid-promotion" className="font-semibold">
        Paid promotion
      </h2>
      <p className="mt-1">{disclosure.statement}</p>
      {disclosure.note ? <p className="mt-1">{disclosure.note}</p> : null}
      {disclosure.agreed ? <p className="mt-1 text-muted-foreground">Agreement dated {disclosure.agreed}.</p> : null}
    </section>
  );
}

/**
 * PRODUCT.md "Revisions": that a published piece was changed, when, and each correction with its date, after
 * the content. Nothing for a piece never changed since it was published.
 */
export function ItemUpdates({ updated, corrections }: { updated: string | null; corrections: { at: string; note: string }[] }) {
  if (!updated && corrections.length === 0) return null;
  return (
    <section aria-label="Updates" className="space-y-2 border-t pt-4 text-sm">
      {updated ? (
        <p className="text-muted-foreground">
          Updated <time dateTime={updated}>{formatDate(updated, "long")}</time>.
        </p>
      ) : null}
      {corrections.map((correction) => (
        <p key={correction.at}>
          <span className="font-semibold">
            Correction, <time dateTime={correction.at}>{formatDate(correction.at, "long")}</time>:
          </span>{" "}
          {correction.note}
        </p>
      ))}
    </section>
  );
}

/** The notice that ends the page of an item naming a company (null: none). */
export function InvestmentNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="note" aria-label="Investment notice" className="border-t pt-4 text-xs text-muted-foreground">
      {text}
    </p>
  );
}
