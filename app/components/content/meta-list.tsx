import type * as React from "react";

import { Icon, type IconName } from "~/components/ui/icon";
import { formatCount, formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";

export interface MetaItem {
  icon: IconName;
  label: string;
  value: React.ReactNode;
  /** Attributes of the value's `<dd>` (a live counter's test id and exact count). */
  valueProps?: React.ComponentProps<"dd"> & Record<`data-${string}`, string | number>;
}

/** The row's and each term's classes: cards and articles by default (see MEDIA_FACTS for the media pages). */
export interface MetaListClasses {
  list: string;
  term?: string;
}

const CARD_FACTS: MetaListClasses = { list: "flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground", term: "shrink-0" };

/**
 * A row of small facts (date, read time, views …), each with an icon. Empty items are skipped. The icon
 * sits inside the `<dt>` beside the spoken label: a `<dl>` group may only hold `<dt>` and `<dd>`.
 */
export function MetaList({
  items,
  className,
  size = "sm",
  classes = CARD_FACTS,
}: {
  items: (MetaItem | null | false)[];
  className?: string;
  /** The text size: `xs` under an article card. */
  size?: "sm" | "xs";
  classes?: MetaListClasses;
}) {
  const shown = items.filter((item): item is MetaItem => Boolean(item));
  if (shown.length === 0) return null;
  return (
    <dl className={cn(classes.list, size === "xs" ? "text-xs" : "text-sm", className)}>
      {shown.map(({ icon, label, value, valueProps }) => (
        <div key={label} className="flex items-center gap-1.5">
          <dt className={classes.term}>
            <Icon name={icon} className="size-4" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd {...valueProps}>{value}</dd>
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

/** The 'Views' fact of an interview or special feature, on its card and its page. */
export function viewsItem(views: number): MetaItem {
  return { icon: "eye", label: "Views", value: formatCount(views, "view") };
}

/** The 'Published' fact of a card or article, or nothing for an item without a date. */
export function publishedItem(value: Date | string | null, style?: "long"): MetaItem | null {
  return value ? { icon: "calendar-days", label: "Published", value: <DateTime value={value}>{formatDate(value, style)}</DateTime> } : null;
}
