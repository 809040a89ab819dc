import * as React from "react";

import { cn } from "~/lib/utils";

/**
 * A small menu on the browser's own popover (no script needed to open it, Escape and a click outside
 * close it, focus returns to the button). Pairs a trigger with its panel through CSS anchor positioning;
 * where that is missing, the panel sits at the top right under the header (see `.popover-menu` in
 * app.css). Used by the header's theme and account menus, which must stay light on public pages.
 */
export function PopoverMenuTrigger({
  menuId,
  className,
  style,
  ...props
}: Omit<React.ComponentProps<"button">, "popoverTarget" | "type"> & { menuId: string }) {
  return (
    <button
      type="button"
      popoverTarget={menuId}
      aria-haspopup="true"
      className={cn("popover-menu-trigger", className)}
      // The anchor name goes through a custom property (applied in app.css): the HTML checker does not
      // know the anchor-positioning properties in a style attribute yet.
      style={{ "--popover-anchor": `--${menuId}`, ...style } as React.CSSProperties}
      {...props}
    />
  );
}

export function PopoverMenu({ id, className, style, onClick, ...props }: Omit<React.ComponentProps<"div">, "popover"> & { id: string }) {
  return (
    <div
      id={id}
      popover="auto"
      // A named set of controls; a plain div may not carry aria-label.
      role="group"
      className={cn("popover-menu rounded-md border bg-popover p-1 text-popover-foreground shadow-lg", className)}
      style={{ "--popover-anchor": `--${id}`, ...style } as React.CSSProperties}
      // A choice made inside the menu closes it (a client-side navigation would leave it open).
      onClick={(event) => {
        onClick?.(event);
        if ((event.target as HTMLElement).closest("a[href], button")) event.currentTarget.hidePopover?.();
      }}
      {...props}
    />
  );
}

/** One row of a popover menu: a link or a button, styled alike. */
export const popoverMenuItemClass =
  "flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";
