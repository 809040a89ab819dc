import type * as React from "react";

import { cn } from "~/lib/utils";

/** The width and padding every public content page uses inside the site shell. */
export const PAGE_CONTAINER = "mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14";

/** A page's heading block: small eyebrow label, the h1 and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  children,
  className,
  id,
  tight = false,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  className?: string;
  id?: string;
  /** Less space below (a page whose next block sits close, like the about page's). */
  tight?: boolean;
}) {
  return (
    <header className={cn("max-w-3xl", tight ? "mb-6" : "mb-8 lg:mb-10", className)}>
      {eyebrow ? <p className="mb-2 text-xs font-semibold tracking-widest text-primary uppercase">{eyebrow}</p> : null}
      <h1 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      {children ? <div className="mt-3 text-base text-muted-foreground sm:text-lg">{children}</div> : null}
    </header>
  );
}
