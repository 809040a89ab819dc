import type * as React from "react";

import { Icon, type IconName } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/**
 * A row of small facts (date, read time, views …), each with an icon. Empty items are skipped. The icon
 * sits inside the `<dt>` beside the spoken label: a `<dl>` group may only hold `<dt>` and `<dd>`.
 */
export function MetaList({
  items,
  className,
}: {
  items: ({ icon: IconName; label: string; value: React.ReactNode } | null | false)[];
  className?: string;
}) {
  const shown = items.filter((item): item is { icon: IconName; label: string; value: React.ReactNode } => Boolean(item));
  if (shown.length === 0) return null;
  return (
    <dl className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground", className)}>
      {shown.map(({ icon, label, value }) => (
        <div key={label} className="flex items-center gap-1.5">
          <dt className="shrink-0">
            <Icon name={icon} className="size-4" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A `<time>` element with the machine-readable date. */
export function DateTime({ value, children }: { value: Date | string | null | undefined; children: React.ReactNode }) {
  if (value == null) return null;
  const iso = value instanceof Date ? value.toISOString() : value;
  return <time dateTime={iso}>{children}</time>;
}
