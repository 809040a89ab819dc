import type * as React from "react";
import { Link } from "react-router";

import type { IconName } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";

import { ContentImage } from "./content-image";
import { DateTime } from "./meta-list";
import { PaidLabel } from "./paid-label";

/** The sidebar's classes: the boxed cards of most item pages by default (podcasts pass their own). */
export interface RelatedListClasses {
  aside?: string;
  box: string;
  heading: string;
  list: string;
  item?: string;
}

const BOXED_CARDS: RelatedListClasses = {
  aside: "lg:sticky lg:top-24 lg:self-start",
  box: "rounded-xl border bg-card p-5 shadow-sm",
  heading: "mb-4 text-lg font-semibold",
  list: "flex flex-col gap-4",
};

/**
 * An item page's sidebar (PRODUCT.md "Detail pages"): the other items of its type under a heading, or a
 * line saying there are none.
 */
export function RelatedList<Item extends { id: string }>({
  id,
  title,
  empty,
  items,
  classes = BOXED_CARDS,
  children,
}: {
  /** The heading's id, which names the sidebar. */
  id: string;
  title: string;
  empty: string;
  items: Item[];
  classes?: RelatedListClasses;
  children: (item: Item) => React.ReactNode;
}) {
  return (
    <aside aria-labelledby={id} className={classes.aside}>
      <div className={classes.box}>
        <h2 id={id} className={classes.heading}>
          {title}
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className={classes.list}>
            {items.map((item) => (
              <li key={item.id} className={classes.item}>
                {children(item)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

/** A related item as one link: its picture, its title and the facts below it (the compact VideoCard's shape). */
export function RelatedCard({
  to,
  image,
  icon,
  title,
  paid = false,
  focusRing = true,
  children,
}: {
  to: string;
  /** PRODUCT.md "Paid promotion": the item was paid for; the label comes first. */
  paid?: boolean;
  image: string | null;
  /** The placeholder's icon for an item without a picture. */
  icon?: IconName;
  title: string;
  focusRing?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className={
        focusRing ? "group flex gap-3 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" : "group flex gap-3"
      }
    >
      <ContentImage src={image} alt="" icon={icon} rounded="rounded-md" className="w-24 shrink-0 border" />
      <span className="flex min-w-0 flex-col gap-1">
        {paid ? <PaidLabel /> : null}
        <span className="line-clamp-3 text-sm leading-snug font-medium group-hover:text-primary group-hover:underline">{title}</span>
        {children}
      </span>
    </Link>
  );
}

/** A related item's publication date, or nothing for an item without one. */
export function RelatedDate({ value }: { value: Date | string | null }) {
  return value ? (
    <span className="text-xs text-muted-foreground">
      <DateTime value={value}>{formatDate(value)}</DateTime>
    </span>
  ) : null;
}
