import type * as React from "react";

import { Pager } from "~/components/pager";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/** An admin inbox page (messages, subscribers): heading with counts, CSV export, the rows and the pager. */
export function InboxPage({
  title,
  summary,
  csvHref,
  total,
  page,
  totalPages,
  children,
}: {
  title: string;
  summary: React.ReactNode;
  csvHref: string;
  total: number;
  page: number;
  totalPages: number;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{summary}</p>
        </div>
        {/* Nothing to export: the button stays visible but inert. */}
        {total === 0 ? (
          <span aria-disabled="true" className={cn(buttonVariants({ variant: "outline" }), "pointer-events-none opacity-50")}>
            <Icon name="download" />
            Export CSV
          </span>
        ) : (
          <a className={buttonVariants({ variant: "outline" })} href={csvHref} download>
            <Icon name="download" />
            Export CSV
          </a>
        )}
      </div>
      {children}
      <Pager page={page} totalPages={totalPages} />
    </div>
  );
}
