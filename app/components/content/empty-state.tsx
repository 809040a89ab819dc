import type * as React from "react";

import { Icon, type IconName } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/** A calm 'nothing here' panel: icon, headline, optional explanation and action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
  headingLevel = "h2",
}: {
  icon: IconName;
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  headingLevel?: "h1" | "h2";
}) {
  const Heading = headingLevel;
  return (
    <div className={cn("flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center", className)}>
      <Icon name={icon} className="size-10 text-muted-foreground" />
      <Heading className={cn("font-semibold", headingLevel === "h1" ? "text-2xl" : "text-lg")}>{title}</Heading>
      {children ? <div className="max-w-md text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
