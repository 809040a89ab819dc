import type { ReactNode } from "react";
import { Link } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * The last cell of an admin list row (PRODUCT.md "Admin lists"): any extra control (the feature button),
 * then Edit (a link to the row's edit screen) and Delete (which opens the list's confirmation).
 */
export function RowActions({
  name,
  editHref,
  onDelete,
  children,
}: {
  name: string;
  editHref: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-end gap-0.5 sm:gap-1">
      {children}
      <Link to={editHref} className={buttonVariants({ variant: "ghost", size: "icon-row" })} aria-label={`Edit ${name}`} title="Edit">
        <Icon name="pencil" />
      </Link>
      <Button type="button" variant="ghost-destructive" size="icon-row" aria-label={`Delete ${name}`} title="Delete" onClick={onDelete}>
        <Icon name="trash" />
      </Button>
    </div>
  );
}
