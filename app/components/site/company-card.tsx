import type * as React from "react";

import { CardLink } from "~/components/site/card-link";
import { Icon } from "~/components/ui/icon";
import { companyPath } from "~/lib/disclosure";
import { cn } from "~/lib/utils";

/** A company as the public lists show it; the loader makes the labels (PRODUCT.md "Company pages"). */
export interface CompanyCardData {
  name: string;
  slug: string;
  /** 'ASX:IBG'. */
  tickerLabel: string;
  sectorLabel: string | null;
  logoUrl: string | null;
}

/**
 * A company's logo on a white tile (logos are drawn for light backgrounds), or a building when it has none.
 * Decorative: the company's name always sits beside it.
 */
export function CompanyLogo({
  src,
  size = "md",
  priority = false,
  className,
}: {
  src: string | null;
  size?: "md" | "lg";
  /** The page's main picture: loaded at once. */
  priority?: boolean;
  className?: string;
}) {
  const pixels = size === "lg" ? 96 : 56;
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-white",
        size === "lg" ? "size-20 sm:size-24" : "size-14",
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={pixels}
          height={pixels}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="size-full object-contain p-1.5"
        />
      ) : (
        <Icon name="building-complex" className={cn("text-slate-500", size === "lg" ? "size-9" : "size-6")} />
      )}
    </span>
  );
}

/** One company in a public list: logo, name (the link to its page, covering the card), ticker and sector. */
export function CompanyCard({ company, children }: { company: CompanyCardData; children?: React.ReactNode }) {
  return (
    <article className="group relative flex h-full items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <CompanyLogo src={company.logoUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="leading-snug font-semibold text-pretty">
          <CardLink to={companyPath(company.slug)} prefetch="intent">
            {company.name}
          </CardLink>
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span className="font-mono text-xs font-medium text-foreground">{company.tickerLabel}</span>
          {company.sectorLabel ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{company.sectorLabel}</span>
            </>
          ) : null}
        </p>
        {children}
      </div>
    </article>
  );
}
