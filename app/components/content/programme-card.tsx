import type * as React from "react";
import { Link } from "react-router";

import type { IconName } from "~/components/ui/icon";

import { ContentImage } from "./content-image";
import { PaidLabel } from "./paid-label";

/** Links that leave the site. */
export const EXTERNAL_LINK = { target: "_blank", rel: "noopener noreferrer" } as const;

/**
 * One interview or special feature on its programme page, at its anchor `#{id}`; the title leads to the
 * item's own page, `href` (PRODUCT.md "Discovery"). `kicker` stands above the title.
 */
export function ProgrammeCard({
  kind,
  id,
  title,
  href,
  imageUrl,
  icon,
  bodyClassName,
  kicker,
  paid = false,
  children,
}: {
  kind: "interview" | "feature";
  id: string;
  title: string;
  href: string;
  imageUrl: string | null;
  icon: IconName;
  bodyClassName: string;
  kicker: React.ReactNode;
  /** PRODUCT.md "Paid promotion": the label above everything else. */
  paid?: boolean;
  children: React.ReactNode;
}) {
  const headingId = `${kind}-${id}-title`;
  return (
    <article
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm target:ring-2 target:ring-primary md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      {/* Full width on phones; from md an inset picture that keeps its 16:9 ratio beside the text. */}
      <ContentImage src={imageUrl} alt="" icon={icon} className="md:m-5 md:mr-0 md:self-start md:rounded-lg md:border" />
      <div className={bodyClassName}>
        {paid ? <PaidLabel /> : null}
        {kicker}
        <h2 id={headingId} className="text-xl leading-snug font-semibold text-balance">
          <Link
            to={href}
            prefetch="intent"
            className="rounded-sm outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {title}
          </Link>
        </h2>
        {children}
      </div>
    </article>
  );
}
